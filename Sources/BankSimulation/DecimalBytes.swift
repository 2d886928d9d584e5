/// Decimal numbers written straight into memory as UTF-8 digits, for output too large to build
/// from strings (a million customers make 72 MB of CSV). ``SimulatedTime/exactText(_:)`` is
/// written with the same code, so both always agree.
public enum DecimalBytes {
    /// The most bytes ``writeDigits(_:to:)`` writes: `UInt64.max` has 20 digits.
    public static let maxDigits = 20

    /// The most bytes ``writeSeconds(_:to:)`` writes: a sign, 13 whole seconds, the point and 6
    /// decimals (`Int64.min` is `-9223372036854.775808`).
    public static let maxSeconds = 21

    /// `00`, `01`, … `99`: two digits per lookup, so a number takes one division per pair.
    @usableFromInline
    static let pairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Writes the decimal digits of `value` (`0`, `12`, `18446744073709551615`) at `out`, which
    /// must have room for ``maxDigits`` bytes; returns how many it wrote.
    @inlinable
    public static func writeDigits(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard value < 100_000_000 else { return writeLongDigits(value, to: out) }
        // Up to eight digits (every customer number and time of a day so far): 32-bit arithmetic.
        let value = UInt32(truncatingIfNeeded: value)
        let count = value < 10_000
            ? (value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4))
            : (value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8))
        var rest = value
        var end = out + count
        while rest >= 100 {
            end -= 2
            writePair(Int(rest % 100), to: end)
            rest /= 100
        }
        if rest >= 10 {
            writePair(Int(rest), to: out)
        } else {
            out[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest)
        }
        return count
    }

    /// ``writeDigits(_:to:)`` for nine digits and more: the eight lowest, then the rest before them.
    @usableFromInline
    static func writeLongDigits(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let high = writeDigits(value / 100_000_000, to: out)
        var low = Int(value % 100_000_000)
        for index in stride(from: 6, through: 0, by: -2) {
            writePair(low % 100, to: out + high + index)
            low /= 100
        }
        return high + 8
    }

    /// Writes `ticks` as seconds exact to the microsecond, without trailing zeros, at `out`, which
    /// must have room for ``maxSeconds`` bytes; returns how many it wrote. `700000` is `0.7`,
    /// `2000000` is `2`, `1` is `0.000001`, `-3500000` is `-3.5`. The room after those bytes may
    /// be overwritten (all six decimals are written before the trailing zeros are dropped).
    @inlinable
    public static func writeSeconds(_ ticks: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var at = out
        if ticks < 0 {
            at[0] = UInt8(ascii: "-")
            at += 1
        }
        // The magnitude as UInt64, so Int64.min (whose negation overflows) is written too.
        let magnitude = ticks.magnitude
        let whole = magnitude / 1_000_000
        let fraction = Int(magnitude - whole * 1_000_000)
        at += writeDigits(whole, to: at)
        guard fraction != 0 else { return at - out }
        // All six decimals, then the trailing zeros go (one decimal at least is not zero).
        at[0] = UInt8(ascii: ".")
        writePair(fraction / 10_000, to: at + 1)
        writePair(fraction / 100 % 100, to: at + 3)
        writePair(fraction % 100, to: at + 5)
        var decimals = 6
        while at[decimals] == UInt8(ascii: "0") { decimals -= 1 }
        return at - out + 1 + decimals
    }

    /// Writes `pair` (0…99) as two digits at `out`.
    @inlinable @inline(__always)
    static func writePair(_ pair: Int, to out: UnsafeMutablePointer<UInt8>) {
        let pairs = Self.pairs.utf8Start
        out[0] = pairs[pair * 2]
        out[1] = pairs[pair * 2 + 1]
    }
}
