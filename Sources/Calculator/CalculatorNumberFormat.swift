/// Writes calculator results the way the tape shows them, independent of the machine's locale.
///
/// - the shortest decimal that reads back as the same `Double` (the digits of Swift's
///   `description`): `0.30000000000000004`, `2.5`;
/// - `,` between groups of three digits in the integer part, no trailing zeros, no `.0`: `3,000`;
/// - an ASCII `-` for negative numbers; `-0` is `0`;
/// - exponent form when the plain form would need more than ``maximumPlainDigits`` digits:
///   `1e+21`, `1.5e-20`;
/// - `NaN` for not-a-number, `∞` and `-∞` for infinities.
public enum CalculatorNumberFormat {
    /// The most digits (counting a leading `0` before the point) written without an exponent.
    public static let maximumPlainDigits = 20

    /// The text for `value`.
    public static func text(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        if value == 0 { return "0" }
        let sign = value < 0 ? "-" : ""
        let decimal = ShortestDecimal(value.magnitude)
        return sign + (decimal.plainDigitCount > maximumPlainDigits ? decimal.exponentForm : decimal.plainForm)
    }
}

/// A positive finite number as significant digits and the position of the decimal point:
/// `123.45` is digits `12345` with the point after 3 digits; `0.001` is `1` with the point at -2.
private struct ShortestDecimal {
    /// The significant digits, without leading or trailing zeros.
    var digits: [Character]
    /// How many digits stand before the decimal point (may be ≤ 0 or more than `digits.count`).
    var pointPosition: Int

    /// Reads the shortest round-trip digits from Swift's `description` (`1.5e-07`, `123.0`).
    init(_ value: Double) {
        let text = value.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0].split(separator: ".", maxSplits: 1)
        let integerPart = Array(mantissa[0])
        let fractionPart = mantissa.count > 1 ? Array(mantissa[1]) : []
        var digits = integerPart + fractionPart
        var pointPosition = integerPart.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        self.digits = digits
        self.pointPosition = pointPosition
    }

    /// Digits written in plain form, the `0` before the point of a number below one included.
    var plainDigitCount: Int {
        if pointPosition >= digits.count { return pointPosition }
        if pointPosition > 0 { return digits.count }
        return 1 - pointPosition + digits.count
    }

    /// `12,345.678`, `0.000123`, `3,000`.
    var plainForm: String {
        if pointPosition <= 0 {
            return "0." + String(repeating: "0", count: -pointPosition) + String(digits)
        }
        let integerDigits = pointPosition >= digits.count
            ? digits + Array(repeating: "0", count: pointPosition - digits.count)
            : Array(digits[..<pointPosition])
        let fraction = pointPosition < digits.count ? "." + String(digits[pointPosition...]) : ""
        return Self.grouped(integerDigits) + fraction
    }

    /// `1e+21`, `1.2345e-25`: one digit before the point.
    var exponentForm: String {
        let head = String(digits[0])
        let tail = digits.count > 1 ? "." + String(digits[1...]) : ""
        let exponent = pointPosition - 1
        return head + tail + "e" + (exponent < 0 ? "-" : "+") + String(exponent.magnitude)
    }

    private static func grouped(_ digits: [Character]) -> String {
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
