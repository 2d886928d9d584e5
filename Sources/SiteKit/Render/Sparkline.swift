import Basics

/// The small trend line of a dashboard card: values evenly spaced across, scaled from zero (or
/// the lowest value when it is below zero) to the highest, drawn in the card's text colour.
enum Sparkline {
    static let width = 120.0
    static let height = 28.0

    /// The SVG for `values` with `label` as its accessible name; nil for fewer than two values or
    /// values that are not all finite.
    static func svg(_ values: [Double], label: String) -> String? {
        guard values.count > 1, values.allSatisfy(\.isFinite) else { return nil }
        let low = min(0, values.min() ?? 0)
        let span = max((values.max() ?? 0) - low, .leastNonzeroMagnitude)
        let step = width / Double(values.count - 1)
        let points = values.enumerated().map { index, value in
            let y = height - 2 - (value - low) / span * (height - 4)
            return "\(text(Double(index) * step)),\(text(y))"
        }
        let line = points.joined(separator: " ")
        return "<svg class=\"sparkline\" viewBox=\"0 0 \(text(width)) \(text(height))\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"\(HTML.escape(label))\">"
            + "<polygon points=\"0,\(text(height)) \(line) \(text(width)),\(text(height))\" class=\"sparkline-area\"/>"
            + "<polyline points=\"\(line)\" class=\"sparkline-line\"/></svg>"
    }

    /// A coordinate with at most one decimal.
    private static func text(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
