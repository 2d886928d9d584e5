/// How many customers come: a fixed number or a range drawn at random.
public enum CustomerCount: Sendable, Equatable {
    case exactly(Int)
    /// Drawn uniformly from the range with the day's generator, before anything else.
    case range(ClosedRange<Int>)

    /// The largest count this can give.
    public var maximum: Int {
        switch self {
        case .exactly(let count): count
        case .range(let range): range.upperBound
        }
    }

    /// The mean count: the number, or the middle of the range.
    public var expected: Double {
        switch self {
        case .exactly(let count): Double(count)
        case .range(let range): (Double(range.lowerBound) + Double(range.upperBound)) / 2
        }
    }
}

/// A group of customers who walk in together (the UI app's "고객 10명 추가" button).
public struct Batch: Sendable, Equatable {
    /// When they arrive, in seconds after opening.
    public var at: Double
    /// How many arrive.
    public var count: Int

    public init(at: Double, count: Int) {
        self.at = at
        self.count = count
    }
}

/// When customers arrive.
public enum ArrivalPattern: Sendable, Equatable {
    /// Everyone is at the door at opening, t = 0 (the seed's console app).
    case opening(CustomerCount)
    /// Groups at given times; numbers continue from one batch to the next.
    case batches([Batch])
    /// A Poisson stream: exponential gaps with mean 1/rate, the first one after opening.
    case poisson(rate: Double, customers: CustomerCount)
    /// A stream whose rate changes over the day (drawn by thinning), with batches on top; the
    /// number of customers is what the stream brings, not given in advance.
    case profile(ArrivalProfile)

    /// The largest number of customers this can give.
    public var maximumCustomers: Int {
        switch self {
        case .opening(let count), .poisson(_, let count): count.maximum
        case .profile(let profile):
            profile.streamBound.addingReportingOverflow(profile.batchCustomers).overflow
                ? Int.max : profile.streamBound + profile.batchCustomers
        case .batches(let batches):
            // Saturating: counts are user numbers, and a sum past Int.max is simply too many.
            batches.reduce(0) { total, batch in
                let sum = total.addingReportingOverflow(max(batch.count, 0))
                return sum.overflow ? Int.max : sum.partialValue
            }
        }
    }
}

/// A day at the bank: the services, how many tellers each has, and who comes when.
public struct Scenario: Sendable, Equatable {
    /// The services, in the order their lanes are drawn.
    public var services: [Service]
    /// Tellers per service, by service index.
    public var tellers: [Int]
    /// When customers arrive.
    public var arrivals: ArrivalPattern
    /// How many days to simulate (seeds `seed`, `seed + 1`, …) for the statistics.
    public var replications: Int
    /// The service level or mean wait the branch aims for, if it says.
    public var target: WaitTarget?
    /// The customers the wait statistics leave out at the start of each day.
    public var warmup: Warmup?
    /// When set, days are added until the deciding figure is this precise (``DayPlan``), instead
    /// of running `replications` days.
    public var precision: Precision?
    /// The branch's opening hours, when the day has them: times are then shown as times of day.
    public var hours: OpeningHours?
    /// What tellers, waiting and giving up cost, when the branch says.
    public var cost: StaffingCost?
    /// The scale the day's waits and times are read in: the seed's seconds, or minutes for a
    /// branch's day (one with opening hours or durations written in minutes or hours).
    public var timeScale: TimeScale

    public init(
        services: [Service] = [.deposit, .loan],
        tellers: [Int] = [2, 1],
        arrivals: ArrivalPattern = .opening(.range(10...30)),
        replications: Int = 1,
        target: WaitTarget? = nil,
        warmup: Warmup? = nil,
        precision: Precision? = nil,
        hours: OpeningHours? = nil,
        cost: StaffingCost? = nil,
        timeScale: TimeScale = .seconds
    ) {
        self.services = services
        self.tellers = tellers
        self.arrivals = arrivals
        self.replications = replications
        self.target = target
        self.warmup = warmup
        self.precision = precision
        self.hours = hours
        self.cost = cost
        self.timeScale = timeScale
    }

    /// The wait, in seconds, that the service level counts up to: the target's, else the mean
    /// business time of a customer (the services' means weighted by their weights) rounded to
    /// 1, 2 or 5 times a power of ten in the day's scale — 1 s for the seed's 0.7 s and 1.1 s,
    /// 10 min for a branch's 5 and 20 min — or 1 s when business takes no time.
    public var serviceLevelThreshold: Double {
        if case .serviceLevel(let within, _) = target?.measure { return within }
        let weight = services.reduce(0) { $0 + max($1.weight, 0) }
        guard weight > 0 else { return 1 }
        let mean = services.reduce(0) { $0 + max($1.weight, 0) * $1.duration.mean } / weight
        let unit = mean > 0 ? timeScale.seconds : 1
        return Self.roundNumber(mean / unit) * unit
    }

    /// The nearest of 1, 2 and 5 times a power of ten (on a log scale) to a positive number;
    /// 1 for anything else.
    static func roundNumber(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= value { power *= 10 }
        while power > value { power /= 10 }
        // value is in [power, 10·power): the candidates around it.
        let candidates = [power, 2 * power, 5 * power, 10 * power]
        func distance(_ candidate: Double) -> Double { max(candidate / value, value / candidate) }
        return candidates.min { distance($0) < distance($1) } ?? 1
    }

    /// The seed's STEP 3 day: 10…30 customers at opening, two deposit tellers (0.7 s), one loan
    /// teller (1.1 s), each customer's business chosen with equal weight.
    public static let standard = Scenario()

    /// Checks that the scenario can run; each problem names the scenario key it is about.
    public func problems() -> [ScenarioProblem] {
        var problems: [ScenarioProblem] = []
        if services.isEmpty {
            problems.append(ScenarioProblem(key: "services", "must name at least one service"))
        }
        if tellers.count != services.count {
            problems.append(ScenarioProblem(key: "tellers", "must give a number of tellers for every service"))
        }
        var keys = Set<String>()
        for service in services where !keys.insert(service.key).inserted {
            problems.append(ScenarioProblem(key: "services.\(service.key)", "is given twice"))
        }
        for (index, service) in services.enumerated() {
            let key = "services.\(service.key)"
            if !(service.weight >= 0) || !service.weight.isFinite {
                problems.append(ScenarioProblem(key: "\(key).weight", "must be a non-negative number"))
            }
            switch service.duration {
            case .fixed(let seconds) where !(seconds >= 0) || !seconds.isFinite:
                problems.append(ScenarioProblem(key: "\(key).duration", "must be a non-negative number of seconds"))
            case .exponential(let mean) where !(mean > 0) || !mean.isFinite:
                problems.append(ScenarioProblem(key: "\(key).duration.exponential", "must be a positive number of seconds"))
            case .uniform(let low, let high) where !(low >= 0) || !(high >= low) || !high.isFinite:
                problems.append(ScenarioProblem(key: "\(key).duration.uniform", "must be two numbers A ≤ B, both non-negative"))
            default:
                break
            }
            if index < tellers.count {
                if tellers[index] < 0 {
                    problems.append(ScenarioProblem(key: "tellers.\(service.key)", "must be a non-negative integer"))
                } else if tellers[index] == 0 && service.weight > 0 && arrivals.maximumCustomers > 0 {
                    problems.append(ScenarioProblem(
                        key: "tellers.\(service.key)",
                        "is 0, but customers come for \(service.key) (services.\(service.key).weight is above 0); give it a teller or set its weight to 0"
                    ))
                }
            }
        }
        if !services.isEmpty && !services.contains(where: { $0.weight > 0 }) {
            problems.append(ScenarioProblem(key: "services", "must give at least one service a weight above 0"))
        }
        switch arrivals {
        case .opening(let count), .poisson(_, let count):
            problems += count.problems(key: "customers")
        case .profile(let profile):
            problems += profile.problems()
        case .batches(let batches):
            if batches.isEmpty { problems.append(ScenarioProblem(key: "batches", "must list at least one batch")) }
            for (index, batch) in batches.enumerated() {
                if !(batch.at >= 0) || !batch.at.isFinite {
                    problems.append(ScenarioProblem(key: "batches[\(index)].at", "must be a non-negative number of seconds"))
                }
                if batch.count < 0 {
                    problems.append(ScenarioProblem(key: "batches[\(index)].count", "must be a non-negative integer"))
                }
            }
        }
        if case .poisson(let rate, _) = arrivals, !(rate > 0) || !rate.isFinite {
            problems.append(ScenarioProblem(key: "arrival.rate", "must be a positive number of customers per second"))
        }
        if replications < 1 {
            problems.append(ScenarioProblem(key: "replications", "must be a positive integer"))
        }
        if let target {
            if let service = target.service, !services.indices.contains(service) {
                problems.append(ScenarioProblem(key: "target.service", "must name one of the services"))
            }
            switch target.measure {
            case .serviceLevel(let within, let share):
                if !(within >= 0) || !within.isFinite {
                    problems.append(ScenarioProblem(key: "target.within", "must be a non-negative number of seconds"))
                }
                if !(share > 0 && share <= 1) {
                    problems.append(ScenarioProblem(key: "target.percent", "must be a percentage above 0 and at most 100"))
                }
            case .meanWait(let limit) where !(limit >= 0) || !limit.isFinite:
                problems.append(ScenarioProblem(key: "target.mean_wait", "must be a non-negative number of seconds"))
            default:
                break
            }
        }
        if let precision {
            if !(precision.relativeHalfWidth > 0 && precision.relativeHalfWidth < 1) {
                problems.append(ScenarioProblem(key: "precision", "must be a percentage above 0 and below 100"))
            }
            if precision.maximumDays < 2 {
                problems.append(ScenarioProblem(key: "precision.max_days", "must be at least 2"))
            }
        }
        if let cost {
            if cost.tellerPerHour.count != services.count {
                problems.append(ScenarioProblem(key: "cost.teller_per_hour", "must give a price for every service"))
            }
            let prices = [("cost.teller_per_hour", cost.tellerPerHour), ("cost.waiting_per_hour", [cost.waitingPerHour]),
                          ("cost.abandon", [cost.abandonment])]
            for (key, values) in prices where values.contains(where: { !($0 >= 0) || !$0.isFinite }) {
                problems.append(ScenarioProblem(key: key, "must be a non-negative amount"))
            }
        }
        switch warmup {
        case .customers(let count) where count < 0:
            problems.append(ScenarioProblem(key: "warmup.customers", "must be a non-negative integer"))
        case .customers(let count) where count >= arrivals.maximumCustomers && arrivals.maximumCustomers > 0:
            problems.append(ScenarioProblem(key: "warmup.customers",
                "leaves no customer to measure: the day has at most \(arrivals.maximumCustomers) customers"))
        case .seconds(let seconds) where !(seconds >= 0) || !seconds.isFinite:
            problems.append(ScenarioProblem(key: "warmup", "must be a non-negative number of seconds"))
        default:
            break
        }
        if problems.isEmpty, let horizon = horizon, horizon > Self.maxHorizon {
            problems.append(ScenarioProblem(
                key: "customers",
                "with these arrivals and durations the day could last \(Int(min(horizon, 1e18) / 31_557_600)) years of simulated time; at most 10¹² seconds (about 31,700 years): use fewer customers, shorter durations or a higher arrival rate"
            ))
        }
        return problems
    }

    /// The longest day a scenario may simulate, in seconds: 10¹² (about 31,700 years). The clock
    /// counts microseconds in 64 bits, which overflow near 9.2 × 10¹² seconds.
    public static let maxHorizon = 1e12

    /// An upper bound, in seconds, of when the last customer finishes (nil without services):
    /// the last arrival plus every customer's business done one after another, with the
    /// exponential tails allowed for (40 means more than there are customers).
    var horizon: Double? {
        guard let longest = services.map(\.duration.boundingMean).max() else { return nil }
        let customers = Double(arrivals.maximumCustomers) + 40
        let lastArrival: Double = switch arrivals {
        case .opening: 0
        case .poisson(let rate, _): customers / rate
        case .profile(let profile): max(profile.end, profile.batches.map(\.at).max() ?? 0)
        case .batches(let batches): batches.map(\.at).max() ?? 0
        }
        return lastArrival + customers * longest
    }
}

extension CustomerCount {
    func problems(key: String) -> [ScenarioProblem] {
        switch self {
        case .exactly(let count) where count < 0:
            [ScenarioProblem(key: key, "must be a non-negative integer")]
        case .range(let range) where range.lowerBound < 0:
            [ScenarioProblem(key: key, "must be a range of non-negative integers")]
        default:
            []
        }
    }
}

/// Something in a ``Scenario`` that keeps it from running, named by its scenario key
/// (`tellers.loan`), so a reader of the YAML can point at the line.
public struct ScenarioProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key path in the scenario YAML: `tellers.loan`, `services.deposit.duration`.
    public var key: String
    /// What is wrong, to follow the key: `must be a non-negative integer`.
    public var message: String

    public init(key: String, _ message: String) {
        self.key = key
        self.message = message
    }

    public var description: String { "\(key) \(message)" }
}
