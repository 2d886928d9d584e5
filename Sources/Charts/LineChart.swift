import Basics

/// A multi-series line chart written as a standalone SVG document that can also be inlined in HTML.
///
/// Every sparse series gets its own colour, dash pattern and point marker; a dense one (see
/// ``markedPointLimit``) is a solid line named at its end, or for the first series a shaded area.
/// The legend repeats the pattern, marker or shading beside the series name, so the chart never
/// relies on colour alone. The
/// drawing is fluid: drawn at any width, its text stays 12 px (see ``svg()``).
/// The SVG carries `role="img"`, a `<title>` and a `<desc>` referenced by `aria-labelledby`, with
/// ids made unique on the page by ``idPrefix``. The output depends only on the input.
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

    /// One line: a name for the legend, a CSS colour and points in increasing `x`.
    public struct Series: Sendable, Equatable {
        public var name: String
        /// Any CSS colour; use ``LineChart/color(_:)`` for the site's series colours.
        public var color: String
        public var points: [Point]

        public init(name: String, color: String, points: [Point]) {
            self.name = name
            self.color = color
            self.points = points
        }
    }

    /// The chart's accessible name, also shown by browsers as a tooltip.
    public var title: String
    /// A sentence or two saying what the chart shows, for screen readers.
    public var description: String
    /// The label under the x axis.
    public var xLabel: String
    /// The label beside the y axis.
    public var yLabel: String
    /// The lines, drawn in order.
    public var series: [Series]
    /// Step interpolation: a value holds until the next point's `x`, then jumps.
    public var step: Bool
    /// Prefix for the ids of `<title>` and `<desc>`, unique on the page (e.g. `juice-1-stock`).
    public var idPrefix: String
    /// The width when the SVG is opened on its own; inline, the chart takes the width CSS gives it.
    public var width: Double
    /// The height in pixels (grown when the legend needs more room).
    public var height: Double
    /// The smallest gap between x ticks, e.g. 1 when x counts steps and `0.5` would mean nothing.
    public var xMinimumTickStep: Double
    /// The smallest gap between y ticks, e.g. 1 when y counts things.
    public var yMinimumTickStep: Double
    /// Formats tick values on the x axis.
    public var xTickLabel: @Sendable (Double) -> String
    /// Formats tick values on the y axis.
    public var yTickLabel: @Sendable (Double) -> String

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
        yTickLabel: @escaping @Sendable (Double) -> String = SVGText.number
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
    /// markers or dashes (which break up on a jagged line), the first as a shaded area under its
    /// line and each other one named at its right end, so a long run reads as a shape and never
    /// by colour alone.
    public static let markedPointLimit = 30

    /// The drawing's plot runs across this many units of its inner coordinate system; the inner
    /// system stretches to the rendered width while the strokes keep their width.
    static let plotUnits = 1000.0
    /// Legend rows wrap at this width (px), so the legend fits a phone-sized chart unchanged.
    static let legendWrapWidth = 300.0
    static let legendRowHeight = 18.0
    static let swatchWidth = 24.0

    /// The SVG document.
    ///
    /// The chart is fluid: it has no `viewBox`, its height is fixed in pixels and everything
    /// horizontal is placed in percentages of the rendered width, so it can be drawn at any width
    /// (`width: 100%` in CSS) with its text staying 12 px. The lines sit in an inner `<svg>`
    /// stretched to the full width (`preserveAspectRatio="none"`) with non-scaling strokes; point
    /// markers are `<use>` references placed by percentage, so they keep their shape. The y tick
    /// labels sit just above their grid lines at the left edge, on a halo, and the y-axis label
    /// reads horizontally above the plot. The `width` attribute (``width``) is only the size
    /// when the SVG is opened on its own.
    public func svg() -> String {
        let layout = Layout(chart: self)
        var out = SVGText.documentStart(
            className: "line-chart", width: width, height: layout.height, scalable: false,
            idPrefix: idPrefix, title: title, description: description
        )
        out += markerDefinitions()
        out += legend(layout)
        out += grid(layout)
        out += xAxis(layout)
        out += plot(layout)
        out += yAxis(layout)
        out += "</svg>\n"
        return out
    }

    /// Whether series `index` is drawn without markers (more than ``markedPointLimit`` points).
    public func isDense(_ index: Int) -> Bool {
        series.indices.contains(index) && series[index].points.count > Self.markedPointLimit
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

    private func legend(_ layout: Layout) -> String {
        var out = "<g class=\"legend\">\n"
        for item in layout.legendItems {
            let color = HTML.escape(series[item.index].color)
            let y = item.y
            out += "<g class=\"legend-item\">"
            if isDense(item.index) && item.index == 0 {
                out += "<rect x=\"\(n(item.x))\" y=\"\(n(y - 6))\" width=\"\(n(Self.swatchWidth))\" height=\"12\""
                out += " style=\"fill: \(color); fill-opacity: 0.2\"/>"
            }
            out += "<line x1=\"\(n(item.x))\" y1=\"\(n(y))\" x2=\"\(n(item.x + Self.swatchWidth))\" y2=\"\(n(y))\""
            out += " style=\"stroke: \(color); stroke-width: 2\(dashStyle(item.index))\"/>"
            if !isDense(item.index) {
                out += "<use href=\"#\(markerID(item.index))\" x=\"\(n(item.x + Self.swatchWidth / 2))\" y=\"\(n(y))\""
                out += " style=\"fill: \(color); stroke: \(color)\"/>"
            }
            out += "<text x=\"\(n(item.x + Self.swatchWidth + 6))\" y=\"\(n(y + 4))\" style=\"fill: var(--fg, #18181b)\">"
            out += "\(HTML.escape(series[item.index].name))</text></g>\n"
        }
        return out + "</g>\n"
    }

    private func grid(_ layout: Layout) -> String {
        var out = "<g class=\"grid\" style=\"stroke: var(--border, #d4d4d8); stroke-width: 1\">\n"
        for tick in layout.yTicks.dropFirst() {
            let y = n(layout.yPosition(tick))
            out += "<line x1=\"0\" y1=\"\(y)\" x2=\"100%\" y2=\"\(y)\"/>\n"
        }
        return out + "</g>\n"
    }

    private func xAxis(_ layout: Layout) -> String {
        let textStyle = "fill: var(--muted, #52525b)"
        var out = "<g class=\"axes\">\n"
        out += "<line x1=\"0\" y1=\"\(n(layout.plotBottom))\" x2=\"100%\" y2=\"\(n(layout.plotBottom))\""
        out += " style=\"stroke: var(--muted, #52525b); stroke-width: 1\"/>\n"
        for tick in layout.xTicks {
            let fraction = layout.xFraction(tick)
            let x = percent(fraction)
            let anchor = fraction < 0.02 ? "start" : fraction > 0.98 ? "end" : "middle"
            out += "<line x1=\"\(x)\" y1=\"\(n(layout.plotBottom))\" x2=\"\(x)\" y2=\"\(n(layout.plotBottom + 4))\""
            out += " style=\"stroke: var(--muted, #52525b)\"/>\n"
            out += "<text x=\"\(x)\" y=\"\(n(layout.plotBottom + 17))\" text-anchor=\"\(anchor)\" style=\"\(textStyle)\">"
            out += "\(HTML.escape(xTickLabel(tick)))</text>\n"
        }
        out += "<text class=\"axis-label\" x=\"50%\" y=\"\(n(layout.height - 8))\" text-anchor=\"middle\""
        out += " style=\"fill: var(--fg, #18181b)\">\(HTML.escape(xLabel))</text>\n"
        return out + "</g>\n"
    }

    /// The lines in an inner drawing stretched across the full width; markers over them.
    private func plot(_ layout: Layout) -> String {
        let plotHeight = layout.plotBottom - layout.plotTop
        var out = "<svg class=\"plot\" x=\"0\" y=\"\(n(layout.plotTop))\" width=\"100%\" height=\"\(n(plotHeight))\""
        out += " viewBox=\"0 0 \(n(Self.plotUnits)) \(n(plotHeight))\" preserveAspectRatio=\"none\" style=\"overflow: visible\">\n"
        var markers = ""
        var ends: [(index: Int, y: Double)] = []
        for (index, line) in series.enumerated() {
            let color = HTML.escape(line.color)
            let points = line.points
                .filter { $0.x.isFinite && $0.y.isFinite }
                .map { (layout.xFraction($0.x), layout.yPosition($0.y)) }
            out += "<g class=\"series-\(index + 1)\">\n"
            if !points.isEmpty {
                let inner = points.map { ($0.0 * Self.plotUnits, $0.1 - layout.plotTop) }
                let path = pathData(inner)
                if isDense(index) && index == 0 {
                    out += "<path class=\"area\" d=\"\(path) V \(n(plotHeight)) H \(n(inner[0].0)) Z\""
                    out += " style=\"fill: \(color); fill-opacity: 0.2; stroke: none\"/>\n"
                }
                out += "<path d=\"\(path)\" vector-effect=\"non-scaling-stroke\" style=\"fill: none; stroke: \(color); stroke-width: 2"
                out += "; stroke-linejoin: round\(dashStyle(index))\"/>\n"
                if isDense(index) && index > 0, let last = points.last {
                    ends.append((index, last.1))
                }
                if !isDense(index) {
                    markers += "<g class=\"markers-\(index + 1)\" style=\"fill: \(color); stroke: \(color)\">\n"
                    for (fraction, y) in points {
                        markers += "<use href=\"#\(markerID(index))\" x=\"\(percent(fraction))\" y=\"\(n(y))\"/>\n"
                    }
                    markers += "</g>\n"
                }
            }
            out += "</g>\n"
        }
        return out + "</svg>\n" + markers + endLabels(ends, layout: layout)
    }

    /// Names at the right ends of dense lines, just above each end (at least 10 px below the
    /// plot's top); where two would overlap, the upper one moves up to 13 px above the lower.
    private func endLabels(_ ends: [(index: Int, y: Double)], layout: Layout) -> String {
        guard !ends.isEmpty else { return "" }
        let halo = "paint-order: stroke; stroke: var(--card, #fff); stroke-width: 3px; stroke-linejoin: round"
        var placed = ends.map { (index: $0.index, y: max($0.y - 6, layout.plotTop + 10)) }.sorted { ($0.y, $1.index) > ($1.y, $0.index) }
        for position in placed.indices.dropFirst() where placed[position].y > placed[position - 1].y - 13 {
            placed[position].y = placed[position - 1].y - 13
        }
        var out = "<g class=\"end-labels\" text-anchor=\"end\">\n"
        for label in placed.sorted(by: { $0.index < $1.index }) {
            out += "<text x=\"100%\" dx=\"-4\" y=\"\(n(label.y))\" style=\"fill: \(HTML.escape(series[label.index].color)); font-weight: 600; \(halo)\">"
            out += "\(HTML.escape(series[label.index].name))</text>\n"
        }
        return out + "</g>\n"
    }

    /// Y tick labels at the left edge, just above their grid lines, on a halo over the lines;
    /// the y-axis label above the plot.
    private func yAxis(_ layout: Layout) -> String {
        let halo = "paint-order: stroke; stroke: var(--card, #fff); stroke-width: 3px; stroke-linejoin: round"
        var out = "<g class=\"y-axis\">\n"
        for tick in layout.yTicks {
            out += "<text x=\"0\" y=\"\(n(layout.yPosition(tick) - 4))\" style=\"fill: var(--muted, #52525b); \(halo)\">"
            out += "\(HTML.escape(yTickLabel(tick)))</text>\n"
        }
        out += "<text class=\"axis-label\" x=\"0\" y=\"\(n(layout.yLabelBaseline))\" style=\"fill: var(--fg, #18181b)\">"
        out += "\(HTML.escape(yLabel))</text>\n"
        return out + "</g>\n"
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

    private func dashStyle(_ index: Int) -> String {
        let pattern = isDense(index) ? "" : Self.dashPattern(for: index)
        return pattern.isEmpty ? "" : "; stroke-dasharray: \(pattern)"
    }

    private func n(_ value: Double) -> String {
        SVGText.number(value)
    }

    /// A fraction of the width as an SVG percentage: `0.5` → `50%`.
    private func percent(_ fraction: Double) -> String {
        SVGText.number(fraction * 100) + "%"
    }

    // MARK: Layout

    /// Positions computed once per chart: vertical placement, scales, ticks and legend rows.
    private struct Layout {
        let plotTop: Double
        let plotBottom: Double
        /// The drawing's height: the requested one, or more when the legend leaves too little.
        let height: Double
        let yLabelBaseline: Double
        let xDomain: (Double, Double)
        let yDomain: (Double, Double)
        let xTicks: [Double]
        let yTicks: [Double]
        let legendItems: [(index: Int, x: Double, y: Double)]

        init(chart: LineChart) {
            let allPoints = chart.series.flatMap(\.points).filter { $0.x.isFinite && $0.y.isFinite }
            let xs = allPoints.map(\.x)
            let ys = allPoints.map(\.y)

            let xLow = xs.min() ?? 0
            var xHigh = xs.max() ?? 1
            if xHigh <= xLow { xHigh = xLow + 1 }
            let yTicks = Self.niceTicks(
                low: min(0, ys.min() ?? 0), high: max(0, ys.max() ?? 0), minimumStep: chart.yMinimumTickStep
            )
            yDomain = (yTicks[0], yTicks[yTicks.count - 1])
            self.yTicks = yTicks
            let xStep = max(SVGText.tickStep(span: xHigh - xLow, count: 6), chart.xMinimumTickStep)
            var xTicks: [Double] = []
            var tick = (xLow / xStep).rounded(.up) * xStep
            while tick <= xHigh + xStep * 1e-9 {
                xTicks.append(tick)
                tick += xStep
            }
            xDomain = (xLow, xHigh)
            self.xTicks = xTicks

            // Legend rows across the top, wrapping at the width of a phone-sized chart.
            var items: [(index: Int, x: Double, y: Double)] = []
            var x = 0.0
            var row = 0
            for (index, line) in chart.series.enumerated() {
                let itemWidth = LineChart.swatchWidth + 6 + SVGText.textWidth(line.name) + 16
                if x > 0 && x + itemWidth > LineChart.legendWrapWidth {
                    row += 1
                    x = 0
                }
                items.append((index, x, 10 + Double(row) * LineChart.legendRowHeight))
                x += itemWidth
            }
            legendItems = items
            let legendRows = chart.series.isEmpty ? 0 : row + 1
            let legendBottom = Double(legendRows) * LineChart.legendRowHeight
            yLabelBaseline = legendBottom + 14
            plotTop = legendBottom + 34
            plotBottom = max(chart.height - 44, plotTop + 80)
            height = plotBottom + 44
        }

        /// Where `x` falls across the width, 0 at the left edge and 1 at the right.
        func xFraction(_ x: Double) -> Double {
            (x - xDomain.0) / (xDomain.1 - xDomain.0)
        }

        func yPosition(_ y: Double) -> Double {
            plotBottom - (y - yDomain.0) / (yDomain.1 - yDomain.0) * (plotBottom - plotTop)
        }

        /// Nice ticks from a multiple of the step at or below `low` to one at or above `high`.
        static func niceTicks(low: Double, high: Double, minimumStep: Double) -> [Double] {
            guard high > low else { return [0, max(1, minimumStep)] }
            let step = max(SVGText.tickStep(span: high - low, count: 5), minimumStep)
            let first = (low / step).rounded(.down)
            let last = (high / step).rounded(.up)
            return stride(from: first, through: last, by: 1).map { $0 * step }
        }
    }
}
