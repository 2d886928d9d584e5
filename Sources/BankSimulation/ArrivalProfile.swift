/// A stretch of the day with its own arrival rate.
public struct RatePeriod: Sendable, Equatable {
    /// When the stretch begins and ends, in seconds after opening.
    public var start: Double
    public var end: Double
    /// Customers per second during the stretch (0 for none).
    public var rate: Double

    public init(start: Double, end: Double, rate: Double) {
        self.start = start
        self.end = end
        self.rate = rate
    }
}

/// Arrivals whose rate changes over the day — a non-homogeneous Poisson stream, piecewise
/// constant — with batches that may come on top.
public struct ArrivalProfile: Sendable, Equatable {
    /// The stretches, in time order, not overlapping (gaps have no arrivals).
    public var periods: [RatePeriod]
    /// Groups who walk in together, besides the stream.
    public var batches: [Batch]

    public init(periods: [RatePeriod], batches: [Batch] = []) {
        self.periods = periods
        self.batches = batches
    }

    /// The expected number of customers the stream brings: the integral of the rate.
    public var expectedStreamCustomers: Double {
        periods.reduce(0) { $0 + max($1.rate, 0) * max($1.end - $1.start, 0) }
    }

    /// The expected number of customers of the whole day: the stream's and the batches'.
    public var expectedCustomers: Double {
        expectedStreamCustomers + Double(batchCustomers)
    }

    /// The most customers the stream may bring: its mean plus ten standard deviations plus 20.
    /// A Poisson count passes this with a probability below 10⁻²⁰, so the generator stops there.
    public var streamBound: Int {
        let mean = expectedStreamCustomers
        guard mean.isFinite, mean < 1e15 else { return Int.max / 2 }
        return Int((mean + 10 * mean.squareRoot() + 20).rounded(.up))
    }

    /// Customers the batches bring (saturating).
    public var batchCustomers: Int {
        batches.reduce(0) { total, batch in
            let sum = total.addingReportingOverflow(max(batch.count, 0))
            return sum.overflow ? Int.max : sum.partialValue
        }
    }

    /// The rate when the whole day is one stretch without batches (a homogeneous Poisson stream).
    public var constantRate: Double? {
        guard periods.count == 1, batches.isEmpty else { return nil }
        return periods[0].rate
    }

    /// The highest rate of any stretch.
    public var peakRate: Double { periods.map(\.rate).max() ?? 0 }

    /// When the last stretch ends, in seconds after opening.
    public var end: Double { periods.map(\.end).max() ?? 0 }
}

extension ArrivalProfile {
    /// What keeps the profile from running, named by its scenario key.
    func problems() -> [ScenarioProblem] {
        var problems: [ScenarioProblem] = []
        if periods.isEmpty {
            problems.append(ScenarioProblem(key: "arrival.rate", "must give at least one period"))
        }
        var previousEnd = 0.0
        for (index, period) in periods.enumerated() {
            let key = "arrival.rate[\(index)]"
            if !(period.rate >= 0) || !period.rate.isFinite {
                problems.append(ScenarioProblem(key: key, "must have a non-negative rate"))
            }
            if !(period.start >= previousEnd) || !(period.end > period.start) || !period.end.isFinite {
                problems.append(ScenarioProblem(key: key, "must begin at or after the previous period's end and end after it begins"))
            }
            previousEnd = max(previousEnd, period.end)
        }
        if !periods.isEmpty && !(peakRate > 0) {
            problems.append(ScenarioProblem(key: "arrival.rate", "must give some period a rate above 0"))
        }
        for (index, batch) in batches.enumerated() {
            if !(batch.at >= 0) || !batch.at.isFinite {
                problems.append(ScenarioProblem(key: "batches[\(index)].at", "must be a non-negative number of seconds"))
            }
            if batch.count < 0 {
                problems.append(ScenarioProblem(key: "batches[\(index)].count", "must be a non-negative integer"))
            }
        }
        return problems
    }
}
