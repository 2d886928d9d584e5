import Basics

/// A vertical bar chart over categories, with one or more series grouped side by side or stacked,
/// written as a standalone SVG document that can also be inlined in HTML.
///
/// Fluid like ``LineChart``: drawn at any width, its text stays 12 px. Each series has its colour
/// and, after the first, a stripe pattern of its own, repeated in the legend, so the chart never
/// relies on colour alone; each bar carries a `<title>` with its category, series and value, which
/// browsers show on hover. The SVG has `role="img"`, a `<title>` and a `<desc>`. The output
/// depends only on the input.
public struct BarChart: Sendable {
    /// One series: a name for the legend, a CSS colour and one value per category (nil: none).
    public struct Series: Sendable, Equatable {
        public var name: String
        public var color: String
        public var values: [Double?]

        public init(name: String, color: String, values: [Double?]) {
            self.name = name
            self.color = color
            self.values = values
        }
    }

    public var title: String
    public var description: String
    public var xLabel: String
    public var yLabel: String
    /// The categories along the x axis, in order.
    public var categories: [String]
    public var series: [Series]
    /// Stack the series' bars on each other instead of side by side.
    public var stacked: Bool
    /// Prefix for the ids of `<title>`, `<desc>` and patterns, unique on the page.
    public var idPrefix: String
    public var width: Double
    public var height: Double
    /// Formats values in tick labels and bar titles.
    public var valueLabel: @Sendable (Double) -> String

    public init(
        title: String, description: String, xLabel: String, yLabel: String, categories: [String], series: [Series],
        stacked: Bool = false, idPrefix: String, width: Double = 640, height: Double = 320,
        valueLabel: @escaping @Sendable (Double) -> String = SVGText.number
    ) {
        self.title = title
        self.description = description
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.categories = categories
        self.series = series
        self.stacked = stacked
        self.idPrefix = idPrefix
        self.width = width
        self.height = height
        self.valueLabel = valueLabel
    }

    /// At most this many category labels are written under the axis; with more categories every
    /// n-th is labelled (each bar's title still names its category).
    public static let labelledCategoryLimit = 8

    /// The SVG document.
    public func svg() -> String {
        let frame = ChartFrame(height: height, legendNames: series.map(\.name))
        let (low, high) = valueRange()
        let ticks = ChartFrame.niceTicks(low: low, high: high)
        let y = { (value: Double) in frame.y(value, ticks: ticks) }
        var out = SVGText.documentStart(
            className: "bar-chart", width: width, height: frame.height, scalable: false,
            idPrefix: idPrefix, title: title, description: description
        )
        out += patterns()
        out += frame.legend(series.enumerated().map { index, line in
            "<rect x=\"0\" y=\"-6\" width=\"\(n(ChartFrame.swatchWidth))\" height=\"12\" style=\"fill: \(fill(index))\"/>"
                + "<text x=\"\(n(ChartFrame.swatchWidth + 6))\" y=\"4\" style=\"fill: var(--fg, #18181b)\">\(HTML.escape(line.name))</text>"
        })
        out += frame.grid(ticks)
        out += frame.plotStart()
        let slot = ChartFrame.plotUnits / Double(max(categories.count, 1))
        let groupWidth = slot * 0.8
        let barWidth = stacked ? groupWidth : groupWidth / Double(max(series.count, 1))
        for (category, name) in categories.enumerated() {
            var positive = 0.0, negative = 0.0
            for (index, line) in series.enumerated() {
                guard category < line.values.count, let value = line.values[category], value.isFinite else { continue }
                let base: Double
                if stacked {
                    base = value >= 0 ? positive : negative
                    if value >= 0 { positive += value } else { negative += value }
                } else {
                    base = 0
                }
                let top = y(base + value) - frame.plotTop, bottom = y(base) - frame.plotTop
                let x = Double(category) * slot + (slot - groupWidth) / 2 + (stacked ? 0 : Double(index) * barWidth)
                out += "<rect x=\"\(n(x))\" y=\"\(n(min(top, bottom)))\" width=\"\(n(barWidth))\" height=\"\(n(abs(bottom - top)))\""
                out += " style=\"fill: \(fill(index))\"><title>\(HTML.escape("\(name) · \(line.name): \(valueLabel(value))"))</title></rect>\n"
            }
        }
        out += "</svg>\n"
        let step = max(1, Int((Double(categories.count) / Double(Self.labelledCategoryLimit)).rounded(.up)))
        out += frame.xAxis(
            labels: categories.enumerated().compactMap { index, name in
                index % step == 0 ? ((Double(index) + 0.5) / Double(max(categories.count, 1)), name) : nil
            },
            zero: y(0), title: xLabel
        )
        out += frame.yAxis(ticks, label: valueLabel, title: yLabel)
        return out + "</svg>\n"
    }

    /// The lowest and highest values drawn (stacks summed), always including 0.
    private func valueRange() -> (Double, Double) {
        var low = 0.0, high = 0.0
        for category in categories.indices {
            var positive = 0.0, negative = 0.0
            for line in series where category < line.values.count {
                guard let value = line.values[category], value.isFinite else { continue }
                if stacked {
                    if value >= 0 { positive += value } else { negative += value }
                } else {
                    high = max(high, value)
                    low = min(low, value)
                }
            }
            high = max(high, positive)
            low = min(low, negative)
        }
        return (low, high)
    }

    private func patternID(_ index: Int) -> String {
        HTML.escape("\(idPrefix)-pattern-\(index + 1)")
    }

    /// A stripe pattern per series after the first, at its own angle, over the series' colour.
    private func patterns() -> String {
        guard series.count > 1 else { return "" }
        var out = "<defs>\n"
        for index in series.indices.dropFirst() {
            let angle = [45, -45, 0, 90, 30][(index - 1) % 5]
            out += "<pattern id=\"\(patternID(index))\" patternUnits=\"userSpaceOnUse\" width=\"6\" height=\"6\" patternTransform=\"rotate(\(angle))\">"
            out += "<rect width=\"6\" height=\"6\" style=\"fill: \(HTML.escape(series[index].color))\"/>"
            out += "<rect width=\"2\" height=\"6\" style=\"fill: var(--card, #fff); fill-opacity: 0.55\"/></pattern>\n"
        }
        return out + "</defs>\n"
    }

    private func fill(_ index: Int) -> String {
        index == 0 ? HTML.escape(series[index].color) : "url(#\(patternID(index)))"
    }

    private func n(_ value: Double) -> String { SVGText.number(value) }
}
