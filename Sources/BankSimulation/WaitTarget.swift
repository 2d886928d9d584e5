/// What a branch promises its customers, e.g. "80% of customers wait at most 20 s", for one
/// service or for everyone; a sweep's answer is the setting that meets it.
public struct WaitTarget: Sendable, Equatable {
    /// The figure the target is about.
    public enum Measure: Sendable, Equatable {
        /// At least `share` (0…1) of the customers wait at most `within` seconds.
        case serviceLevel(within: Double, share: Double)
        /// The mean wait is at most this many seconds.
        case meanWait(Double)
    }

    public var measure: Measure
    /// The index of the service it is about; nil for every customer.
    public var service: Int?

    public init(_ measure: Measure, service: Int? = nil) {
        self.measure = measure
        self.service = service
    }

    /// The target's figure among a group's estimates: its service level or its mean wait.
    public func figure(of estimates: WaitEstimates) -> Estimate {
        switch measure {
        case .serviceLevel: estimates.serviceLevel
        case .meanWait: estimates.meanWait
        }
    }

    /// The target's figure over the days of a point of a sweep; nil when its group had nobody.
    public func figure(of point: SweepPoint) -> Estimate? {
        let statistics = point.statistics
        return (service.map { statistics.service($0) } ?? statistics.overall).map(figure(of:))
    }

    /// Whether a value of the target's figure meets it.
    public func isMet(by value: Double) -> Bool {
        switch measure {
        case .serviceLevel(_, let share): value >= share
        case .meanWait(let limit): value <= limit
        }
    }

    /// How far a value is from the target, positive when it misses: share points short of the
    /// service level, or seconds over the mean wait.
    public func shortfall(of value: Double) -> Double {
        switch measure {
        case .serviceLevel(_, let share): share - value
        case .meanWait(let limit): value - limit
        }
    }
}
