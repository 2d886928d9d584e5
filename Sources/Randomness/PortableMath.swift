/// Logarithms computed with IEEE arithmetic only, never by the platform's libm, whose last bits
/// may differ between systems: a seed must give the same numbers on every machine.
public enum PortableMath {
    /// ln(2).
    public static let ln2 = 0.693_147_180_559_945_309_417_232_121_458_176_568

    /// ln(y) for y near 1 (within [0.5, 2]) as 2·atanh((y − 1)/(y + 1)), summed until it stops changing.
    public static func logNearOne(_ y: Double) -> Double {
        let t = (y - 1) / (y + 1)
        let t2 = t * t
        var term = t
        var sum = 0.0
        var k = 1.0
        while true {
            let next = sum + term / k
            if next == sum { break }
            sum = next
            term *= t2
            k += 2
        }
        return 2 * sum
    }

    /// ln(x) for x ≥ 0: x = m·2^e with m in [1, 2), ln(x) = ln(m) + e·ln(2).
    public static func log(_ x: Double) -> Double {
        if x == 0 { return -.infinity }
        return logNearOne(x.significand) + Double(x.exponent) * ln2
    }
}
