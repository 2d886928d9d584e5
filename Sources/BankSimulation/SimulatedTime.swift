/// Time on the simulation's virtual clock, kept in whole microseconds ("ticks").
///
/// Integer ticks make equal times exactly equal (0.7 + 0.7 + 0.7 is 2.1, so a completion and an
/// arrival at 2.1 s really tie) and sums never drift. Durations drawn at random are rounded to the
/// nearest microsecond.
public enum SimulatedTime {
    /// Ticks per second.
    public static let ticksPerSecond: Int64 = 1_000_000

    /// The ticks nearest to `seconds` (which must be finite and non-negative).
    @inline(__always)
    public static func ticks(seconds: Double) -> Int64 {
        Int64(seconds * 1_000_000 + 0.5)
    }

    /// The time in seconds.
    @inline(__always)
    public static func seconds(_ ticks: Int64) -> Double {
        Double(ticks) / 1_000_000
    }

    /// Seconds with exactly `places` decimals (0…6), rounded half up: `8400000` → `8.40`.
    public static func text(_ ticks: Int64, places: Int = 2) -> String {
        let places = min(max(places, 0), 6)
        var unit: Int64 = 1
        for _ in 0..<(6 - places) { unit *= 10 }
        let negative = ticks < 0
        let magnitude = negative ? -ticks : ticks
        let rounded = (magnitude + unit / 2) / unit
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let whole = rounded / scale
        let sign = negative && rounded != 0 ? "-" : ""
        guard places > 0 else { return "\(sign)\(whole)" }
        var fraction = String(rounded % scale)
        while fraction.count < places { fraction = "0" + fraction }
        return "\(sign)\(whole).\(fraction)"
    }

    /// Seconds written exactly, without trailing zeros: `700000` → `0.7`, `2000000` → `2`,
    /// `3` → `0.000003`. Used for CSV and JSON, where every tick counts.
    public static func exactText(_ ticks: Int64) -> String {
        String(unsafeUninitializedCapacity: DecimalBytes.maxSeconds) { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            return DecimalBytes.writeSeconds(ticks, to: start)
        }
    }
}
