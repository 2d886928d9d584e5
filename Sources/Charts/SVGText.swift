import Basics

/// Shared pieces of the SVG writers: compact, locale-free coordinates (escaping is `HTML.escape`).
public enum SVGText {
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

    /// The step that ``ticks(upTo:count:)`` picks for a span (1 when it picks a single tick).
    public static func tickStep(span: Double, count: Int) -> Double {
        let ticks = ticks(upTo: span, count: count)
        return ticks.count > 1 ? ticks[1] - ticks[0] : 1
    }

    /// A rough width of text at 12px: narrow for ASCII, full width for Hangul, wider for emoji.
    public static func textWidth(_ text: String) -> Double {
        text.unicodeScalars.reduce(0) { width, scalar in
            width + (scalar.isASCII ? 7 : (scalar.properties.isEmojiPresentation ? 14 : 12))
        }
    }

    /// The opening of an accessible SVG document: the root element with `role="img"`, labelled by
    /// a `<title>` and a `<desc>` whose ids start with `idPrefix` (unique on the page). A
    /// `scalable` drawing has a `viewBox` (it scales as a whole); otherwise its user units stay CSS
    /// pixels at any rendered size and `width`/`height` only give its size when opened on its own.
    /// `style` is added to the root's style (after the font), `attributes` written as they are
    /// (each with its leading space).
    public static func documentStart(
        className: String, width: Double, height: Double, scalable: Bool = true,
        idPrefix: String, title: String, description: String, style: String = "", attributes: String = ""
    ) -> String {
        let titleID = HTML.escape("\(idPrefix)-title")
        let descID = HTML.escape("\(idPrefix)-desc")
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(HTML.escape(className))\""
        if scalable { out += " viewBox=\"0 0 \(number(width)) \(number(height))\"" }
        out += " width=\"\(number(width))\" height=\"\(number(height))\" role=\"img\" aria-labelledby=\"\(titleID) \(descID)\""
        out += " style=\"font-family: system-ui, sans-serif; font-size: 12px\(style.isEmpty ? "" : "; " + HTML.escape(style))\"\(attributes)>\n"
        out += "<title id=\"\(titleID)\">\(HTML.escape(title))</title>\n"
        out += "<desc id=\"\(descID)\">\(HTML.escape(description))</desc>\n"
        return out
    }

    /// A fraction of a width as an SVG percentage: `0.5` → `50%`.
    public static func percent(_ fraction: Double) -> String {
        number(fraction * 100) + "%"
    }

    /// `text` as a JSON string, quotes included.
    public static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Text for a single-quoted attribute value: `&`, `<`, `>` and `'` escaped, `"` kept (JSON
    /// stays readable and short).
    public static func attributeText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
