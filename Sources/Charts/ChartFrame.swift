import Basics

/// The frame of a fluid chart: a plot that takes whatever width the page gives it, with gutters of
/// fixed size in CSS pixels beside it — the value axis's numbers on the left, names at the ends of
/// lines on the right — a band above (a legend, the value axis's title) and one below (the
/// position axis, its numbers and title). Text stays 12 px at any width.
///
/// On a page the chart's root `<svg>` is the plot itself: its `style` gives it a left margin of
/// ``leftGutter`` and a width of the container less both gutters, and everything in the gutters is
/// drawn outside its box (`overflow: visible`), so percentages inside it are fractions of the
/// plot's width. The standalone file (``document(className:idPrefix:title:description:attributes:content:)``)
/// nests the same content in a drawing ``fileWidth`` wide that holds the gutters. Bar, scatter and
/// line charts share it: a chart works out its gutters, then draws its marks inside the plot.
public struct ChartFrame: Sendable, Equatable {
    /// Room left of the plot for the value axis's numbers, in px.
    public var leftGutter: Double
    /// Room right of the plot for names at the ends of lines, in px.
    public var rightGutter: Double
    /// The baseline of the value axis's title, above the plot.
    public var titleBaseline: Double
    public var plotTop: Double
    public var plotBottom: Double
    /// The plot's width in the standalone file.
    public var fileWidth: Double

    /// The band below the plot: tick labels, then the axis title.
    public static let bottomBand = 44.0
    /// The inner drawing the marks go in runs across this many units (see ``plotStart()``).
    public static let plotUnits = 1000.0
    /// Legend rows wrap at this width (px), so a legend fits a phone-sized chart unchanged.
    public static let legendWrapWidth = 300.0
    public static let legendRowHeight = 18.0
    /// The width of a legend item's swatch; its name starts 6 px after it.
    public static let swatchWidth = 24.0
    /// The smallest plot height kept however short the chart asked to be.
    public static let minimumPlotHeight = 80.0

    /// - Parameters:
    ///   - valueLabels: the value axis's tick labels, which set the left gutter.
    ///   - rightGutter: room for names at the right ends of lines (0 for none).
    ///   - headerHeight: what stands above the value axis's title (a legend's rows).
    ///   - height: the chart's height, grown when the header leaves the plot too little room.
    ///   - fileWidth: the whole drawing's width in the standalone file.
    public init(valueLabels: [String], rightGutter: Double, headerHeight: Double, height: Double, fileWidth: Double = 640) {
        leftGutter = max(24, (valueLabels.map(SVGText.textWidth).max() ?? 0) + 10)
        self.rightGutter = max(rightGutter, 8)
        titleBaseline = headerHeight + 14
        plotTop = headerHeight + 34
        plotBottom = max(height - Self.bottomBand, plotTop + Self.minimumPlotHeight)
        self.fileWidth = fileWidth
    }

    /// The chart's height.
    public var height: Double { plotBottom + Self.bottomBand }

    /// Where the items of a legend with these names stand, in rows across the top that wrap at
    /// ``legendWrapWidth`` (x from the gutter's left edge, y the middle of the row), and the
    /// rows' height.
    public static func legendPlaces(_ names: [String]) -> (places: [(x: Double, y: Double)], height: Double) {
        var places: [(x: Double, y: Double)] = []
        var x = 0.0
        var row = 0
        for name in names {
            let width = swatchWidth + 6 + SVGText.textWidth(name) + 16
            if x > 0 && x + width > legendWrapWidth {
                row += 1
                x = 0
            }
            places.append((x, 10 + Double(row) * legendRowHeight))
            x += width
        }
        return (places, names.isEmpty ? 0 : Double(row + 1) * legendRowHeight)
    }

    /// A legend: each item's drawing (its swatch from x 0 to ``swatchWidth`` around y 0, then its
    /// name) moved to its place from ``legendPlaces(_:)``, starting at the gutter's left edge.
    public func legend(_ items: [String], places: [(x: Double, y: Double)]) -> String {
        var out = "<g class=\"legend\">\n"
        for (item, place) in zip(items, places) {
            out += "<g class=\"legend-item\" transform=\"translate(\(n(place.x - leftGutter)) \(n(place.y)))\">\(item)</g>\n"
        }
        return out + "</g>\n"
    }

    /// A legend item's name, after its swatch.
    public static func legendName(_ name: String) -> String {
        "<text x=\"\(SVGText.number(swatchWidth + 6))\" y=\"4\" style=\"fill: var(--fg, #18181b)\">\(HTML.escape(name))</text>"
    }

    /// Opens the inner drawing the marks go in (close it with `</svg>`): x from 0 to
    /// ``plotUnits`` across the plot whatever its width (strokes keep their width with
    /// `vector-effect="non-scaling-stroke"`), y in px from the plot's top.
    public func plotStart() -> String {
        "<svg class=\"plot\" x=\"0\" y=\"\(n(plotTop))\" width=\"100%\" height=\"\(n(plotHeight))\""
            + " viewBox=\"0 0 \(n(Self.plotUnits)) \(n(plotHeight))\" preserveAspectRatio=\"none\" style=\"overflow: visible\">\n"
    }

    /// Ticks for categories evenly spaced across the plot, each in the middle of its share. Where
    /// their names would crowd a plot of ``widePlotWidth``, only every n-th is named; where they
    /// would crowd a phone-sized plot (``narrowPlotWidth``), all but every m-th of those are minor,
    /// hidden on phones by the site's stylesheet.
    public static func categoryTicks(_ names: [String]) -> [Tick] {
        let widest = names.map(SVGText.textWidth).max() ?? 0
        let fitting = { (width: Double) in max(1, Int(((Double(names.count) * (widest + 8)) / width).rounded(.up))) }
        let named = fitting(widePlotWidth)
        // A multiple of `named`, so the labels a phone shows are among those written.
        let every = named * Int((Double(fitting(narrowPlotWidth)) / Double(named)).rounded(.up))
        return names.indices.map { index in
            Tick(fraction: (Double(index) + 0.5) / Double(names.count), text: index % named == 0 ? names[index] : "", isMinor: index % every != 0)
        }
    }

    /// Category labels are thinned to fit a plot this narrow (a phone's).
    public static let narrowPlotWidth = 240.0

    /// Category labels are left out to fit a plot this wide (a chart's standalone file; a page's
    /// chart is at least as wide on a desktop).
    public static let widePlotWidth = 600.0

    public var plotHeight: Double { plotBottom - plotTop }

    /// Where `value` of `scale` lies vertically.
    public func y(_ value: Double, on scale: ValueScale) -> Double {
        plotBottom - scale.fraction(value) * plotHeight
    }

    /// The chart as it is inlined on a page and as its standalone file, around `content` (drawn in
    /// the plot's coordinates: x in percent of its width, y in px from the top).
    public func document(
        className: String, idPrefix: String, title: String, description: String, attributes: String = "", content: String
    ) -> (inline: String, file: String) {
        let plotWidth = fileWidth - leftGutter - rightGutter
        let fluid = "overflow: visible; margin-left: \(n(leftGutter))px; width: calc(100% - \(n(leftGutter + rightGutter))px)"
        let inline = SVGText.documentStart(
            className: className, width: plotWidth, height: height, scalable: false,
            idPrefix: idPrefix, title: title, description: description, style: fluid, attributes: attributes
        ) + content + "</svg>\n"
        var file = SVGText.documentStart(
            className: className, width: fileWidth, height: height, idPrefix: idPrefix, title: title, description: description
        )
        file += "<svg x=\"\(n(leftGutter))\" y=\"0\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" overflow=\"visible\">\n"
        file += content + "</svg>\n</svg>\n"
        return (inline, file)
    }

    /// Horizontal grid lines at the ticks above the lowest, across the plot.
    public func grid(_ scale: ValueScale) -> String {
        var out = "<g class=\"grid\" style=\"stroke: var(--border, #d4d4d8); stroke-width: 1\">\n"
        for tick in scale.ticks where tick > scale.low {
            let y = n(self.y(tick, on: scale))
            out += "<line x1=\"0\" y1=\"\(y)\" x2=\"100%\" y2=\"\(y)\"/>\n"
        }
        return out + "</g>\n"
    }

    /// The value axis: its numbers in the left gutter, right-aligned and centred on their grid
    /// lines, and its title above the plot, starting at the gutter's left edge.
    public func valueAxis(_ scale: ValueScale, label: (Double) -> String, title: String) -> String {
        var out = "<g class=\"y-axis\">\n"
        for tick in scale.ticks {
            out += "<text x=\"-6\" y=\"\(n(y(tick, on: scale) + 4))\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">"
            out += "\(HTML.escape(label(tick)))</text>\n"
        }
        out += "<text class=\"axis-label\" x=\"\(n(-leftGutter))\" y=\"\(n(titleBaseline))\" style=\"fill: var(--fg, #18181b)\">"
        out += "\(HTML.escape(title))</text>\n"
        return out + "</g>\n"
    }

    /// A tick of the position axis.
    public struct Tick: Sendable, Equatable {
        /// Where it stands across the plot, 0 at the left edge and 1 at the right.
        public var fraction: Double
        public var text: String
        /// A label that may be left out where the plot is narrow: class `minor`, which the
        /// site's stylesheet hides on phones.
        public var isMinor: Bool

        public init(fraction: Double, text: String, isMinor: Bool = false) {
            self.fraction = fraction
            self.text = text
            self.isMinor = isMinor
        }
    }

    /// The position axis under the plot: its line, a tick and a label at each tick, and its title
    /// centred below. A label whose half would pass a gutter is aligned to the plot's edge instead.
    public func positionAxis(_ ticks: [Tick], title: String) -> String {
        var out = "<g class=\"x-axis\">\n"
        out += "<line x1=\"0\" y1=\"\(n(plotBottom))\" x2=\"100%\" y2=\"\(n(plotBottom))\" style=\"stroke: var(--muted, #52525b); stroke-width: 1\"/>\n"
        for tick in ticks {
            let x = SVGText.percent(tick.fraction)
            let half = SVGText.textWidth(tick.text) / 2
            let anchor = tick.fraction < 0.02 && half > leftGutter ? "start"
                : tick.fraction > 0.98 && half > rightGutter ? "end" : "middle"
            out += "<line x1=\"\(x)\" y1=\"\(n(plotBottom))\" x2=\"\(x)\" y2=\"\(n(plotBottom + 4))\" style=\"stroke: var(--muted, #52525b)\"/>\n"
            guard !tick.text.isEmpty else { continue }
            out += "<text\(tick.isMinor ? " class=\"minor\"" : "") x=\"\(x)\" y=\"\(n(plotBottom + 17))\" text-anchor=\"\(anchor)\" style=\"fill: var(--muted, #52525b)\">"
            out += "\(HTML.escape(tick.text))</text>\n"
        }
        out += "<text class=\"axis-label\" x=\"50%\" y=\"\(n(height - 8))\" text-anchor=\"middle\" style=\"fill: var(--fg, #18181b)\">"
        out += "\(HTML.escape(title))</text>\n"
        return out + "</g>\n"
    }

    private func n(_ value: Double) -> String {
        SVGText.number(value)
    }
}
