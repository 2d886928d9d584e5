import Basics

/// The frame the bar and scatter charts share, laid out as ``LineChart`` lays out its own: a
/// legend across the top (wrapping at a phone's width), the y-axis title above the plot, the plot
/// across the full width with its y tick labels above their grid lines at the left edge on a halo,
/// and the x labels and title below. Horizontal places are percentages of the rendered width;
/// the plot is an inner drawing ``plotUnits`` wide stretched across it.
struct ChartFrame {
    static let plotUnits = 1000.0
    static let legendWrapWidth = 300.0
    static let legendRowHeight = 18.0
    static let swatchWidth = 24.0
    static let halo = "paint-order: stroke; stroke: var(--card, #fff); stroke-width: 3px; stroke-linejoin: round"

    let plotTop: Double
    let plotBottom: Double
    let height: Double
    let yTitleBaseline: Double
    /// Each legend item's place, in order.
    let legendPlaces: [(x: Double, y: Double)]

    init(height requested: Double, legendNames: [String]) {
        var places: [(x: Double, y: Double)] = []
        var x = 0.0, row = 0
        for name in legendNames {
            let itemWidth = Self.swatchWidth + 6 + SVGText.textWidth(name) + 16
            if x > 0 && x + itemWidth > Self.legendWrapWidth {
                row += 1
                x = 0
            }
            places.append((x, 10 + Double(row) * Self.legendRowHeight))
            x += itemWidth
        }
        legendPlaces = places
        let legendBottom = legendNames.isEmpty ? 0 : Double(row + 1) * Self.legendRowHeight
        yTitleBaseline = legendBottom + 14
        plotTop = legendBottom + 34
        plotBottom = max(requested - 44, plotTop + 80)
        height = plotBottom + 44
    }

    /// Nice ticks from a multiple of the step at or below `low` to one at or above `high`.
    static func niceTicks(low: Double, high: Double) -> [Double] {
        guard high > low else { return [low == 0 ? 0 : min(0, low), max(1, low + 1)] }
        let step = SVGText.tickStep(span: high - low, count: 5)
        let first = (low / step).rounded(.down), last = (high / step).rounded(.up)
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// Where value `value` falls on a y axis of `ticks`.
    func y(_ value: Double, ticks: [Double]) -> Double {
        let low = ticks.first ?? 0, high = ticks.last ?? 1
        return plotBottom - (value - low) / (high - low) * (plotBottom - plotTop)
    }

    /// The legend: each item's drawing (swatch at 0…24, text after), placed in rows.
    func legend(_ items: [String]) -> String {
        var out = "<g class=\"legend\">\n"
        for (item, place) in zip(items, legendPlaces) {
            out += "<g class=\"legend-item\" transform=\"translate(\(n(place.x)) \(n(place.y)))\">\(item)</g>\n"
        }
        return out + "</g>\n"
    }

    func grid(_ ticks: [Double]) -> String {
        var out = "<g class=\"grid\" style=\"stroke: var(--border, #d4d4d8); stroke-width: 1\">\n"
        for tick in ticks.dropFirst() {
            let at = n(y(tick, ticks: ticks))
            out += "<line x1=\"0\" y1=\"\(at)\" x2=\"100%\" y2=\"\(at)\"/>\n"
        }
        return out + "</g>\n"
    }

    /// Opens the inner drawing the marks go in (close it with `</svg>`): x 0…``plotUnits``, y in
    /// pixels from the plot's top.
    func plotStart() -> String {
        let plotHeight = plotBottom - plotTop
        return "<svg class=\"plot\" x=\"0\" y=\"\(n(plotTop))\" width=\"100%\" height=\"\(n(plotHeight))\""
            + " viewBox=\"0 0 \(n(Self.plotUnits)) \(n(plotHeight))\" preserveAspectRatio=\"none\" style=\"overflow: visible\">\n"
    }

    /// The x axis line at `zero`, labels at fractions of the width, and the x title.
    func xAxis(labels: [(fraction: Double, text: String)], zero: Double, title: String) -> String {
        let textStyle = "fill: var(--muted, #52525b)"
        var out = "<g class=\"axes\">\n"
        let axisY = min(max(zero, plotTop), plotBottom)
        out += "<line x1=\"0\" y1=\"\(n(axisY))\" x2=\"100%\" y2=\"\(n(axisY))\" style=\"stroke: var(--muted, #52525b); stroke-width: 1\"/>\n"
        for label in labels {
            let anchor = label.fraction < 0.02 ? "start" : label.fraction > 0.98 ? "end" : "middle"
            let shown = label.text.count > 14 ? String(label.text.prefix(13)) + "…" : label.text
            out += "<text x=\"\(n(label.fraction * 100))%\" y=\"\(n(plotBottom + 17))\" text-anchor=\"\(anchor)\" style=\"\(textStyle)\">"
            out += "\(HTML.escape(shown))</text>\n"
        }
        out += "<text class=\"axis-label\" x=\"50%\" y=\"\(n(height - 8))\" text-anchor=\"middle\" style=\"fill: var(--fg, #18181b)\">"
        out += "\(HTML.escape(title))</text>\n"
        return out + "</g>\n"
    }

    /// Y tick labels at the left edge above their grid lines, and the y title above the plot.
    func yAxis(_ ticks: [Double], label: (Double) -> String, title: String) -> String {
        var out = "<g class=\"y-axis\">\n"
        for tick in ticks {
            out += "<text x=\"0\" y=\"\(n(y(tick, ticks: ticks) - 4))\" style=\"fill: var(--muted, #52525b); \(Self.halo)\">"
            out += "\(HTML.escape(label(tick)))</text>\n"
        }
        out += "<text class=\"axis-label\" x=\"0\" y=\"\(n(yTitleBaseline))\" style=\"fill: var(--fg, #18181b)\">\(HTML.escape(title))</text>\n"
        return out + "</g>\n"
    }

    private func n(_ value: Double) -> String { SVGText.number(value) }
}
