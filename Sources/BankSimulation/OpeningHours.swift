/// When the doors open and close, as times of day in seconds after midnight. The simulation's
/// clock starts at opening (t = 0); no one arrives after closing, and those inside are still served.
public struct OpeningHours: Sendable, Equatable {
    /// Opening, in seconds after midnight (09:00 is 32,400).
    public var open: Double
    /// Closing, in seconds after midnight; after `open`.
    public var close: Double

    public init(open: Double, close: Double) {
        self.open = open
        self.close = close
    }

    /// How long the doors are open, in seconds.
    public var length: Double { close - open }

    /// The time of day of `ticks` after opening, as `09:05` (or `09:05:07` when `seconds`),
    /// counting on past midnight (`24:30`) for a day served late into the night.
    public func clock(_ ticks: Int64, seconds: Bool = false) -> String {
        let total = Int64((open * 1_000_000).rounded()) + ticks
        let whole = seconds ? (total + 500_000) / 1_000_000 : (total + 30_000_000) / 60_000_000 * 60
        let hours = whole / 3600, minutes = whole / 60 % 60, rest = whole % 60
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return seconds ? "\(two(hours)):\(two(minutes)):\(two(rest))" : "\(two(hours)):\(two(minutes))"
    }
}
