import Basics

/// A Gantt chart written as a standalone SVG document that can also be inlined in HTML: a lane
/// per resource (a bank teller), a bar per job along a time axis.
///
/// Each bar carries its label (when it fits) and a `<title>` tooltip, and can name a fuller record
/// (a table row) in `data-href`: the drawing holds no links or other controls, so that on a page
/// it is one stop for the keyboard, where the page's chart script steps through the bars with the
/// arrow keys, shows a bar's tooltip on hover, tap or focus, and opens its record with Enter. Bars
/// are coloured by category with a legend, and the lane labels name what each lane serves, so
/// colour is never the only carrier of meaning.
///
/// A long day is drawn wider than a page, to be shown at its natural size (text 12 px) in a box
/// that scrolls sideways: each lane has its name on a row above its bars, repeated every
/// ``labelRepeat`` pixels along the time axis, and so is the axis label, so wherever the reader
/// has scrolled the lanes and the axis stay named. The SVG has `role="img"`, a `<title>` and a `<desc>` referenced by
/// `aria-labelledby`, with ids made unique on the page by ``idPrefix``. The output depends only on
/// the input.
public struct GanttChart: Sendable {
    /// One job on a lane.
    public struct Bar: Sendable, Equatable {
        /// Index into ``GanttChart/lanes``.
        public var lane: Int
        public var start: Double
        public var end: Double
        /// Short text drawn on the bar when it fits (a customer number).
        public var label: String
        /// The tooltip (`<title>`).
        public var tooltip: String
        /// Index into ``GanttChart/categories``.
        public var category: Int
        /// The bar's fuller record (e.g. `#customer-3`, its row in a table), or nil for none.
        public var href: String?
        /// A job that was given up before it was done (a customer who left the line): drawn as
        /// a dashed outline in its category's colour, ending in a cross, so it reads apart from
        /// finished jobs without relying on colour.
        public var isAbandoned: Bool

        public init(lane: Int, start: Double, end: Double, label: String, tooltip: String, category: Int, href: String? = nil, isAbandoned: Bool = false) {
            self.lane = lane
            self.start = start
            self.end = end
            self.label = label
            self.tooltip = tooltip
            self.category = category
            self.href = href
            self.isAbandoned = isAbandoned
        }
    }

    /// A colour group named in the legend.
    public struct Category: Sendable, Equatable {
        public var name: String
        /// Any CSS colour; ``LineChart/color(_:)`` gives the site's series colours.
        public var color: String

        public init(name: String, color: String) {
            self.name = name
            self.color = color
        }
    }

    /// The chart's accessible name.
    public var title: String
    /// A sentence or two saying what the chart shows, for screen readers.
    public var description: String
    /// Lane labels, top to bottom.
    public var lanes: [String]
    public var bars: [Bar]
    public var categories: [Category]
    /// The label under the time axis.
    public var axisLabel: String
    /// The time span drawn; bars are clipped to it. Default: 0 to the latest bar end.
    public var domain: ClosedRange<Double>?
    /// Prefix for the ids of `<title>` and `<desc>`, unique on the page (e.g. `bank-1-timeline`).
    public var idPrefix: String
    /// The narrowest the drawing gets, in SVG user units.
    public var minimumWidth: Double
    /// The widest the drawing gets: a long day is drawn wider (to be scrolled) so that typical
    /// bars keep room for their labels, up to this width.
    public var maximumWidth: Double
    /// Formats tick values on the time axis.
    public var tickLabel: @Sendable (Double) -> String

    public init(
        title: String,
        description: String,
        lanes: [String],
        bars: [Bar],
        categories: [Category],
        axisLabel: String = "Time (s)",
        domain: ClosedRange<Double>? = nil,
        idPrefix: String,
        minimumWidth: Double = 640,
        maximumWidth: Double = 4000,
        tickLabel: @escaping @Sendable (Double) -> String = SVGText.number
    ) {
        self.title = title
        self.description = description
        self.lanes = lanes
        self.bars = bars
        self.categories = categories
        self.axisLabel = axisLabel
        self.domain = domain
        self.idPrefix = idPrefix
        self.minimumWidth = minimumWidth
        self.maximumWidth = maximumWidth
        self.tickLabel = tickLabel
    }

    /// A lane: a row for its name, then its bars.
    static let laneHeight = 44.0
    static let laneLabelHeight = 17.0
    static let barHeight = 22.0
    static let legendHeight = 26.0
    static let axisHeight = 44.0
    static let leftMargin = 8.0
    static let rightMargin = 16.0
    /// Lane names and the axis label are repeated this often (px) along a wide drawing, so one
    /// is in view in a phone-sized window wherever it is scrolled.
    public static let labelRepeat = 320.0

    /// The SVG document.
    public func svg() -> String {
        let layout = Layout(chart: self)
        var out = SVGText.documentStart(className: "gantt-chart", width: layout.width, height: layout.height, idPrefix: idPrefix, title: title, description: description)
        out += legend(layout)
        out += grid(layout)
        out += laneLabels(layout)
        out += barGroup(layout)
        out += axis(layout)
        out += "</svg>\n"
        return out
    }

    // MARK: Parts

    private func legend(_ layout: Layout) -> String {
        var out = "<g class=\"legend\">\n"
        var x = layout.plotLeft
        for category in categories {
            out += "<g class=\"legend-item\"><rect x=\"\(n(x))\" y=\"6\" width=\"14\" height=\"14\" rx=\"2\""
            out += " style=\"fill: \(HTML.escape(category.color))\"/>"
            out += "<text x=\"\(n(x + 20))\" y=\"17\" style=\"fill: var(--fg, #18181b)\">\(HTML.escape(category.name))</text></g>\n"
            x += 20 + SVGText.textWidth(category.name) + 18
        }
        return out + "</g>\n"
    }

    private func grid(_ layout: Layout) -> String {
        var out = "<g class=\"grid\" style=\"stroke: var(--border, #d4d4d8); stroke-width: 1\">\n"
        for tick in layout.ticks {
            let x = n(layout.x(tick))
            out += "<line x1=\"\(x)\" y1=\"\(n(layout.plotTop))\" x2=\"\(x)\" y2=\"\(n(layout.plotBottom))\"/>\n"
        }
        for lane in 0...lanes.count {
            let y = n(layout.plotTop + Double(lane) * Self.laneHeight)
            out += "<line x1=\"\(n(layout.plotLeft))\" y1=\"\(y)\" x2=\"\(n(layout.plotRight))\" y2=\"\(y)\"/>\n"
        }
        return out + "</g>\n"
    }

    private func laneLabels(_ layout: Layout) -> String {
        var out = "<g class=\"lanes\">\n"
        for (index, label) in lanes.enumerated() {
            let y = layout.plotTop + Double(index) * Self.laneHeight + Self.laneLabelHeight - 4
            for x in layout.labelPositions(width: SVGText.textWidth(label)) {
                out += "<text x=\"\(n(x))\" y=\"\(n(y))\" style=\"fill: var(--fg, #18181b); font-weight: 600; paint-order: stroke; stroke: var(--card, #fff); stroke-width: 3px; stroke-linejoin: round\">"
                out += "\(HTML.escape(label))</text>\n"
            }
        }
        return out + "</g>\n"
    }

    private func barGroup(_ layout: Layout) -> String {
        var out = "<g class=\"bars\">\n"
        for bar in bars where lanes.indices.contains(bar.lane) {
            let start = max(bar.start, layout.low)
            let end = min(bar.end, layout.high)
            guard end >= start, bar.end >= layout.low, bar.start <= layout.high else { continue }
            let x = layout.x(start)
            let width = max(layout.x(end) - x, 1)
            let y = layout.plotTop + Double(bar.lane) * Self.laneHeight + Self.laneLabelHeight
            let color = categories.indices.contains(bar.category) ? categories[bar.category].color : "var(--muted, #52525b)"
            out += "<g class=\"bar\"\(bar.href.map { " data-href=\"\(HTML.escape($0))\"" } ?? "")><title>\(HTML.escape(bar.tooltip))</title>"
            out += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(Self.barHeight))\" rx=\"2\""
            if bar.isAbandoned {
                out += " style=\"fill: \(HTML.escape(color)); fill-opacity: 0.15; stroke: \(HTML.escape(color)); stroke-width: 1.5; stroke-dasharray: 4 3\"/>"
                // A cross where the job was given up.
                let cross = 8.0, top = y + (Self.barHeight - cross) / 2
                out += "<path d=\"M \(n(x + width - cross)) \(n(top)) l \(n(cross)) \(n(cross)) m 0 \(n(-cross)) l \(n(-cross)) \(n(cross))\""
                out += " style=\"fill: none; stroke: \(HTML.escape(color)); stroke-width: 2\"/>"
            } else {
                out += " style=\"fill: \(HTML.escape(color)); stroke: var(--card, #fff); stroke-width: 1\"/>"
            }
            let labelRoom = bar.isAbandoned ? width - 12 : width
            if SVGText.textWidth(bar.label) + 4 <= labelRoom {
                out += "<text x=\"\(n(x + labelRoom / 2))\" y=\"\(n(y + Self.barHeight / 2 + 4))\" text-anchor=\"middle\""
                out += " style=\"fill: \(bar.isAbandoned ? "var(--fg, #18181b)" : "var(--card, #fff)")\">\(HTML.escape(bar.label))</text>"
            }
            out += "</g>\n"
        }
        return out + "</g>\n"
    }

    private func axis(_ layout: Layout) -> String {
        let textStyle = "fill: var(--muted, #52525b)"
        var out = "<g class=\"axes\">\n"
        out += "<path d=\"M \(n(layout.plotLeft)) \(n(layout.plotBottom)) H \(n(layout.plotRight))\""
        out += " style=\"fill: none; stroke: var(--muted, #52525b); stroke-width: 1\"/>\n"
        for tick in layout.ticks {
            let x = n(layout.x(tick))
            out += "<line x1=\"\(x)\" y1=\"\(n(layout.plotBottom))\" x2=\"\(x)\" y2=\"\(n(layout.plotBottom + 4))\""
            out += " style=\"stroke: var(--muted, #52525b)\"/>\n"
            out += "<text x=\"\(x)\" y=\"\(n(layout.plotBottom + 17))\" text-anchor=\"middle\" style=\"\(textStyle)\">"
            out += "\(HTML.escape(tickLabel(tick)))</text>\n"
        }
        for x in layout.labelPositions(width: SVGText.textWidth(axisLabel)) {
            out += "<text class=\"axis-label\" x=\"\(n(x))\" y=\"\(n(layout.height - 8))\" style=\"fill: var(--fg, #18181b)\">"
            out += "\(HTML.escape(axisLabel))</text>\n"
        }
        return out + "</g>\n"
    }

    private func n(_ value: Double) -> String {
        SVGText.number(value)
    }

    // MARK: Layout

    /// Positions computed once per chart: size, time scale and ticks.
    struct Layout {
        let low: Double
        let high: Double
        let plotLeft: Double
        let plotRight: Double
        let plotTop: Double
        let plotBottom: Double
        let width: Double
        let height: Double
        let ticks: [Double]

        init(chart: GanttChart) {
            let latest = chart.bars.map(\.end).filter(\.isFinite).max() ?? 0
            let domain = chart.domain ?? 0...max(latest, 0)
            low = domain.lowerBound
            high = domain.upperBound > domain.lowerBound ? domain.upperBound : domain.lowerBound + 1
            let span = high - low
            plotLeft = GanttChart.leftMargin
            // Wide enough that a bar of median length holds its label, within the bounds.
            let lengths = chart.bars.map { $0.end - $0.start }.filter { $0 > 0 && $0.isFinite }.sorted()
            let labelRoom = (chart.bars.map { SVGText.textWidth($0.label) }.max() ?? 0) + 6
            var plotWidth = chart.minimumWidth - plotLeft - GanttChart.rightMargin
            if !lengths.isEmpty {
                let median = lengths[lengths.count / 2]
                plotWidth = max(plotWidth, span / median * labelRoom)
            }
            plotWidth = min(plotWidth, max(chart.maximumWidth, chart.minimumWidth) - plotLeft - GanttChart.rightMargin)
            plotRight = plotLeft + plotWidth
            width = plotRight + GanttChart.rightMargin
            plotTop = GanttChart.legendHeight + 6
            plotBottom = plotTop + Double(chart.lanes.count) * GanttChart.laneHeight
            height = plotBottom + GanttChart.axisHeight
            let step = SVGText.tickStep(span: span, count: max(2, Int(plotWidth / 90)))
            var ticks: [Double] = []
            var tick = (low / step).rounded(.up) * step
            while tick <= high + step * 1e-9 {
                ticks.append(tick)
                tick += step
            }
            self.ticks = ticks
        }

        func x(_ time: Double) -> Double {
            plotLeft + (time - low) / (high - low) * (plotRight - plotLeft)
        }

        /// Where a repeated label of `width` px starts: every ``GanttChart/labelRepeat`` px from
        /// the plot's left edge while it fits before the right edge (always at least once).
        func labelPositions(width: Double) -> [Double] {
            var positions = [plotLeft]
            var x = plotLeft + GanttChart.labelRepeat
            while x + width <= plotRight {
                positions.append(x)
                x += GanttChart.labelRepeat
            }
            return positions
        }

    }
}
