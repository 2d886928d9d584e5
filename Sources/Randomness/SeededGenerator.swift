/// A random number generator with a fixed algorithm (xoshiro256**, seeded through SplitMix64),
/// so the same seed gives the same stream on every machine and every Swift version.
///
/// Never use the system generator for anything that reaches the output: determinism is part of the
/// product contract.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// Creates a generator whose whole stream is determined by `seed`.
    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A double uniformly drawn from [0, 1), using the top 53 bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A double uniformly drawn from [lower, upper).
    public mutating func nextDouble(in lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * nextUnit()
    }

    /// An integer uniformly drawn from `range` without modulo bias (Lemire's method).
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if width == 0 { return Int(bitPattern: UInt(next())) }  // the full 64-bit range
        var product = next().multipliedFullWidth(by: width)
        if product.low < width {
            let threshold = (0 &- width) % width
            while product.low < threshold {
                product = next().multipliedFullWidth(by: width)
            }
        }
        return range.lowerBound &+ Int(bitPattern: UInt(product.high))
    }

    /// An exponentially distributed value with the given mean (inverse transform sampling).
    public mutating func nextExponential(mean: Double) -> Double {
        // 1 - u is in (0, 1], so the logarithm is finite.
        -mean * PortableMath.log(1.0 - nextUnit())
    }

    /// An index drawn with probability proportional to `weights` (all non-negative, sum > 0).
    public mutating func nextIndex(weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        var target = nextUnit() * total
        for (index, weight) in weights.enumerated() {
            if target < weight { return index }
            target -= weight
        }
        return weights.lastIndex { $0 > 0 } ?? 0
    }

    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}

/// A stable 64-bit FNV-1a hash of a string: the same on every run, machine and Swift version.
/// Used to derive a seed from a page path and block index, and for content-hashed names.
public func stableHash(_ text: String) -> UInt64 {
    stableHash(bytes: text.utf8)
}

/// A stable 64-bit FNV-1a hash of bytes.
public func stableHash(bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
}
