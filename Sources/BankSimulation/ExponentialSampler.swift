import Randomness

/// Fast exponential samples from a ``SeededGenerator``, identical on every machine.
///
/// The simulation draws two exponentials per customer in Poisson scenarios, so the logarithm
/// dominates its cost. This one uses a 256-entry table built once with ``PortableMath`` (no platform
/// `log`, whose last bits may differ between systems) and a short polynomial; it uses only IEEE
/// addition, multiplication and division, so every machine gets the same bits.
struct ExponentialSampler {
    /// For mantissa slice i (the top 8 fraction bits): 1/c and −ln(1/c) for its centre c.
    private static let sharedTable: [(inverse: Double, logCentre: Double)] = (0..<256).map { index in
        let centre = 1 + (Double(index) + 0.5) / 256
        let inverse = 1 / centre
        return (inverse, -PortableMath.logNearOne(inverse))
    }

    /// The table, held by each sampler so the hot loop does not check a lazy global every call.
    private let table = ExponentialSampler.sharedTable

    /// ln(x) for a positive normal x.
    @inline(__always)
    func log(_ x: Double) -> Double {
        let bits = x.bitPattern
        let exponent = Double(Int((bits >> 52) & 0x7FF) - 1023)
        let fraction = bits & 0x000F_FFFF_FFFF_FFFF
        let mantissa = Double(bitPattern: 0x3FF0_0000_0000_0000 | fraction)  // [1, 2)
        let entry = table[Int(fraction >> 44)]
        let r = mantissa * entry.inverse - 1  // |r| < 2⁻⁹
        // ln(1 + r) ≈ r − r²/2 + r³/3 − r⁴/4 (error below r⁵/5 < 10⁻¹⁴), in a short dependency chain.
        let r2 = r * r
        let poly = (r + r2 * (-0.5 + r * (1.0 / 3))) + r2 * r2 * -0.25
        return (exponent * PortableMath.ln2 + entry.logCentre) + poly
    }

    /// An exponential sample with mean `meanTicks`, rounded to whole ticks: −mean·ln(1 − u)
    /// with u the generator's next 53-bit unit value.
    @inline(__always)
    func ticks(meanTicks: Double, _ generator: inout SeededGenerator) -> Int64 {
        // 1 − u = (2⁵³ − k)·2⁻⁵³ exactly, with k the top 53 bits: always in (0, 1].
        let k = generator.next() >> 11
        let x = Double((1 << 53) - k) * 0x1.0p-53
        return Int64(-meanTicks * log(x) + 0.5)
    }
}
