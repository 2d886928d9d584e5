import Basics

/// A multi-series line chart, inlined in a page and written as a standalone SVG file.
///
/// Read to the value: each line is named at its right end where the names fit (a legend above
/// the plot otherwise); a series may carry an interval, drawn as a shaded band around its line and
/// never below ``bandFloor``; the value axis's numbers stand in a gutter left of the plot, never
/// over the data; the x axis is numeric or a list of categories drawn evenly spaced. Every point of
/// a sparse series has a marker with a `<title>` (its value on hover, without script), and the
/// chart carries every value as text (``ChartTips``) for the page's chart script, which shows them
/// on hover, on tap and with the arrow keys.
///
/// Never colour alone: every sparse series has its own dash pattern and point marker, and a dense
/// one (see ``markedPointLimit``) is a solid line whose name stands at its end, the first of
/// several shaded down to the axis. The drawing is fluid (see ``ChartFrame``): at any width its
/// text stays 12 px. The SVG carries `role="img"`, a `<title>` and a `<desc>` referenced by
/// `aria-labelledby`, with ids made unique on the page by ``idPrefix``. The output depends only on
/// the input.
public struct LineChart: Sendable {
    /// One data point.
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// One line: a name, a CSS colour, points in increasing `x`, and optionally an interval
    /// around each point (a confidence interval), drawn as a shaded band.
    public struct Series: Sendable, Equatable {
        public var name: String
        /// Any CSS colour; use ``LineChart/color(_:)`` for the site's series colours.
        public var color: String
        public var points: [Point]
        /// The interval at each point, in the order of ``points``; empty for none (a list of
        /// another length is not drawn).
        public var interval: [ClosedRange<Double>]
        /// The band's name (`95% CI`), shown beside it.
        public var intervalName: String

        public init(name: String, color: String, points: [Point], interval: [ClosedRange<Double>] = [], intervalName: String = "") {
            self.name = name
            self.color = color
            self.points = points
            self.interval = interval
            self.intervalName = intervalName
        }

        /// True when the series has an interval for every point.
        public var hasBand: Bool { !interval.isEmpty && interval.count == points.count }
    }

    /// The chart's accessible name.
    public var title: String
    /// A sentence or two saying what the chart shows, for screen readers.
    public var description: String
    /// The title under the x axis, with its unit (`Time (s)`).
    public var xLabel: String
    /// The title above the value axis, with its unit (`Mean wait (s)`).
    public var yLabel: String
    /// The lines, drawn in order.
    public var series: [Series]
    /// Step interpolation: a value holds until the next point's `x`, then jumps.
    public var step: Bool
    /// Prefix for the ids of `<title>` and `<desc>`, unique on the page (e.g. `juice-1-stock`).
    public var idPrefix: String
    /// The whole drawing's width in the standalone file; on a page the chart takes the width CSS
    /// gives it.
    public var width: Double
    /// The height in pixels (grown when a legend needs more room).
    public var height: Double
    /// The smallest gap between x ticks, e.g. 1 when x counts steps and `0.5` would mean nothing.
    public var xMinimumTickStep: Double
    /// The smallest gap between y ticks, e.g. 1 when y counts things.
    public var yMinimumTickStep: Double
    /// Formats tick values on the x axis.
    public var xTickLabel: @Sendable (Double) -> String
    /// Formats tick values on the y axis.
    public var yTickLabel: @Sendable (Double) -> String
    /// When not empty, the x axis lists these categories evenly spaced, in order: a point's `x`
    /// is the index of its category (a sweep's values, however unevenly they are spread).
    public var xCategories: [String]
    /// An x value as read out with the values at it (`Step 12`); default: the x title and the tick label.
    public var xValueText: (@Sendable (Double) -> String)?
    /// A value as read out (`4.12 s`); default: the y tick label.
    public var yValueText: (@Sendable (Double) -> String)?
    /// Bands are drawn no lower than this (0: waits and counts are never negative); nil for no floor.
    public var bandFloor: Double?

    public init(
        title: String,
        description: String,
        xLabel: String,
        yLabel: String,
        series: [Series],
        step: Bool = false,
        idPrefix: String,
        width: Double = 640,
        height: Double = 320,
        xMinimumTickStep: Double = 0,
        yMinimumTickStep: Double = 0,
        xTickLabel: @escaping @Sendable (Double) -> String = SVGText.number,
        yTickLabel: @escaping @Sendable (Double) -> String = SVGText.number,
        xCategories: [String] = [],
        xValueText: (@Sendable (Double) -> String)? = nil,
        yValueText: (@Sendable (Double) -> String)? = nil,
        bandFloor: Double? = 0
    ) {
        self.title = title
        self.description = description
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.step = step
        self.idPrefix = idPrefix
        self.width = width
        self.height = height
        self.xMinimumTickStep = xMinimumTickStep
        self.yMinimumTickStep = yMinimumTickStep
        self.xTickLabel = xTickLabel
        self.yTickLabel = yTickLabel
        self.xCategories = xCategories
        self.xValueText = xValueText
        self.yValueText = yValueText
        self.bandFloor = bandFloor
    }

    /// The site's series colour `index` (0-based, cycling through `--c1` … `--c6`), with a fallback
    /// for when the SVG is opened on its own, outside the site's stylesheet. Every fallback holds
    /// white text at 4.5:1 or more (bar labels).
    public static func color(_ index: Int) -> String {
        let fallbacks = ["#2563eb", "#dc2626", "#15803d", "#9333ea", "#c2410c", "#0e7490"]
        let slot = ((index % fallbacks.count) + fallbacks.count) % fallbacks.count
        return "var(--c\(slot + 1), \(fallbacks[slot]))"
    }

    /// Dash patterns by series index (cycled); the first is solid.
    public static let dashPatterns = ["", "8 4", "2 3", "10 3 2 3", "5 5", "14 4 3 4 3 4"]

    /// Marker shapes by series index (cycled).
    public enum Marker: String, Sendable, CaseIterable {
        case circle, square, triangle, diamond, cross
    }

    /// The dash pattern of series `index` (empty means solid).
    public static func dashPattern(for index: Int) -> String {
        dashPatterns[index % dashPatterns.count]
    }

    /// The marker of series `index`.
    public static func marker(for index: Int) -> Marker {
        Marker.allCases[index % Marker.allCases.count]
    }

    /// Series with more points than this are dense: drawn as plain solid lines, without point
    /// markers or dashes (which break up on a jagged line), the first of several as a shaded area
    /// under its line, so a long run reads as a shape and never by colour alone.
    public static let markedPointLimit = 30

    /// Names go at the line ends when the widest is at most this wide (px); else into a legend.
    public static let endLabelMaxWidth = 100.0
    /// The least distance between two names at the line ends.
    static let endLabelGap = 14.0

    /// The chart as inlined on a page: fluid, its root the plot with the gutters outside it (see
    /// ``ChartFrame``).
    public func svg() -> String {
        drawing().inline
    }

    /// The chart inlined on a page and as its standalone file (``width`` wide).
    public func drawing() -> (inline: String, file: String) {
        let layout = Layout(chart: self)
        var content = markerDefinitions()
        content += layout.legend.map { legend($0, layout: layout) } ?? ""
        content += layout.frame.grid(layout.yScale)
        content += layout.frame.positionAxis(xTicks(layout), title: xLabel)
        content += plot(layout)
        content += markers(layout)
        content += layout.ends.map { endLabels($0, layout: layout) } ?? ""
        content += layout.frame.valueAxis(layout.yScale, label: yTickLabel, title: yLabel)
        return layout.frame.document(
            className: "line-chart", idPrefix: idPrefix, title: title, description: description,
            attributes: tips(layout).attribute, content: content
        )
    }

    /// Whether series `index` is drawn without markers (more than ``markedPointLimit`` points).
    public func isDense(_ index: Int) -> Bool {
        series.indices.contains(index) && series[index].points.count > Self.markedPointLimit
    }

    /// Whether series `index` is shaded down to the axis: the first of several, when dense.
    func isArea(_ index: Int) -> Bool {
        index == 0 && series.count > 1 && isDense(0)
    }

    // MARK: Parts

    private func markerID(_ index: Int) -> String {
        HTML.escape("\(idPrefix)-marker-\(index + 1)")
    }

    /// One marker shape per sparse series, centred on the origin, placed with `<use>`.
    private func markerDefinitions() -> String {
        let sparse = series.indices.filter { !isDense($0) }
        guard !sparse.isEmpty else { return "" }
        var out = "<defs>\n"
        for index in sparse {
            out += markerShape(Self.marker(for: index), id: markerID(index))
        }
        return out + "</defs>\n"
    }

    private func markerShape(_ marker: Marker, id: String) -> String {
        switch marker {
        case .circle:
            return "<circle id=\"\(id)\" r=\"3.5\"/>\n"
        case .square:
            return "<rect id=\"\(id)\" x=\"-3.5\" y=\"-3.5\" width=\"7\" height=\"7\"/>\n"
        case .triangle:
            return "<path id=\"\(id)\" d=\"M 0 -4 L 4 3.5 L -4 3.5 Z\"/>\n"
        case .diamond:
            return "<path id=\"\(id)\" d=\"M 0 -4.5 L 4.5 0 L 0 4.5 L -4.5 0 Z\"/>\n"
        case .cross:
            return "<path id=\"\(id)\" d=\"M -3.5 -3.5 L 3.5 3.5 M 3.5 -3.5 L -3.5 3.5\" style=\"fill: none; stroke-width: 2\"/>\n"
        }
    }

    private func legend(_ items: [LegendItem], layout: Layout) -> String {
        let drawings = items.map { item -> String in
            let color = HTML.escape(series[item.index].color)
            var out = ""
            if item.isBand || isArea(item.index) {
                out += "<rect x=\"0\" y=\"-6\" width=\"\(n(ChartFrame.swatchWidth))\" height=\"12\" style=\"fill: \(color); fill-opacity: 0.2\"/>"
            }
            if !item.isBand {
                out += "<line x1=\"0\" y1=\"0\" x2=\"\(n(ChartFrame.swatchWidth))\" y2=\"0\" style=\"stroke: \(color); stroke-width: 2\(dashStyle(item.index))\"/>"
                if !isDense(item.index) {
                    out += "<use href=\"#\(markerID(item.index))\" x=\"\(n(ChartFrame.swatchWidth / 2))\" y=\"0\" style=\"fill: \(color); stroke: \(color)\"/>"
                }
            }
            return out + ChartFrame.legendName(item.name)
        }
        return layout.frame.legend(drawings, places: items.map { ($0.x, $0.y) })
    }

    /// The x axis's ticks: nice numbers, or every category.
    private func xTicks(_ layout: Layout) -> [ChartFrame.Tick] {
        guard !xCategories.isEmpty else {
            return layout.xScale.ticks.map { ChartFrame.Tick(fraction: layout.xScale.fraction($0), text: xTickLabel($0)) }
        }
        return ChartFrame.categoryTicks(xCategories)
    }

    /// Bands, areas and lines in an inner drawing stretched across the plot.
    private func plot(_ layout: Layout) -> String {
        let frame = layout.frame
        let plotHeight = frame.plotHeight
        var out = frame.plotStart()
        let inner = { (x: Double, y: Double) in (layout.xFraction(x) * ChartFrame.plotUnits, frame.y(y, on: layout.yScale) - frame.plotTop) }
        for (index, line) in series.enumerated() where line.hasBand {
            let pairs = zip(line.points, line.interval).filter { $0.0.x.isFinite && $0.1.lowerBound.isFinite && $0.1.upperBound.isFinite }
            guard !pairs.isEmpty else { continue }
            let upper = vertices(pairs.map { inner($0.0.x, $0.1.upperBound) })
            let lower = vertices(pairs.map { inner($0.0.x, floored($0.1.lowerBound)) })
            let outline = upper + lower.reversed()
            var path = "M \(n(outline[0].0)) \(n(outline[0].1))"
            for (x, y) in outline.dropFirst() { path += " L \(n(x)) \(n(y))" }
            out += "<path class=\"band band-\(index + 1)\" d=\"\(path) Z\" style=\"fill: \(HTML.escape(line.color)); fill-opacity: 0.18; stroke: none\"/>\n"
        }
        for (index, line) in series.enumerated() {
            let color = HTML.escape(line.color)
            let points = line.points.filter { $0.x.isFinite && $0.y.isFinite }.map { inner($0.x, $0.y) }
            out += "<g class=\"series-\(index + 1)\">\n"
            if !points.isEmpty {
                let path = pathData(points)
                if isArea(index) {
                    out += "<path class=\"area\" d=\"\(path) V \(n(plotHeight)) H \(n(points[0].0)) Z\""
                    out += " style=\"fill: \(color); fill-opacity: 0.2; stroke: none\"/>\n"
                }
                out += "<path d=\"\(path)\" vector-effect=\"non-scaling-stroke\" style=\"fill: none; stroke: \(color); stroke-width: 2"
                out += "; stroke-linejoin: round\(dashStyle(index))\"/>\n"
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    /// A marker at every point of each sparse series, with its value as a `<title>`.
    private func markers(_ layout: Layout) -> String {
        var out = ""
        for (index, line) in series.enumerated() where !isDense(index) {
            let color = HTML.escape(line.color)
            out += "<g class=\"markers-\(index + 1)\" style=\"fill: \(color); stroke: \(color)\">\n"
            for (number, point) in line.points.enumerated() where point.x.isFinite && point.y.isFinite {
                let x = SVGText.percent(layout.xFraction(point.x))
                let y = n(layout.frame.y(point.y, on: layout.yScale))
                let band = line.hasBand ? line.interval[number] : nil
                let title = "\(line.name) · \(xText(point.x)): \(valueText(point.y, band: band))"
                out += "<use href=\"#\(markerID(index))\" x=\"\(x)\" y=\"\(y)\"><title>\(HTML.escape(title))</title></use>\n"
            }
            out += "</g>\n"
        }
        return out
    }

    /// Names at the right ends of the lines (and bands), in a drawing whose origin is the plot's
    /// right edge; a name moved away from its line's end is joined to it by a short leader.
    private func endLabels(_ labels: [EndLabel], layout: Layout) -> String {
        var out = "<svg class=\"end-labels\" x=\"100%\" y=\"0\" width=\"1\" height=\"1\" style=\"overflow: visible\">\n"
        for label in labels {
            let color = HTML.escape(series[label.index].color)
            if abs(label.y - label.endY) > 3 {
                out += "<path d=\"M 1 \(n(label.endY)) L 6 \(n(label.y))\" style=\"fill: none; stroke: \(color); stroke-width: 1\"/>\n"
            }
            // A sparse line's name starts with its marker, so it is told by shape as well as place.
            var x = 8.0
            if !label.isBand && !isDense(label.index) {
                out += "<use href=\"#\(markerID(label.index))\" x=\"12\" y=\"\(n(label.y))\" style=\"fill: \(color); stroke: \(color)\"/>\n"
                x = 20
            }
            let weight = label.isBand ? "" : "; font-weight: 600"
            out += "<text x=\"\(n(x))\" y=\"\(n(label.y + 4))\" style=\"fill: \(color)\(weight)\">\(HTML.escape(label.name))</text>\n"
        }
        out += "</svg>\n"
        // A line that ends at the chart's last x but short of the plot's edge (the middle of the
        // last category) is carried there, faintly, to its name.
        let lastFraction = labels.map(\.endFraction).max() ?? 1
        for label in labels where !label.isBand && label.endFraction < 0.999 && label.endFraction >= lastFraction - 1e-9 {
            let color = HTML.escape(series[label.index].color)
            out += "<line x1=\"\(SVGText.percent(label.endFraction))\" y1=\"\(n(label.endY))\" x2=\"100%\" y2=\"\(n(label.endY))\""
            out += " style=\"stroke: \(color); stroke-width: 1; stroke-dasharray: 1 3\"/>\n"
        }
        return out
    }

    /// Every position's values as text, for the chart script.
    private func tips(_ layout: Layout) -> ChartTips {
        let xs = Array(Set(series.flatMap { $0.points.map(\.x) }.filter(\.isFinite))).sorted()
        var next = Array(repeating: 0, count: series.count)
        let columns = xs.map { x -> ChartTips.Column in
            let entries = series.indices.map { index -> ChartTips.Entry? in
                let points = series[index].points
                while next[index] < points.count, points[next[index]].x <= x { next[index] += 1 }
                // The last point at or before x: the value there, or the one in effect (step).
                guard next[index] > 0 else { return nil }
                let at = next[index] - 1
                let point = points[at]
                guard point.y.isFinite, point.x == x || (step && x <= (points.last?.x ?? x)) else { return nil }
                let band = series[index].hasBand && point.x == x ? series[index].interval[at] : nil
                return ChartTips.Entry(y: layout.frame.y(point.y, on: layout.yScale), text: valueText(point.y, band: band))
            }
            return ChartTips.Column(fraction: layout.xFraction(x), label: xText(x), entries: entries)
        }
        return ChartTips(
            plotTop: layout.frame.plotTop, plotBottom: layout.frame.plotBottom,
            names: series.map(\.name), colors: series.map(\.color), columns: columns
        )
    }

    /// An x value as read out: the category's name, or the caller's text, or the title and tick label.
    private func xText(_ x: Double) -> String {
        if !xCategories.isEmpty {
            let index = Int(x.rounded())
            return "\(xLabel): \(xCategories.indices.contains(index) ? xCategories[index] : SVGText.number(x))"
        }
        return xValueText?(x) ?? "\(xLabel): \(xTickLabel(x))"
    }

    /// A value as read out, with its interval when it has one: `4.12 s (3.80–4.44 s)`.
    private func valueText(_ y: Double, band: ClosedRange<Double>?) -> String {
        let text = yValueText ?? yTickLabel
        guard let band else { return text(y) }
        return "\(text(y)) (\(text(floored(band.lowerBound)))–\(text(band.upperBound)))"
    }

    private func floored(_ value: Double) -> Double {
        bandFloor.map { max(value, $0) } ?? value
    }

    /// Path data through the points; in step mode only the corners where the value changes.
    private func pathData(_ points: [(Double, Double)]) -> String {
        var out = "M \(n(points[0].0)) \(n(points[0].1))"
        guard step else {
            for (x, y) in points.dropFirst() { out += " L \(n(x)) \(n(y))" }
            return out
        }
        var currentY = points[0].1
        var pendingX: Double?
        for (x, y) in points.dropFirst() {
            if y == currentY {
                pendingX = x
                continue
            }
            out += " H \(n(x)) V \(n(y))"
            currentY = y
            pendingX = nil
        }
        if let pendingX { out += " H \(n(pendingX))" }
        return out
    }

    /// The corners a line through `points` turns at: the points themselves, or in step mode each
    /// point preceded by the corner where the previous value ends.
    private func vertices(_ points: [(Double, Double)]) -> [(Double, Double)] {
        guard step else { return points }
        var out: [(Double, Double)] = []
        for point in points {
            if let last = out.last, last.1 != point.1 { out.append((point.0, last.1)) }
            out.append(point)
        }
        return out
    }

    private func dashStyle(_ index: Int) -> String {
        let pattern = isDense(index) ? "" : Self.dashPattern(for: index)
        return pattern.isEmpty ? "" : "; stroke-dasharray: \(pattern)"
    }

    private func n(_ value: Double) -> String {
        SVGText.number(value)
    }

    // MARK: Layout

    /// A name at a line's (or band's) end: where the line ends and where its name stands.
    struct EndLabel {
        let index: Int
        let name: String
        let isBand: Bool
        let endFraction: Double
        let endY: Double
        var y: Double
    }

    struct LegendItem {
        let index: Int
        let name: String
        let isBand: Bool
        let x: Double
        let y: Double
    }

    /// Positions computed once per chart: the frame, the scales, and the names at the line ends
    /// or the legend's items.
    private struct Layout {
        let frame: ChartFrame
        let yScale: ValueScale
        let xScale: ValueScale
        let categories: Int
        let ends: [EndLabel]?
        let legend: [LegendItem]?

        init(chart: LineChart) {
            let finite = chart.series.map { $0.points.filter { $0.x.isFinite && $0.y.isFinite } }
            var values = finite.flatMap { $0.map(\.y) }
            for line in chart.series where line.hasBand {
                values += line.interval.flatMap { [chart.floored($0.lowerBound), $0.upperBound] }
            }
            let yScale = ValueScale(covering: values, minimumStep: chart.yMinimumTickStep)
            let count = chart.xCategories.count
            let xScale = ValueScale(spanning: finite.flatMap { $0.map(\.x) }, minimumStep: chart.xMinimumTickStep)
            self.yScale = yScale
            self.xScale = xScale
            categories = count
            let yLabels = yScale.ticks.map(chart.yTickLabel)

            // Names at the line ends when they are short enough and there is room for them.
            var names: [(index: Int, name: String, isBand: Bool)] = []
            for (index, line) in chart.series.enumerated() where !finite[index].isEmpty {
                names.append((index, line.name, false))
                if line.hasBand && !line.intervalName.isEmpty { names.append((index, line.intervalName, true)) }
            }
            let widest = names.map { SVGText.textWidth($0.name) * 1.05 + (!$0.isBand && !chart.isDense($0.index) ? 12 : 0) }.max() ?? 0
            let roomy = ChartFrame(valueLabels: yLabels, rightGutter: widest + 14, headerHeight: 0, height: chart.height)
            let fits = !names.isEmpty && widest <= LineChart.endLabelMaxWidth
                && Double(names.count) * LineChart.endLabelGap <= roomy.plotHeight + 10
            guard !fits else {
                frame = roomy
                legend = nil
                let fraction = { (x: Double) in count > 0 ? (x + 0.5) / Double(count) : xScale.fraction(x) }
                let labels = names.map { entry -> EndLabel in
                    let line = chart.series[entry.index]
                    let lastIndex = line.points.lastIndex { $0.x.isFinite && $0.y.isFinite } ?? 0
                    let last = line.points[lastIndex]
                    let y = entry.isBand ? line.interval[lastIndex].upperBound : last.y
                    let endY = roomy.y(y, on: yScale)
                    return EndLabel(index: entry.index, name: entry.name, isBand: entry.isBand, endFraction: fraction(last.x), endY: endY, y: endY)
                }
                ends = Self.spread(labels, top: roomy.plotTop - 6, bottom: roomy.plotBottom + 4)
                return
            }
            // A legend across the top, wrapping at the width of a phone-sized chart.
            let entries = chart.series.indices.flatMap { index -> [(Int, String, Bool)] in
                let line = chart.series[index]
                return [(index, line.name, false)] + (line.hasBand && !line.intervalName.isEmpty ? [(index, line.intervalName, true)] : [])
            }
            let (places, legendHeight) = ChartFrame.legendPlaces(entries.map(\.1))
            legend = zip(entries, places).map { LegendItem(index: $0.0, name: $0.1, isBand: $0.2, x: $1.x, y: $1.y) }
            ends = nil
            frame = ChartFrame(valueLabels: yLabels, rightGutter: 0, headerHeight: legendHeight, height: chart.height)
        }

        /// Where `x` falls across the plot: a category's middle, or its place on the scale.
        func xFraction(_ x: Double) -> Double {
            categories > 0 ? (x + 0.5) / Double(categories) : xScale.fraction(x)
        }

        /// The labels moved apart to at least ``LineChart/endLabelGap`` from each other, kept
        /// between `top` and `bottom`, each as near its line's end as that allows.
        static func spread(_ placed: [EndLabel], top: Double, bottom: Double) -> [EndLabel] {
            var labels = placed
            let gap = LineChart.endLabelGap
            let order = labels.indices.sorted { (labels[$0].endY, $0) < (labels[$1].endY, $1) }
            for (position, index) in order.enumerated() {
                let floor = position == 0 ? top : labels[order[position - 1]].y + gap
                labels[index].y = max(labels[index].endY, floor)
            }
            if let last = order.last, labels[last].y > bottom {
                labels[last].y = bottom
                for position in order.indices.dropLast().reversed() {
                    labels[order[position]].y = min(labels[order[position]].y, labels[order[position + 1]].y - gap)
                }
            }
            return labels
        }
    }
}
