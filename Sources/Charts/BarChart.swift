import Basics

/// A vertical bar chart over categories, with one or more series grouped side by side or stacked,
/// inlined in a page and written as a standalone SVG file.
///
/// Fluid like ``LineChart`` (see ``ChartFrame``): drawn at any width, its text stays 12 px and the
/// value axis's numbers stand beside the plot. Each series has its colour and, after the first, a
/// stripe pattern of its own, repeated in the legend, so the chart never relies on colour alone;
/// each bar carries a `<title>` with its category, series and value (hover, without script), and
/// the chart carries every value as text for the page's chart script (``ChartTips``: on hover, tap
/// and with the arrow keys). The SVG has `role="img"`, a `<title>` and a `<desc>`. The output
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
    /// The whole drawing's width in the standalone file; on a page the chart takes the width CSS gives it.
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

    /// The chart as inlined on a page (fluid; see ``ChartFrame``).
    public func svg() -> String {
        drawing().inline
    }

    /// The chart inlined on a page and as its standalone file (``width`` wide).
    public func drawing() -> (inline: String, file: String) {
        let (low, high) = valueRange()
        let scale = ValueScale(covering: [low, high])
        let (places, legendHeight) = ChartFrame.legendPlaces(series.count > 1 ? series.map(\.name) : [])
        let frame = ChartFrame(valueLabels: scale.ticks.map(valueLabel), rightGutter: 0, headerHeight: legendHeight, height: height, fileWidth: width)
        let y = { (value: Double) in frame.y(value, on: scale) }
        var content = patterns()
        content += frame.legend(series.indices.map { index in
            "<rect x=\"0\" y=\"-6\" width=\"\(n(ChartFrame.swatchWidth))\" height=\"12\" style=\"fill: \(fill(index))\"/>"
                + ChartFrame.legendName(series[index].name)
        }, places: places)
        content += frame.grid(scale)
        content += frame.positionAxis(ChartFrame.categoryTicks(categories.map { $0.count > 14 ? String($0.prefix(13)) + "…" : $0 }), title: xLabel)
        content += frame.plotStart()
        let slot = ChartFrame.plotUnits / Double(max(categories.count, 1))
        let groupWidth = slot * 0.8
        let barWidth = stacked ? groupWidth : groupWidth / Double(max(series.count, 1))
        var columns: [ChartTips.Column] = []
        for (category, name) in categories.enumerated() {
            var positive = 0.0, negative = 0.0
            var entries: [ChartTips.Entry?] = []
            for (index, line) in series.enumerated() {
                guard category < line.values.count, let value = line.values[category], value.isFinite else {
                    entries.append(nil)
                    continue
                }
                let base: Double
                if stacked {
                    base = value >= 0 ? positive : negative
                    if value >= 0 { positive += value } else { negative += value }
                } else {
                    base = 0
                }
                let top = y(base + value) - frame.plotTop, bottom = y(base) - frame.plotTop
                let x = Double(category) * slot + (slot - groupWidth) / 2 + (stacked ? 0 : Double(index) * barWidth)
                content += "<rect x=\"\(n(x))\" y=\"\(n(min(top, bottom)))\" width=\"\(n(barWidth))\" height=\"\(n(abs(bottom - top)))\""
                content += " style=\"fill: \(fill(index))\"><title>\(HTML.escape("\(name) · \(line.name): \(valueLabel(value))"))</title></rect>\n"
                entries.append(ChartTips.Entry(y: y(base + value), text: valueLabel(value)))
            }
            columns.append(ChartTips.Column(fraction: (Double(category) + 0.5) / Double(categories.count), label: "\(xLabel): \(name)", entries: entries))
        }
        content += "</svg>\n"
        if low < 0 {
            let zero = n(y(0))
            content += "<line class=\"zero\" x1=\"0\" y1=\"\(zero)\" x2=\"100%\" y2=\"\(zero)\" style=\"stroke: var(--muted, #52525b); stroke-width: 1\"/>\n"
        }
        content += frame.valueAxis(scale, label: valueLabel, title: yLabel)
        let tips = ChartTips(plotTop: frame.plotTop, plotBottom: frame.plotBottom, names: series.map(\.name), colors: series.map(\.color), columns: columns)
        return frame.document(className: "bar-chart", idPrefix: idPrefix, title: title, description: description, attributes: tips.attribute, content: content)
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
