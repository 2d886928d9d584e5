/// The scale a day's waits and times are read in.
public enum TimeScale: Sendable, Equatable {
    /// The seed's days, which last seconds.
    case seconds
    /// A branch's day, with opening hours or durations of minutes and hours.
    case minutes

    /// Seconds in one unit of the scale: 1 or 60.
    public var seconds: Double { self == .minutes ? 60 : 1 }
}
