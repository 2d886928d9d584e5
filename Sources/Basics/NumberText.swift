/// Number formatting that never depends on the machine's locale.
public enum NumberText {
    /// An integer with `,` thousands separators: `12000` → `12,000`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }

    /// A number with exactly `places` decimals, rounded half away from zero: `8.4` → `8.40`.
    public static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        // Exact integer arithmetic for the digits, so 8.4 prints 8.40 and never 8.3999.
        guard scaled < 9e15 else { return String(value) }
        let whole = Int(scaled)
        let divisor = Int(scale)
        let integerPart = whole / divisor
        let fraction = whole % divisor
        let sign = value < 0 && whole != 0 ? "-" : ""
        guard places > 0 else { return sign + String(integerPart) }
        var fractionText = String(fraction)
        while fractionText.count < places { fractionText = "0" + fractionText }
        return "\(sign)\(integerPart).\(fractionText)"
    }

    /// `fixed` with thousands separators in the integer part: `12345.6` → `12,345.60`.
    public static func groupedFixed(_ value: Double, places: Int) -> String {
        let text = fixed(value, places: places)
        guard value.isFinite else { return text }
        let negative = text.hasPrefix("-")
        let body = negative ? String(text.dropFirst()) : text
        let parts = body.split(separator: ".", maxSplits: 1)
        guard let integer = Int(parts[0]) else { return text }
        let head = grouped(integer)
        let result = parts.count > 1 ? "\(head).\(parts[1])" : head
        return negative ? "-" + result : result
    }

    /// A share as a percentage with one decimal: `0.934` → `93.4%`.
    public static func percent(_ fraction: Double) -> String {
        fixed(fraction * 100, places: 1) + "%"
    }
}
