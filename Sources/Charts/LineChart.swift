/// A multi-series line chart written as a standalone SVG document that can also be inlined in HTML.
///
/// Every series gets its own colour, dash pattern and point marker, and the legend repeats the
/// dash pattern and marker beside the series name, so the chart never relies on colour alone.
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
    /// The size of the drawing in SVG user units.
    public var width: Double
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
    /// for when the SVG is opened on its own, outside the site's stylesheet.
    public static func color(_ index: Int) -> String {
        let fallbacks = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2"]
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

    /// Series with more points than this get a marker on their last point only, to stay legible.
    public static let markedPointLimit = 40

    /// The SVG document.
    public func svg() -> String {
        let layout = Layout(chart: self)
        var out = SVGText.documentStart(className: "line-chart", width: width, height: height, idPrefix: idPrefix, title: title, description: description)
        out += grid(layout)
        out += axes(layout)
        out += "<g class=\"series\">\n"
        for (index, line) in series.enumerated() {
            out += seriesGroup(line, index: index, layout: layout)
        }
        out += "</g>\n"
        out += legend(layout)
        out += "</svg>\n"
        return out
    }

    // MARK: Parts

    private func grid(_ layout: Layout) -> String {
        var out = "<g class=\"grid\" style=\"stroke: var(--border, #d4d4d8); stroke-width: 1\">\n"
        for tick in layout.yTicks {
            let y = n(layout.yPosition(tick))
            out += "<line x1=\"\(n(layout.plotLeft))\" y1=\"\(y)\" x2=\"\(n(layout.plotRight))\" y2=\"\(y)\"/>\n"
        }
        return out + "</g>\n"
    }

    private func axes(_ layout: Layout) -> String {
        let textStyle = "fill: var(--muted, #52525b)"
        var out = "<g class=\"axes\">\n"
        out += "<path d=\"M \(n(layout.plotLeft)) \(n(layout.plotTop)) V \(n(layout.plotBottom)) H \(n(layout.plotRight))\""
        out += " style=\"fill: none; stroke: var(--muted, #52525b); stroke-width: 1\"/>\n"
        for tick in layout.yTicks {
            let y = layout.yPosition(tick)
            out += "<text x=\"\(n(layout.plotLeft - 6))\" y=\"\(n(y + 4))\" text-anchor=\"end\" style=\"\(textStyle)\">"
            out += "\(SVGText.escape(yTickLabel(tick)))</text>\n"
        }
        for tick in layout.xTicks {
            let x = n(layout.xPosition(tick))
            out += "<line x1=\"\(x)\" y1=\"\(n(layout.plotBottom))\" x2=\"\(x)\" y2=\"\(n(layout.plotBottom + 4))\""
            out += " style=\"stroke: var(--muted, #52525b)\"/>\n"
            out += "<text x=\"\(x)\" y=\"\(n(layout.plotBottom + 17))\" text-anchor=\"middle\" style=\"\(textStyle)\">"
            out += "\(SVGText.escape(xTickLabel(tick)))</text>\n"
        }
        let middleX = (layout.plotLeft + layout.plotRight) / 2
        out += "<text class=\"axis-label\" x=\"\(n(middleX))\" y=\"\(n(height - 8))\" text-anchor=\"middle\""
        out += " style=\"fill: var(--fg, #18181b)\">\(SVGText.escape(xLabel))</text>\n"
        let middleY = (layout.plotTop + layout.plotBottom) / 2
        out += "<text class=\"axis-label\" x=\"0\" y=\"0\" transform=\"translate(14 \(n(middleY))) rotate(-90)\""
        out += " text-anchor=\"middle\" style=\"fill: var(--fg, #18181b)\">\(SVGText.escape(yLabel))</text>\n"
        return out + "</g>\n"
    }

    private func seriesGroup(_ line: Series, index: Int, layout: Layout) -> String {
        let color = SVGText.escape(line.color)
        var out = "<g class=\"series-\(index + 1)\">\n"
        let points = line.points.map { (layout.xPosition($0.x), layout.yPosition($0.y)) }
        if !points.isEmpty {
            out += "<path d=\"\(pathData(points))\" style=\"fill: none; stroke: \(color); stroke-width: 2"
            out += "; stroke-linejoin: round\(dashStyle(index))\"/>\n"
            let marked = points.count <= Self.markedPointLimit ? points : [points[points.count - 1]]
            for (x, y) in marked {
                out += markerShape(Self.marker(for: index), x: x, y: y, color: color)
            }
        }
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
        let pattern = Self.dashPattern(for: index)
        return pattern.isEmpty ? "" : "; stroke-dasharray: \(pattern)"
    }

    private func markerShape(_ marker: Marker, x: Double, y: Double, color: String) -> String {
        let r = 3.5
        let style = "style=\"fill: \(color); stroke: \(color)\""
        switch marker {
        case .circle:
            return "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\" \(style)/>\n"
        case .square:
            return "<rect x=\"\(n(x - r))\" y=\"\(n(y - r))\" width=\"\(n(2 * r))\" height=\"\(n(2 * r))\" \(style)/>\n"
        case .triangle:
            return "<path d=\"M \(n(x)) \(n(y - r - 0.5)) L \(n(x + r + 0.5)) \(n(y + r)) L \(n(x - r - 0.5)) \(n(y + r)) Z\" \(style)/>\n"
        case .diamond:
            return "<path d=\"M \(n(x)) \(n(y - r - 1)) L \(n(x + r + 1)) \(n(y)) L \(n(x)) \(n(y + r + 1)) L \(n(x - r - 1)) \(n(y)) Z\" \(style)/>\n"
        case .cross:
            return "<path d=\"M \(n(x - r)) \(n(y - r)) L \(n(x + r)) \(n(y + r)) M \(n(x + r)) \(n(y - r)) L \(n(x - r)) \(n(y + r))\""
                + " style=\"fill: none; stroke: \(color); stroke-width: 2\"/>\n"
        }
    }

    private func legend(_ layout: Layout) -> String {
        var out = "<g class=\"legend\">\n"
        for item in layout.legendItems {
            let line = series[item.index]
            let color = SVGText.escape(line.color)
            let y = item.y
            out += "<g class=\"legend-item\">"
            out += "<line x1=\"\(n(item.x))\" y1=\"\(n(y))\" x2=\"\(n(item.x + Layout.swatchWidth))\" y2=\"\(n(y))\""
            out += " style=\"stroke: \(color); stroke-width: 2\(dashStyle(item.index))\"/>"
            out += markerShape(Self.marker(for: item.index), x: item.x + Layout.swatchWidth / 2, y: y, color: color)
                .replacingNewline()
            out += "<text x=\"\(n(item.x + Layout.swatchWidth + 6))\" y=\"\(n(y + 4))\" style=\"fill: var(--fg, #18181b)\">"
            out += "\(SVGText.escape(line.name))</text></g>\n"
        }
        return out + "</g>\n"
    }

    private func n(_ value: Double) -> String {
        SVGText.number(value)
    }

    // MARK: Layout

    /// Positions computed once per chart: margins, scales, ticks and legend placement.
    private struct Layout {
        static let swatchWidth = 24.0
        static let legendRowHeight = 18.0

        let plotLeft: Double
        let plotRight: Double
        let plotTop: Double
        let plotBottom: Double
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

            let widestTick = yTicks.map { SVGText.textWidth(chart.yTickLabel($0)) }.max() ?? 0
            plotLeft = 24 + widestTick + 8
            plotRight = chart.width - 16

            // Legend rows across the top, wrapping when a row is full.
            var items: [(index: Int, x: Double, y: Double)] = []
            var x = plotLeft
            var row = 0
            for (index, line) in chart.series.enumerated() {
                let itemWidth = Self.swatchWidth + 6 + SVGText.textWidth(line.name) + 16
                if x > plotLeft && x + itemWidth > plotRight {
                    row += 1
                    x = plotLeft
                }
                items.append((index, x, 14 + Double(row) * Self.legendRowHeight))
                x += itemWidth
            }
            legendItems = items
            let legendRows = chart.series.isEmpty ? 0 : row + 1
            plotTop = 14 + Double(legendRows) * Self.legendRowHeight + 4
            plotBottom = chart.height - 44
        }

        func xPosition(_ x: Double) -> Double {
            plotLeft + (x - xDomain.0) / (xDomain.1 - xDomain.0) * (plotRight - plotLeft)
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

extension String {
    fileprivate func replacingNewline() -> String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
