import Basics

/// A scatter chart: points at (x, y), one marker shape and colour per series, inlined in a page and
/// written as a standalone SVG file.
///
/// Fluid like ``LineChart`` (see ``ChartFrame``), with its marker shapes (``LineChart/marker(for:)``)
/// repeated in the legend, so the series never differ by colour alone; each point carries a
/// `<title>` with its values (hover, without script), and the chart carries the values at each x
/// for the page's chart script (``ChartTips``). The output depends only on the input.
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

    /// The chart as inlined on a page (fluid; see ``ChartFrame``).
    public func svg() -> String {
        drawing().inline
    }

    /// The chart inlined on a page and as its standalone file (``width`` wide).
    public func drawing() -> (inline: String, file: String) {
        let points = series.flatMap(\.points).filter { $0.x.isFinite && $0.y.isFinite }
        let yScale = ValueScale(covering: points.map(\.y))
        let xScale = ValueScale(covering: points.map(\.x), includingZero: false, count: 6)
        let (places, legendHeight) = ChartFrame.legendPlaces(series.count > 1 ? series.map(\.name) : [])
        let frame = ChartFrame(valueLabels: yScale.ticks.map(yTickLabel), rightGutter: 0, headerHeight: legendHeight, height: height, fileWidth: width)
        var content = "<defs>\n" + series.indices.map { markerShape(LineChart.marker(for: $0), id: markerID($0)) }.joined() + "</defs>\n"
        content += frame.legend(series.indices.map { index in
            let color = HTML.escape(series[index].color)
            return "<use href=\"#\(markerID(index))\" x=\"12\" y=\"0\" style=\"fill: \(color); stroke: \(color)\"/>" + ChartFrame.legendName(series[index].name)
        }, places: places)
        content += frame.grid(yScale)
        content += frame.positionAxis(xScale.ticks.map { ChartFrame.Tick(fraction: xScale.fraction($0), text: xTickLabel($0)) }, title: xLabel)
        for (index, line) in series.enumerated() {
            let color = HTML.escape(line.color)
            content += "<g class=\"markers-\(index + 1)\" style=\"fill: \(color); stroke: \(color); fill-opacity: 0.75\">\n"
            for point in line.points where point.x.isFinite && point.y.isFinite {
                content += "<use href=\"#\(markerID(index))\" x=\"\(SVGText.percent(xScale.fraction(point.x)))\" y=\"\(n(frame.y(point.y, on: yScale)))\">"
                content += "<title>\(HTML.escape("\(line.name): \(xTickLabel(point.x)), \(yTickLabel(point.y))"))</title></use>\n"
            }
            content += "</g>\n"
        }
        content += frame.valueAxis(yScale, label: yTickLabel, title: yLabel)
        // The values at each x, for the page's chart script: each series' first point there.
        let xs = Array(Set(points.map(\.x))).sorted()
        let columns = xs.map { x in
            ChartTips.Column(fraction: xScale.fraction(x), label: "\(xLabel): \(xTickLabel(x))", entries: series.map { line in
                line.points.first { $0.x == x && $0.y.isFinite }.map { ChartTips.Entry(y: frame.y($0.y, on: yScale), text: yTickLabel($0.y)) }
            })
        }
        let tips = ChartTips(plotTop: frame.plotTop, plotBottom: frame.plotBottom, names: series.map(\.name), colors: series.map(\.color), columns: columns)
        return frame.document(className: "scatter-chart", idPrefix: idPrefix, title: title, description: description, attributes: tips.attribute, content: content)
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
