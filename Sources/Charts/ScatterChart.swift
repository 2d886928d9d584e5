import Basics

/// A scatter chart: points at (x, y), one marker shape and colour per series, written as a
/// standalone SVG document that can also be inlined in HTML.
///
/// Fluid like ``LineChart``, with its marker shapes (``LineChart/marker(for:)``) repeated in the
/// legend, so the series never differ by colour alone; each point carries a `<title>` with its
/// values, which browsers show on hover. The output depends only on the input.
public struct ScatterChart: Sendable {
    public struct Series: Sendable, Equatable {
        public var name: String
        public var color: String
        public var points: [LineChart.Point]

        public init(name: String, color: String, points: [LineChart.Point]) {
            self.name = name
            self.color = color
            self.points = points
        }
    }

    public var title: String
    public var description: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series]
    public var idPrefix: String
    public var width: Double
    public var height: Double
    public var xTickLabel: @Sendable (Double) -> String
    public var yTickLabel: @Sendable (Double) -> String

    public init(
        title: String, description: String, xLabel: String, yLabel: String, series: [Series], idPrefix: String,
        width: Double = 640, height: Double = 320,
        xTickLabel: @escaping @Sendable (Double) -> String = SVGText.number,
        yTickLabel: @escaping @Sendable (Double) -> String = SVGText.number
    ) {
        self.title = title
        self.description = description
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.idPrefix = idPrefix
        self.width = width
        self.height = height
        self.xTickLabel = xTickLabel
        self.yTickLabel = yTickLabel
    }

    /// The SVG document.
    public func svg() -> String {
        let frame = ChartFrame(height: height, legendNames: series.map(\.name))
        let points = series.flatMap(\.points).filter { $0.x.isFinite && $0.y.isFinite }
        let yTicks = ChartFrame.niceTicks(low: min(0, points.map(\.y).min() ?? 0), high: max(0, points.map(\.y).max() ?? 0))
        let xTicks = ChartFrame.niceTicks(low: points.map(\.x).min() ?? 0, high: points.map(\.x).max() ?? 1)
        let xLow = xTicks.first ?? 0, xHigh = xTicks.last ?? 1
        let fraction = { (x: Double) in (x - xLow) / (xHigh - xLow) }
        var out = SVGText.documentStart(
            className: "scatter-chart", width: width, height: frame.height, scalable: false,
            idPrefix: idPrefix, title: title, description: description
        )
        out += "<defs>\n" + series.indices.map { markerShape(LineChart.marker(for: $0), id: markerID($0)) }.joined() + "</defs>\n"
        out += frame.legend(series.enumerated().map { index, line in
            let color = HTML.escape(line.color)
            return "<use href=\"#\(markerID(index))\" x=\"12\" y=\"0\" style=\"fill: \(color); stroke: \(color)\"/>"
                + "<text x=\"\(n(ChartFrame.swatchWidth + 6))\" y=\"4\" style=\"fill: var(--fg, #18181b)\">\(HTML.escape(line.name))</text>"
        })
        out += frame.grid(yTicks)
        out += frame.xAxis(labels: xTicks.map { (fraction($0), xTickLabel($0)) }, zero: frame.plotBottom, title: xLabel)
        for (index, line) in series.enumerated() {
            let color = HTML.escape(line.color)
            out += "<g class=\"markers-\(index + 1)\" style=\"fill: \(color); stroke: \(color); fill-opacity: 0.75\">\n"
            for point in line.points where point.x.isFinite && point.y.isFinite {
                out += "<use href=\"#\(markerID(index))\" x=\"\(n(fraction(point.x) * 100))%\" y=\"\(n(frame.y(point.y, ticks: yTicks)))\">"
                out += "<title>\(HTML.escape("\(line.name): \(xTickLabel(point.x)), \(yTickLabel(point.y))"))</title></use>\n"
            }
            out += "</g>\n"
        }
        out += frame.yAxis(yTicks, label: yTickLabel, title: yLabel)
        return out + "</svg>\n"
    }

    private func markerID(_ index: Int) -> String {
        HTML.escape("\(idPrefix)-marker-\(index + 1)")
    }

    private func markerShape(_ marker: LineChart.Marker, id: String) -> String {
        switch marker {
        case .circle: "<circle id=\"\(id)\" r=\"4\"/>\n"
        case .square: "<rect id=\"\(id)\" x=\"-4\" y=\"-4\" width=\"8\" height=\"8\"/>\n"
        case .triangle: "<path id=\"\(id)\" d=\"M 0 -4.5 L 4.5 4 L -4.5 4 Z\"/>\n"
        case .diamond: "<path id=\"\(id)\" d=\"M 0 -5 L 5 0 L 0 5 L -5 0 Z\"/>\n"
        case .cross: "<path id=\"\(id)\" d=\"M -4 -4 L 4 4 M 4 -4 L -4 4\" style=\"fill: none; stroke-width: 2\"/>\n"
        }
    }

    private func n(_ value: Double) -> String { SVGText.number(value) }
}
