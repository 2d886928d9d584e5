/// Shared pieces of the SVG writers: escaping and compact, locale-free coordinates.
public enum SVGText {
    /// Escapes text for SVG content and attributes.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A coordinate with at most two decimals and no trailing zeros: `12.5`, `3`, `0.25`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// "Nice" tick values covering `0...maximum` (1, 2 or 5 times a power of ten), at most `count` + 1 ticks.
    public static func ticks(upTo maximum: Double, count: Int = 5) -> [Double] {
        guard maximum > 0, maximum.isFinite, count > 0 else { return [0] }
        let rough = maximum / Double(count)
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        while magnitude > rough { magnitude /= 10 }
        let step = [1.0, 2.0, 5.0, 10.0].map { $0 * magnitude }.first { $0 >= rough } ?? magnitude * 10
        var values: [Double] = []
        var value = 0.0
        while value < maximum + step * 0.5 {
            values.append(value)
            value += step
        }
        if let last = values.last, last < maximum { values.append(last + step) }
        return values
    }
}
