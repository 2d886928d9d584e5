/// A figure of one day: everyone's or one service's mean wait, or a target's figure.
public enum DayFigure: Sendable, Equatable {
    /// The mean wait of one service (nil: of everyone).
    case meanWait(service: Int?)
    /// The share waiting at most the threshold, of one service (nil: of everyone).
    case serviceLevel(service: Int?)

    /// The figure a target is judged by.
    public init(_ target: WaitTarget) {
        switch target.measure {
        case .serviceLevel: self = .serviceLevel(service: target.service)
        case .meanWait: self = .meanWait(service: target.service)
        }
    }

    /// Its value on one day; nil when the day counted nobody in the group.
    public func value(_ day: DaySummary) -> Double? {
        switch self {
        case .meanWait(let service): waits(day, service)?.meanWait
        case .serviceLevel(let service): waits(day, service)?.serviceLevel
        }
    }

    private func waits(_ day: DaySummary, _ service: Int?) -> WaitFigures? {
        guard let service else { return day.waits }
        return service < day.serviceWaits.count ? day.serviceWaits[service] : nil
    }
}

/// How one figure changes from one value of a sweep to the next, day by day: both values ran the
/// same seeds, so each day's customers are the same and the day's difference is the setting's
/// doing alone (common random numbers). The interval is the paired t interval over the days both
/// have the figure.
public struct PairedDifference: Sendable, Equatable {
    /// The indices in ``Sweep/points`` of the two values, the smaller value first.
    public let from: Int
    public let to: Int
    /// `to`'s figure minus `from`'s, day by day.
    public let change: Estimate

    /// The difference of `figure` between points `from` and `to` of `sweep`; nil when no day has both.
    public init?(_ sweep: Sweep, from: Int, to: Int, figure: DayFigure) {
        let days = zip(sweep.points[from].days, sweep.points[to].days).compactMap { a, b -> Double? in
            guard let before = figure.value(a), let after = figure.value(b) else { return nil }
            return after - before
        }
        guard !days.isEmpty else { return nil }
        self.from = from
        self.to = to
        // A difference of two shares lies within ±1; of two waits, anywhere.
        let scale: Estimate.Scale = if case .serviceLevel = figure { .bounded(-1...1) } else { .unbounded }
        change = Estimate(values: days, scale: scale)
    }
}

/// What a sweep says about a target: the value that meets it with the least resource, and the
/// neighbouring value that misses it.
///
/// Adding tellers lowers waits, so the answer is the fewest tellers from which every larger value
/// meets the target (else the fewest that meet it at all); raising the arrival rate, the customers
/// or a duration raises them, so the answer is the highest such value. The figures compared are
/// the means over the days.
public struct SweepAnswer: Sendable, Equatable {
    public let target: WaitTarget
    /// The index in ``Sweep/points`` of the answer; nil when no value meets the target.
    public let answer: Int?
    /// The neighbouring value that does not meet it — the next value down for tellers, the next
    /// value up for loads — when the sweep has one.
    public let next: Int?
    /// When nothing meets the target: the value that comes closest.
    public let closest: Int?
    /// The target's figure from the answer to the next value, day by day.
    public let difference: PairedDifference?

    public init(_ sweep: Sweep, target: WaitTarget) {
        self.target = target
        let figures = sweep.points.map { target.figure(of: $0)?.mean }
        let meets = figures.map { $0.map(target.isMet(by:)) ?? false }
        // From the hardest case to the easiest: fewest tellers → most, or heaviest load → lightest.
        var order = sweep.points.indices.sorted { (sweep.points[$0].value, $0) < (sweep.points[$1].value, $1) }
        if !sweep.setting.addsCapacity { order.reverse() }
        // The answer is the first position from which every easier value meets the target.
        var position: Int?
        for index in order.indices.reversed() {
            guard meets[order[index]] else { break }
            position = index
        }
        if position == nil { position = order.firstIndex { meets[$0] } }
        answer = position.map { order[$0] }
        next = position.flatMap { $0 > 0 ? order[$0 - 1] : nil }
        closest = answer == nil
            ? sweep.points.indices.filter { figures[$0] != nil }.min { target.shortfall(of: figures[$0]!) < target.shortfall(of: figures[$1]!) }
            : nil
        if let answer, let next {
            let (low, high) = sweep.points[answer].value < sweep.points[next].value ? (answer, next) : (next, answer)
            difference = PairedDifference(sweep, from: low, to: high, figure: DayFigure(target))
        } else {
            difference = nil
        }
    }
}

extension SweepSetting {
    /// True when a larger value means more capacity (tellers), false when it means more load.
    public var addsCapacity: Bool {
        if case .tellers = self { return true }
        return false
    }
}

extension Sweep {
    /// The figure a sweep is compared by without a target: the mean wait of the swept service, or
    /// of everyone when the setting loads every service.
    public var comparedFigure: DayFigure {
        if let target = points.first?.scenario.target { return DayFigure(target) }
        return .meanWait(service: sweptService)
    }

    /// The paired differences of `figure` between each value and the next larger one.
    public func neighbourDifferences(_ figure: DayFigure) -> [PairedDifference] {
        let order = points.indices.sorted { (points[$0].value, $0) < (points[$1].value, $1) }
        return zip(order, order.dropFirst()).compactMap { PairedDifference(self, from: $0, to: $1, figure: figure) }
    }

    /// Without a target: the neighbouring pair whose mean wait (``comparedFigure``) changes most.
    public var largestChange: PairedDifference? {
        neighbourDifferences(.meanWait(service: sweptService)).max { abs($0.change.mean) < abs($1.change.mean) }
    }

    /// The answer to the scenario's target, when it has one.
    public var answer: SweepAnswer? {
        points.first?.scenario.target.map { SweepAnswer(self, target: $0) }
    }
}
