/// The setting a sweep varies (SPEC §5.1 `sweep:`), named as in the scenario YAML.
public enum SweepSetting: Sendable, Equatable {
    /// `tellers.<service>`: the number of tellers of one service (whole numbers).
    case tellers(service: String)
    /// `arrival.rate`: the Poisson arrival rate, customers per second.
    case arrivalRate
    /// `customers`: how many customers come (whole numbers).
    case customers
    /// `services.<service>.duration`: a fixed duration, or the mean of an exponential one.
    case duration(service: String)

    /// The setting named by a sweep key, or nil when the key names none
    /// (`tellers.loan`, `arrival.rate`, `customers`, `services.loan.duration`).
    public init?(key: String) {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1 where parts[0] == "customers": self = .customers
        case 2 where parts == ["arrival", "rate"]: self = .arrivalRate
        case 2 where parts[0] == "tellers" && !parts[1].isEmpty: self = .tellers(service: parts[1])
        case 3 where parts[0] == "services" && parts[2] == "duration" && !parts[1].isEmpty: self = .duration(service: parts[1])
        default: return nil
        }
    }

    /// The key as written in the YAML: `tellers.loan`.
    public var key: String {
        switch self {
        case .tellers(let service): "tellers.\(service)"
        case .arrivalRate: "arrival.rate"
        case .customers: "customers"
        case .duration(let service): "services.\(service).duration"
        }
    }

    /// True for settings that only take whole numbers (tellers, customers).
    public var isWhole: Bool {
        switch self {
        case .tellers, .customers: true
        case .arrivalRate, .duration: false
        }
    }

    /// `scenario` with this setting at `value`. Throws when the scenario has no such setting
    /// (an unknown service, `arrival.rate` without Poisson arrivals, `customers` with batches, a
    /// uniform duration) or the value does not fit it; the problem's key is ``key``.
    public func apply(_ value: Double, to scenario: Scenario) throws(ScenarioProblem) -> Scenario {
        var result = scenario
        guard value.isFinite, value >= 0 else { throw ScenarioProblem(key: key, "values must be non-negative numbers") }
        if isWhole && (value != value.rounded() || value > Double(Int32.max)) {
            throw ScenarioProblem(key: key, "values must be whole numbers, got \(value)")
        }
        switch self {
        case .tellers(let service):
            let index = try Self.index(of: service, in: scenario, key: key)
            result.tellers[index] = Int(value)
        case .arrivalRate:
            guard value > 0 else { throw ScenarioProblem(key: key, "values must be positive numbers of customers per second") }
            switch scenario.arrivals {
            case .poisson(_, let customers): result.arrivals = .poisson(rate: value, customers: customers)
            case .profile(var profile) where profile.constantRate != nil:
                profile.periods[0].rate = value
                result.arrivals = .profile(profile)
            case .profile:
                throw ScenarioProblem(key: key, "cannot vary a rate that changes over the day or has batches on top; vary tellers or durations instead")
            default:
                throw ScenarioProblem(key: key, "needs Poisson arrivals (arrival: {rate: …}) to vary")
            }
        case .customers:
            switch scenario.arrivals {
            case .opening: result.arrivals = .opening(.exactly(Int(value)))
            case .poisson(let rate, _): result.arrivals = .poisson(rate: rate, customers: .exactly(Int(value)))
            case .batches: throw ScenarioProblem(key: key, "cannot vary with batches; the batches' counts make the number of customers")
            case .profile: throw ScenarioProblem(key: key, "cannot vary when the opening hours and the arrival rate make the number of customers")
            }
        case .duration(let service):
            let index = try Self.index(of: service, in: scenario, key: key)
            switch scenario.services[index].duration {
            case .fixed: result.services[index].duration = .fixed(value)
            case .exponential:
                guard value > 0 else { throw ScenarioProblem(key: key, "values must be positive means in seconds") }
                result.services[index].duration = .exponential(mean: value)
            case .uniform:
                throw ScenarioProblem(key: key, "can vary a fixed duration or an exponential mean, not a uniform one")
            }
        }
        return result
    }

    private static func index(of service: String, in scenario: Scenario, key: String) throws(ScenarioProblem) -> Int {
        guard let index = scenario.services.firstIndex(where: { $0.key == service }), index < scenario.tellers.count else {
            let known = scenario.services.map(\.key).joined(separator: ", ")
            throw ScenarioProblem(key: key, "names an unknown service \"\(service)\"; the services are: \(known)")
        }
        return index
    }
}

/// One scenario run once per value of a setting, every value with the same seed (and the same
/// replications), so the customers are the same and only the setting differs.
public struct Sweep: Sendable {
    /// Most values one sweep may list.
    public static let maxValues = 20

    /// The setting varied.
    public let setting: SweepSetting
    /// The seed of every point's first day; replication k uses `seed + k − 1`.
    public let seed: UInt64
    /// One point per value, in the order given.
    public let points: [SweepPoint]
    /// The first value's days, its first day kept in full (a report shows it).
    public let first: Replications

    /// Runs `scenario` with `setting` at each of `values` (1…``maxValues`` of them).
    /// - Throws: the first problem a value makes (see ``SweepSetting/apply(_:to:)`` and
    ///   ``Scenario/problems()``), named by the setting's key.
    public init(
        _ scenario: Scenario, setting: SweepSetting, values: [Double], seed: UInt64, threads: Threads = .allCores
    ) throws(ScenarioProblem) {
        let cells = try Self.cells(scenario, setting: setting, values: values)
        let run = SweepCell.run(cells, seed: seed, threads: threads)
        self.init(setting: setting, seed: seed, first: run.first, points: run.points)
    }

    /// A sweep whose cells were run already (``SweepCell/run(seed:)``, e.g. in parallel or in
    /// shards): `points` in the order of ``cells(_:setting:values:)``, `first` the first cell's days.
    public init(setting: SweepSetting, seed: UInt64, first: Replications, points: [SweepPoint]) {
        self.setting = setting
        self.seed = seed
        self.first = first
        self.points = points
    }

    /// The cells of the sweep, one per value in the order given, checked but not run.
    public static func cells(_ scenario: Scenario, setting: SweepSetting, values: [Double]) throws(ScenarioProblem) -> [SweepCell] {
        zip(values, try scenarios(scenario, setting: setting, values: values)).map { SweepCell(values: [$0], scenario: $1) }
    }

    /// The scenario of each value, checked but not run.
    public static func scenarios(_ scenario: Scenario, setting: SweepSetting, values: [Double]) throws(ScenarioProblem) -> [Scenario] {
        guard !values.isEmpty, values.count <= maxValues else {
            throw ScenarioProblem(key: setting.key, "must list 1 to \(maxValues) values, got \(values.count)")
        }
        var scenarios: [Scenario] = []
        for value in values {
            let applied = try setting.apply(value, to: scenario)
            if let problem = applied.problems().first {
                throw ScenarioProblem(key: setting.key, "value \(SweepPoint.text(value)) does not work: \(problem)")
            }
            scenarios.append(applied)
        }
        return scenarios
    }

    /// The services, as in every point (a sweep changes no service's name or order).
    public var services: [Service] { points.first?.scenario.services ?? [] }

    /// The service whose own figures the setting moves most directly: the one it staffs or whose
    /// business it lengthens; nil for settings that load every service (the rate, the customers).
    public var sweptService: Int? {
        switch setting {
        case .tellers(let key), .duration(let key): services.firstIndex { $0.key == key }
        case .arrivalRate, .customers: nil
        }
    }
}

/// One value of a sweep: its days' headline numbers over the replications, and what Erlang C
/// predicts where the day is M/M/c.
public struct SweepPoint: Sendable {
    /// The value of each swept setting, in the sweep's order: one for a sweep, two for a grid
    /// (its row's value, then its column's).
    public let values: [Double]
    /// The scenario with the settings at ``values``.
    public let scenario: Scenario
    /// Each replication's headline numbers, in seed order.
    public let days: [DaySummary]

    /// The (first) setting's value.
    public var value: Double { values[0] }

    /// Runs the scenario's days (``DayPlan``) with seeds `seed`, `seed + 1`, ….
    public init(value: Double, scenario: Scenario, seed: UInt64) {
        self.init(values: [value], scenario: scenario, days: DayPlan.run(scenario, seed: seed).days)
    }

    /// A point whose days were run already (in another process, for a shard: see ``SweepCell``).
    public init(values: [Double], scenario: Scenario, days: [DaySummary]) {
        self.values = values
        self.scenario = scenario
        self.days = days
    }

    /// The days' figures as means with intervals.
    public var statistics: DayStatistics { DayStatistics(days: days) }

    /// Mean wait over all counted customers, in seconds: the mean over the days, with its 95%
    /// confidence interval when there are several.
    public var meanWait: Estimate { statistics.meanWait }
    /// The longest wait of a day, in seconds (mean over the days).
    public var maxWait: Estimate { statistics.maxWait }
    /// When the last customer finished, in seconds (mean over the days).
    public var closingTime: Estimate { statistics.closingTime }
    /// 업무시간 in seconds (mean over the days).
    public var businessTime: Estimate { statistics.businessTime }
    /// Customers served (mean over the days).
    public var customers: Estimate { statistics.customers }

    /// Mean wait of one service's customers over the days it had some; nil when it never had any.
    public func serviceMeanWait(_ service: Int) -> Estimate? {
        statistics.service(service)?.meanWait
    }

    /// The share of its open time one service's tellers spent serving (mean over the days); nil
    /// for a service without tellers.
    public func utilization(_ service: Int) -> Estimate? {
        statistics.serviceUtilization(service)
    }

    /// Erlang C per service, for the services whose day is M/M/c (Poisson arrivals, exponential
    /// durations); `meanWait` is nil where the line grows without bound (ρ ≥ 1).
    public var erlangC: [ErlangC.Prediction] { ErlangC.predictions(for: scenario) }

    /// A value as written: whole numbers without decimals (`3`), others as Swift prints them (`2.7`).
    public static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
