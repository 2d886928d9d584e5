import BankSimulation
import Basics
import ReportKit

/// A bank scenario read from YAML: what to simulate and the seed the YAML asks for.
public struct BankScenario: Sendable, Equatable {
    public var scenario: Scenario
    /// The `seed:` key, if given.
    public var seed: UInt64?
    /// The `sweep:` key, if given; ``scenario`` then holds the sweep's first value.
    public var sweep: BankSweepPlan?
    /// The `shards:` key, if given: the sweep's days are read from these files, not simulated.
    /// Given alone (with at most `seed:`), the scenario too is the one the shards ran, and
    /// ``sweep`` is nil until the shards are read.
    public var shards: BankShardList?

    public init(scenario: Scenario, seed: UInt64?, sweep: BankSweepPlan? = nil, shards: BankShardList? = nil) {
        self.scenario = scenario
        self.seed = seed
        self.sweep = sweep
        self.shards = shards
    }
}

/// How big a scenario may be where it runs: a page block must stay light, the command line may go further.
public struct BankLimits: Sendable, Equatable {
    /// Where the limits apply, for messages: `in a page block`.
    public var context: String
    public var maxCustomers: Int
    public var maxReplications: Int
    /// Customers × replications.
    public var maxSimulatedCustomers: Int
    public var maxTellersPerService: Int

    public init(context: String, maxCustomers: Int, maxReplications: Int, maxSimulatedCustomers: Int, maxTellersPerService: Int) {
        self.context = context
        self.maxCustomers = maxCustomers
        self.maxReplications = maxReplications
        self.maxSimulatedCustomers = maxSimulatedCustomers
        self.maxTellersPerService = maxTellersPerService
    }

    /// A `bank` block on a page: at most 1,000,000 customers, 1,000 replications and
    /// 10,000,000 simulated customers in all.
    public static let pageBlock = BankLimits(
        context: "in a page block", maxCustomers: 1_000_000, maxReplications: 1_000,
        maxSimulatedCustomers: 10_000_000, maxTellersPerService: 100
    )

    /// The limits of a scenario with `shards:`: its days ran with `sitegen bank --shard` under
    /// ``commandLine``'s limits, so those hold (and give `precision` the same number of days),
    /// but the first day, simulated again to be shown in full, keeps these limits' size.
    public var readingShards: BankLimits {
        BankLimits(
            context: context, maxCustomers: maxCustomers,
            maxReplications: max(maxReplications, Self.commandLine.maxReplications),
            maxSimulatedCustomers: max(maxSimulatedCustomers, Self.commandLine.maxSimulatedCustomers),
            maxTellersPerService: maxTellersPerService)
    }

    /// `sitegen bank --scenario`: at most 10,000,000 customers and 100,000,000 simulated in all.
    public static let commandLine = BankLimits(
        context: "for one run", maxCustomers: 10_000_000, maxReplications: 10_000,
        maxSimulatedCustomers: 100_000_000, maxTellersPerService: 100
    )
}

/// Reads the `bank` block YAML of SPEC §5.1 into a ``BankScenario``; every problem becomes a
/// ``Diagnostic`` naming the line and the key (`tellers.loan must be a non-negative integer, got "two"`).
///
/// - `services` lists the services (replacing the default 예금/대출 pair); for the keys `deposit`
///   and `loan` any field left out keeps the default (예금 0.7 s, 대출 1.1 s, weight 1); another key
///   needs a `duration`, takes its key as name and weight 1.
/// - `tellers` gives tellers per service; a service left out keeps its default (deposit 2, loan 1,
///   others 1). Naming a service that does not exist is an error.
/// - Arrivals: everyone at opening (default), `batches`, or `arrival: {rate}` (Poisson); `customers`
///   counts the customers for the first and the last, and cannot be given with `batches`.
/// - `sweep: {KEY: [values]}` runs the day once per value (see ``BankSweepPlan``); the scenario
///   returned holds the first value.
public enum BankScenarioParser {
    static let topKeys = [
        "seed", "customers", "tellers", "services", "batches", "arrival", "replications", "precision", "max_days", "target",
        "warmup", "sweep", "open", "close", "cost", "shards",
    ]
    /// The most days `precision` may add when `max_days` is not given (within the limits).
    static let defaultMaxDays = 1_000
    /// Longest service duration, batch time: a day, and ten million seconds.
    static let maxDuration = 86_400.0
    static let maxBatchTime = 10_000_000.0
    static let maxRate = 1_000.0
    static let maxServices = 6

    /// Parses a block body. `lineOffset` is added to the YAML's 1-based lines (use `block.lineOffset`).
    public static func parse(_ yaml: String, lineOffset: Int = 0, limits: BankLimits = .pageBlock) throws -> BankScenario {
        var problems = DiagnosticCollector()
        let root = try ScenarioNode.parse(yaml, lineOffset: lineOffset, problems: &problems)
        let top = try root.mapping(allowed: topKeys, problems: &problems)
        let shards = top["shards"].flatMap { node in problems.attempt { try BankShardList(node) } }
        let limits = top["shards"] == nil ? limits : limits.readingShards
        if let shards, top.keys.allSatisfy({ $0 == "shards" || $0 == "seed" }) {
            let seed = top["seed"].flatMap { node in problems.attempt { UInt64(try node.int(in: 0...Int.max)) } }
            try sorted(problems)
            return BankScenario(scenario: .standard, seed: seed, shards: shards)
        }
        var lines = LineBook(fallback: root.line ?? lineOffset + 1)
        for entry in top.entries { lines.record(entry.value.path, entry.keyLine ?? entry.value.line) }

        let seed = top["seed"].flatMap { node in problems.attempt { UInt64(try node.int(in: 0...Int.max)) } }
        var services: [Service] = [.deposit, .loan]
        var serviceKeys = services.map(\.key)
        if let node = top["services"] {
            (services, serviceKeys) = parseServices(node, lines: &lines, problems: &problems)
        }
        let tellers = parseTellers(top["tellers"], services: serviceKeys, limits: limits, lines: &lines, problems: &problems)

        let hours = problems.attempt { try parseHours(open: top["open"], close: top["close"]) } ?? nil
        var arrivals = ArrivalPattern.opening(.range(10...30))
        let batchList = top["batches"].flatMap { node in problems.attempt { try parseBatches(node, hours: hours, lines: &lines) } }
        let arrival = top["arrival"].flatMap { node in problems.attempt { try parseArrival(node, hours: hours, lines: &lines) } }
        if let arrival {
            if arrival.periods != nil || hours != nil, let customers = top["customers"] {
                problems.add(customers.error("cannot be given with opening hours or rate periods; the arrival rate over the day makes the number of customers"))
            }
            if let periods = arrival.periods {
                arrivals = .profile(ArrivalProfile(periods: periods, batches: batchList ?? []))
            } else if let hours {
                arrivals = .profile(ArrivalProfile(periods: [RatePeriod(start: 0, end: hours.length, rate: arrival.rate)], batches: batchList ?? []))
            } else {
                if let batches = top["batches"] {
                    problems.add(batches.error("can come on top of arrivals only when the day has an end: give close (with open) or rate periods"))
                }
                let count = top["customers"].map { node in problems.attempt { try parseCount(node, limits: limits) } ?? .exactly(0) }
                    ?? .range(10...30)
                arrivals = .poisson(rate: arrival.rate, customers: count)
            }
        } else if let batchList {
            if let customers = top["customers"] {
                problems.add(customers.error("cannot be given together with batches; the batches' counts make the number of customers"))
            }
            arrivals = .batches(batchList)
        } else if top["batches"] == nil {
            let count = top["customers"].map { node in problems.attempt { try parseCount(node, limits: limits) } ?? .exactly(0) }
                ?? .range(10...30)
            arrivals = .opening(count)
        }
        if case .batches = arrivals {
            let total = arrivals.maximumCustomers
            if total > limits.maxCustomers {
                problems.add(Diagnostic(line: lines.line(for: "batches"),
                    "batches bring \(NumberText.grouped(total)) customers; at most \(NumberText.grouped(limits.maxCustomers)) \(limits.context)"))
            }
        }
        if case .profile(let profile) = arrivals, arrivals.maximumCustomers > limits.maxCustomers {
            problems.add(Diagnostic(line: lines.line(for: "arrival"),
                "brings about \(NumberText.grouped(Int(profile.expectedCustomers.rounded()))) customers a day; at most \(NumberText.grouped(limits.maxCustomers)) \(limits.context)"))
        }
        var replications = 1
        if let node = top["replications"], let value = problems.attempt({ try node.int(in: 1...Int.max) }) {
            if value > limits.maxReplications {
                problems.add(node.error("must be at most \(NumberText.grouped(limits.maxReplications)) \(limits.context), got \(NumberText.grouped(value))"))
            } else {
                replications = value
            }
        }
        var precision: Precision?
        if let node = top["precision"] {
            if let given = top["replications"] {
                problems.add(given.error("cannot be given together with precision; precision adds days until it is reached"))
            }
            if let share = problems.attempt({ try percent(node, above: 0, below: 100) }) {
                // Without max_days: as many days as the limits allow, at most defaultMaxDays (set below).
                var maximum = 0
                if let days = top["max_days"], let value = problems.attempt({ try days.int(in: 2...limits.maxReplications) }) {
                    maximum = value
                }
                precision = Precision(relativeHalfWidth: share, maximumDays: maximum)
            }
        } else if let days = top["max_days"] {
            problems.add(days.error("needs precision, e.g. precision: 5%"))
        }
        let target = top["target"].flatMap { node in problems.attempt { try parseTarget(node, services: serviceKeys, lines: &lines) } }
        let warmup = top["warmup"].flatMap { node in problems.attempt { try parseWarmup(node) } }
        let cost = top["cost"].flatMap { node in problems.attempt { try parseCost(node, services: serviceKeys, lines: &lines) } }
        let plan = top["sweep"].flatMap { node in problems.attempt { try parseSweep(node, limits: limits) } }
        if let node = top["shards"], top["sweep"] == nil {
            problems.add(node.error("needs sweep: — shards hold the days of a sweep's or a grid's cells (sitegen bank --shard K/N)"))
        }
        if var chosen = precision {
            if chosen.maximumDays == 0 {
                let perDay = max(arrivals.maximumCustomers, 1) * max(plan.map { $0.values.count * ($0.columns?.values.count ?? 1) } ?? 1, 1)
                chosen.maximumDays = max(2, min(Self.defaultMaxDays, limits.maxReplications, limits.maxSimulatedCustomers / perDay))
            }
            precision = chosen
            replications = chosen.maximumDays
        }
        let simulated = arrivals.maximumCustomers.multipliedReportingOverflow(by: replications)
        if plan == nil, simulated.overflow || simulated.partialValue > limits.maxSimulatedCustomers, problems.items.isEmpty {
            problems.add(Diagnostic(line: lines.line(for: "replications"),
                "replications × customers must be at most \(NumberText.grouped(limits.maxSimulatedCustomers)) \(limits.context)"))
        }
        try sorted(problems)

        var scenario = Scenario(
            services: services, tellers: tellers, arrivals: arrivals, replications: replications, target: target, warmup: warmup,
            precision: precision, hours: hours, cost: cost,
            timeScale: hours != nil || writesMinutes(root) ? .minutes : .seconds)
        // A problem with the swept setting itself is the sweep's to settle, value by value.
        for problem in scenario.problems() where !(plan?.keys.contains(problem.key) ?? false) {
            problems.add(Diagnostic(line: lines.line(for: problem.key), problem.description))
        }
        try sorted(problems)
        if let plan {
            scenario = try plan.firstScenario(scenario, limits: limits)
        }
        return BankScenario(scenario: scenario, seed: seed, sweep: plan, shards: shards)
    }

    /// Throws the problems found, if any, in line order.
    static func sorted(_ problems: DiagnosticCollector) throws {
        let items = problems.items.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }
        if items.count == 1 { throw items[0].element }
        if !items.isEmpty { throw Diagnostics(items.map(\.element)) }
    }

    // MARK: Parts

    /// `sweep: {KEY: [values]}`: one known key, 1…``Sweep/maxValues`` values within the limits; or
    /// two keys, a grid of at most ``SweepGrid/maxCells`` cells.
    static func parseSweep(_ node: ScenarioNode, limits: BankLimits) throws -> BankSweepPlan {
        let mapping = try node.mapping(allowed: nil)
        guard (1...2).contains(mapping.entries.count) else {
            throw node.error("must name one setting to vary, e.g. {tellers.loan: [1, 2, 3]}, or two for a grid, got \(mapping.entries.count)")
        }
        var problems = DiagnosticCollector()
        var axes: [(axis: SweepAxis, line: Int?)] = []
        for entry in mapping.entries {
            if let axis = problems.attempt({ try parseAxis(entry, limits: limits) }) { axes.append(axis) }
        }
        try problems.check()
        var plan = BankSweepPlan(setting: axes[0].axis.setting, values: axes[0].axis.values, line: axes[0].line)
        if axes.count == 2 {
            let count = axes[0].axis.values.count * axes[1].axis.values.count
            guard count <= SweepGrid.maxCells else {
                throw node.error("makes a grid of \(axes[0].axis.values.count) × \(axes[1].axis.values.count) = \(count) cells; at most \(SweepGrid.maxCells): list fewer values")
            }
            guard axes[0].axis.setting != axes[1].axis.setting else {
                throw Diagnostic(line: axes[1].line, "\(node.path) names \(axes[1].axis.setting.key) twice; a grid varies two different settings")
            }
            plan.columns = axes[1].axis
        }
        return plan
    }

    /// One `KEY: [values]` of `sweep`.
    static func parseAxis(_ entry: (key: String, keyLine: Int?, value: ScenarioNode), limits: BankLimits) throws -> (axis: SweepAxis, line: Int?) {
        let line = entry.keyLine ?? entry.value.line
        guard let setting = SweepSetting(key: entry.key) else {
            throw Diagnostic(line: line,
                "\(entry.value.path): cannot vary \"\(entry.key)\"; the settings a sweep can vary are tellers.<service>, arrival.rate, customers and services.<service>.duration")
        }
        let items = try entry.value.list()
        guard (1...Sweep.maxValues).contains(items.count) else {
            throw entry.value.error("must list 1 to \(Sweep.maxValues) values, got \(items.count)")
        }
        var problems = DiagnosticCollector()
        var values: [Double] = []
        for item in items {
            let value = problems.attempt { () throws -> Double in
                switch setting {
                case .tellers: return Double(try item.int(in: 0...limits.maxTellersPerService))
                case .customers: return Double(try item.int(in: 0...limits.maxCustomers))
                case .arrivalRate: return try positive(item, maximum: maxRate, unit: "customers per second")
                case .duration: return try seconds(item)
                }
            }
            if let value { values.append(value) }
        }
        try problems.check()
        return (SweepAxis(setting: setting, values: values), line)
    }

    /// `target: {within: 20, percent: 80}` or `{mean_wait: 5}`, with `service: KEY` for one service.
    static func parseTarget(_ node: ScenarioNode, services: [String], lines: inout LineBook) throws -> WaitTarget {
        let fields = try node.mapping(allowed: ["within", "percent", "mean_wait", "service"])
        for entry in fields.entries { lines.record(entry.value.path, entry.keyLine ?? entry.value.line) }
        var problems = DiagnosticCollector()
        var service: Int?
        if let key = fields["service"], let name = problems.attempt({ try key.string() }) {
            if let index = services.firstIndex(of: name) {
                service = index
            } else {
                problems.add(key.error("names an unknown service \"\(name)\"; the services are: \(services.joined(separator: ", "))"))
            }
        }
        var measure: WaitTarget.Measure?
        switch (fields["within"], fields["percent"], fields["mean_wait"]) {
        case (let within?, let share?, nil):
            if let seconds = problems.attempt({ try seconds(within) }),
               let share = problems.attempt({ try percent(share, above: 0, below: nil) }) {
                measure = .serviceLevel(within: seconds, share: share)
            }
        case (nil, nil, let limit?):
            if let seconds = problems.attempt({ try seconds(limit) }) { measure = .meanWait(seconds) }
        default:
            problems.add(node.error("must be a service level {within: SECONDS, percent: P} or a mean wait {mean_wait: SECONDS}"))
        }
        try problems.check()
        guard let measure else { throw node.error("must name a service level or a mean wait") }
        return WaitTarget(measure, service: service)
    }

    /// Most a price may be (a teller's hour, an hour of waiting, a customer lost), in any currency.
    static let maxPrice = 1e12

    /// `cost: {teller_per_hour: 25000, waiting_per_hour: 15000, abandon: 5000, currency: KRW}`;
    /// `teller_per_hour` is one price for every teller or one per service
    /// (`{deposit: 25000, loan: 30000}`); the others default to 0, the currency to KRW.
    static func parseCost(_ node: ScenarioNode, services: [String], lines: inout LineBook) throws -> StaffingCost {
        let fields = try node.mapping(allowed: ["teller_per_hour", "waiting_per_hour", "abandon", "currency"])
        for entry in fields.entries { lines.record(entry.value.path, entry.keyLine ?? entry.value.line) }
        var problems = DiagnosticCollector()
        func price(_ node: ScenarioNode) throws -> Double {
            guard let value = try? node.double(), value >= 0, value <= maxPrice else {
                throw node.error("must be an amount from 0 to \(NumberText.grouped(Int(maxPrice))), got \(node.shownValue)")
            }
            return value
        }
        var tellers = [Double](repeating: 0, count: services.count)
        if let node = fields["teller_per_hour"] {
            if let mapping = try? node.mapping(allowed: nil) {
                for entry in mapping.entries {
                    guard let index = services.firstIndex(of: entry.key) else {
                        problems.add(Diagnostic(line: entry.keyLine,
                            "\(entry.value.path) names an unknown service \"\(entry.key)\"; the services are: \(services.joined(separator: ", "))"))
                        continue
                    }
                    if let value = problems.attempt({ try price(entry.value) }) { tellers[index] = value }
                }
                let missing = services.filter { key in !mapping.entries.contains { $0.key == key } }
                if !missing.isEmpty {
                    problems.add(node.error("must give a price for every service; missing: \(missing.joined(separator: ", "))"))
                }
            } else if let value = problems.attempt({ try price(node) }) {
                tellers = tellers.map { _ in value }
            }
        } else {
            problems.add(node.error("needs teller_per_hour, what one teller costs an hour, e.g. {teller_per_hour: 25000}"))
        }
        let waiting = fields["waiting_per_hour"].flatMap { node in problems.attempt { try price(node) } } ?? 0
        let abandon = fields["abandon"].flatMap { node in problems.attempt { try price(node) } } ?? 0
        var currency = "KRW"
        if let node = fields["currency"], let text = problems.attempt({ try node.string() }) {
            if text.count == 3, text.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
                currency = text
            } else {
                problems.add(node.error("must be a three-letter currency code such as KRW or USD, got \(node.shownValue)"))
            }
        }
        try problems.check()
        return StaffingCost(tellerPerHour: tellers, waitingPerHour: waiting, abandonment: abandon, currency: currency)
    }

    /// `warmup: SECONDS`, `{seconds: S}` or `{customers: N}`.
    static func parseWarmup(_ node: ScenarioNode) throws -> Warmup {
        guard (try? node.mapping(allowed: nil)) != nil else { return .seconds(try seconds(node, maximum: maxBatchTime)) }
        let fields = try node.mapping(allowed: ["seconds", "customers"])
        switch (fields["seconds"], fields["customers"]) {
        case (let value?, nil): return .seconds(try seconds(value, maximum: maxBatchTime))
        case (nil, let count?): return .customers(try count.int(in: 0...Int.max))
        default: throw node.error("must be a number of seconds, {seconds: S} or {customers: N}")
        }
    }

    /// A percentage written `80`, `80%` or `12.5%`, as a share (0.8); strictly above `above` and,
    /// when given, strictly below `below` (else at most 100).
    static func percent(_ node: ScenarioNode, above: Double, below: Double?) throws -> Double {
        var text = (try? node.string()) ?? ""
        if text.hasSuffix("%") { text.removeLast() }
        let upper = below ?? 100
        guard let value = Double(text.trimmingCharacters), value.isFinite, value > above,
              below == nil ? value <= upper : value < upper else {
            let range = below == nil ? "above \(BankFormat.number(above)) and at most 100" : "above \(BankFormat.number(above)) and below \(BankFormat.number(upper))"
            throw node.error("must be a percentage \(range), e.g. 80%, got \(node.shownValue)")
        }
        return value / 100
    }

    /// The services that read well, and the keys of all services named (for checking `tellers`).
    static func parseServices(
        _ node: ScenarioNode, lines: inout LineBook, problems: inout DiagnosticCollector
    ) -> (services: [Service], keys: [String]) {
        guard let mapping = problems.attempt({ try node.mapping(allowed: nil) }) else { return ([], []) }
        if mapping.isEmpty { problems.add(node.error("must name at least one service")) }
        if mapping.entries.count > maxServices {
            problems.add(node.error("may name at most \(maxServices) services, got \(mapping.entries.count)"))
        }
        var services: [Service] = []
        for entry in mapping.entries {
            lines.record(entry.value.path, entry.keyLine ?? entry.value.line)
            guard isServiceKey(entry.key) else {
                problems.add(Diagnostic(line: entry.keyLine,
                    "\(entry.value.path): a service key must be letters, digits, \"_\" or \"-\", got \"\(entry.key)\""))
                continue
            }
            if let service = problems.attempt({ try parseService(key: entry.key, entry.value, lines: &lines) }) {
                services.append(service)
            }
        }
        return (services, mapping.keys)
    }

    static func parseService(key: String, _ node: ScenarioNode, lines: inout LineBook) throws -> Service {
        let defaults = [Service.deposit, Service.loan].first { $0.key == key }
        let fields = node.isNull ? nil : try node.mapping(allowed: ["name", "duration", "weight", "patience"])
        var problems = DiagnosticCollector()
        var service = defaults ?? Service(key: key, name: key, duration: .fixed(0))
        if let fields {
            for entry in fields.entries { lines.record(entry.value.path, entry.keyLine ?? entry.value.line) }
        }
        if let name = fields?["name"], let text = problems.attempt({ try name.string() }) {
            let trimmed = text.trimmingCharacters
            if trimmed.isEmpty || trimmed.count > 40 {
                problems.add(name.error("must be a name of 1 to 40 characters, got \(name.shownValue)"))
            } else {
                service.name = trimmed
            }
        }
        if let duration = fields?["duration"] {
            if let value = problems.attempt({ try parseDuration(duration, lines: &lines) }) { service.duration = value }
        } else if defaults == nil {
            problems.add(Diagnostic(line: node.line, "\(node.path).duration is required for a service other than deposit and loan"))
        }
        if let weight = fields?["weight"], let value = problems.attempt({ try weight.double(in: 0...Double.greatestFiniteMagnitude) }) {
            service.weight = value
        }
        if let patience = fields?["patience"], let value = problems.attempt({ try parseDuration(patience, lines: &lines) }) {
            service.patience = value
        }
        try problems.check()
        return service
    }

    static func parseDuration(_ node: ScenarioNode, lines: inout LineBook) throws -> ServiceDuration {
        guard (try? node.mapping(allowed: nil)) != nil else {
            return .fixed(try seconds(node))
        }
        let mapping = try node.mapping(allowed: ["exponential", "uniform"])
        guard mapping.entries.count == 1, let entry = mapping.entries.first else {
            throw node.error("must be a number of seconds, {exponential: MEAN} or {uniform: [A, B]}")
        }
        lines.record(entry.value.path, entry.keyLine ?? entry.value.line)
        if entry.key == "exponential" {
            let mean = (try? entry.value.double()) != nil
                ? try positive(entry.value, maximum: maxDuration, unit: "seconds") : try seconds(entry.value)
            guard mean > 0 else { throw entry.value.error("must be a positive duration, got \(entry.value.shownValue)") }
            return .exponential(mean: mean)
        }
        let bounds = try entry.value.list()
        guard bounds.count == 2 else {
            throw entry.value.error("must be a list of two numbers [A, B], got \(bounds.count) items")
        }
        let low = try seconds(bounds[0])
        let high = try seconds(bounds[1])
        guard low <= high else {
            throw entry.value.error("must be [A, B] with A ≤ B, got [\(BankFormat.number(low)), \(BankFormat.number(high))]")
        }
        return .uniform(low, high)
    }

    static func parseBatches(_ node: ScenarioNode, hours: OpeningHours?, lines: inout LineBook) throws -> [Batch] {
        let items = try node.list()
        var problems = DiagnosticCollector()
        if items.isEmpty { problems.add(node.error("must list at least one batch, e.g. [{at: 0, count: 10}]")) }
        var batches: [Batch] = []
        for item in items {
            guard let batch = problems.attempt({ () throws -> Batch in
                let fields = try item.mapping(allowed: ["at", "count"])
                for entry in fields.entries { lines.record(entry.value.path, entry.keyLine ?? entry.value.line) }
                let at = try fields["at"].map { node in try moment(node, hours: hours, maximum: maxBatchTime) } ?? 0
                let count = try fields.required("count").int(in: 0...Int.max)
                return Batch(at: at, count: count)
            }) else { continue }
            batches.append(batch)
        }
        try problems.check()
        return batches
    }

    /// Tellers per service key, defaults for the keys left out (deposit 2, others 1).
    static func parseTellers(
        _ node: ScenarioNode?, services: [String], limits: BankLimits, lines: inout LineBook, problems: inout DiagnosticCollector
    ) -> [Int] {
        var tellers = services.map { $0 == "deposit" ? 2 : 1 }
        guard let node, let mapping = problems.attempt({ try node.mapping(allowed: nil) }) else { return tellers }
        for entry in mapping.entries {
            lines.record(entry.value.path, entry.keyLine ?? entry.value.line)
            guard let index = services.firstIndex(of: entry.key) else {
                let known = services.joined(separator: ", ")
                problems.add(Diagnostic(line: entry.keyLine,
                    "\(entry.value.path) names an unknown service \"\(entry.key)\"; the services are: \(known)"))
                continue
            }
            guard let count = problems.attempt({ try entry.value.int(in: 0...Int.max) }) else { continue }
            if count > limits.maxTellersPerService {
                problems.add(entry.value.error("must be at most \(limits.maxTellersPerService), got \(NumberText.grouped(count))"))
            } else {
                tellers[index] = count
            }
        }
        return tellers
    }

    static func parseCount(_ node: ScenarioNode, limits: BankLimits) throws -> CustomerCount {
        let count: CustomerCount
        if let value = try? node.int() {
            guard value >= 0 else { throw node.error("must be a non-negative integer or a range \"a...b\", got \(value)") }
            count = .exactly(value)
        } else {
            let text = (try? node.string()) ?? ""
            let parts = text.split(separator: "...", omittingEmptySubsequences: false).map { $0.trimmingCharacters }
            guard parts.count == 2, let low = Int(parts[0]), let high = Int(parts[1]), low >= 0, low <= high else {
                throw node.error("must be a non-negative integer or a range \"a...b\" with a ≤ b, got \(node.shownValue)")
            }
            count = low == high ? .exactly(low) : .range(low...high)
        }
        if count.maximum > limits.maxCustomers {
            throw node.error(
                "must be at most \(NumberText.grouped(limits.maxCustomers)) \(limits.context), got \(NumberText.grouped(count.maximum))"
                    + (limits == .pageBlock ? " (run bigger days with sitegen bank --scenario)" : "")
            )
        }
        return count
    }

    // MARK: Helpers

    /// Whether the block writes a duration in minutes or hours (`20 min`, `1.5 h`) anywhere — in a
    /// service, a target, a sweep — so its day is read in minutes. Looks at most `depth` levels down.
    static func writesMinutes(_ node: ScenarioNode, depth: Int = 6) -> Bool {
        guard depth > 0 else { return false }
        if let items = try? node.list() { return items.contains { writesMinutes($0, depth: depth - 1) } }
        if let mapping = try? node.mapping(allowed: nil) { return mapping.entries.contains { writesMinutes($0.value, depth: depth - 1) } }
        guard let text = try? node.string() else { return false }
        let trimmed = text.trimmingCharacters
        return (trimmed.hasSuffix("min") || trimmed.hasSuffix("h")) && BankTimeText.duration(trimmed) != nil
    }

    /// A duration: a number of seconds, or a number with a unit, `0.7 s`, `20 min`, `1.5 h`.
    static func seconds(_ node: ScenarioNode, maximum: Double = maxDuration) throws -> Double {
        let value: Double
        if let text = try? node.string(), Double(text) == nil, !node.isNull {
            guard let parsed = BankTimeText.duration(text) else {
                throw node.error("must be a duration: a number of seconds, or a number with a unit s, min or h (20 min), got \(node.shownValue)")
            }
            value = parsed
        } else {
            value = try node.double(in: 0...Double.greatestFiniteMagnitude)
        }
        guard value <= maximum else {
            let day = maximum == maxDuration ? " (a day)" : ""
            throw node.error("must be at most \(NumberText.grouped(Int(maximum))) seconds\(day), got \(BankFormat.number(value))")
        }
        return value
    }

    /// A moment of the day in seconds after opening: a time of day (`12:30`, with `open`), or a
    /// duration after opening (`3 h`, `6.5`).
    static func moment(_ node: ScenarioNode, hours: OpeningHours?, maximum: Double) throws -> Double {
        guard let text = try? node.string(), BankTimeText.isClock(text) else { return try seconds(node, maximum: maximum) }
        guard let clock = BankTimeText.clock(text) else {
            throw node.error("must be a time of day HH:MM from 00:00 to 24:00 (09:30), got \(node.shownValue)")
        }
        guard let hours else {
            throw node.error("is a time of day, which needs the day's hours: give open and close (open: \"09:00\")")
        }
        guard clock >= hours.open else {
            throw node.error("is before opening (\(hours.clock(0))), got \(node.shownValue)")
        }
        return clock - hours.open
    }

    /// `open: "09:00"` and `close: "16:00"`: both or neither, closing after opening.
    static func parseHours(open: ScenarioNode?, close: ScenarioNode?) throws -> OpeningHours? {
        guard open != nil || close != nil else { return nil }
        guard let open, let close else {
            throw (open ?? close)!.error("needs both open and close, e.g. open: \"09:00\", close: \"16:00\"")
        }
        func clock(_ node: ScenarioNode) throws -> Double {
            guard let text = try? node.string(), let value = BankTimeText.clock(text) else {
                throw node.error("must be a time of day HH:MM from 00:00 to 24:00 (09:00), got \(node.shownValue)")
            }
            return value
        }
        var problems = DiagnosticCollector()
        let opening = problems.attempt { try clock(open) }
        let closing = problems.attempt { try clock(close) }
        try problems.check()
        guard let opening, let closing, closing > opening else {
            throw close.error("must be after open, got \(close.shownValue)")
        }
        return OpeningHours(open: opening, close: closing)
    }

    /// `arrival`: `{rate: R}` (per second) or `{per_hour: N}` for a steady stream, or `{rate: [PERIODS]}`
    /// where each period is `{from, to?, rate | per_hour}`; a period ends where the next begins,
    /// the last at closing (or its `to`).
    static func parseArrival(_ node: ScenarioNode, hours: OpeningHours?, lines: inout LineBook) throws -> (rate: Double, periods: [RatePeriod]?) {
        let mapping = try node.mapping(allowed: ["rate", "per_hour"])
        for entry in mapping.entries { lines.record(entry.value.path, entry.keyLine ?? entry.value.line) }
        switch (mapping["rate"], mapping["per_hour"]) {
        case (let rate?, nil):
            if let items = try? rate.list() { return (0, try parsePeriods(rate, items: items, hours: hours, lines: &lines)) }
            return (try positive(rate, maximum: maxRate, unit: "customers per second"), nil)
        case (nil, let perHour?):
            return (try positive(perHour, maximum: maxRate * 3600, unit: "customers an hour") / 3600, nil)
        default:
            throw node.error("must give rate (customers per second, or a list of periods) or per_hour, e.g. {per_hour: 30}")
        }
    }

    static func parsePeriods(_ node: ScenarioNode, items: [ScenarioNode], hours: OpeningHours?, lines: inout LineBook) throws -> [RatePeriod] {
        guard !items.isEmpty else { throw node.error("must list at least one period, e.g. [{from: \"09:00\", per_hour: 30}]") }
        let limit = hours?.length ?? maxBatchTime
        var problems = DiagnosticCollector()
        var starts: [(start: Double, end: Double?, rate: Double, node: ScenarioNode)] = []
        for item in items {
            guard let period = problems.attempt({ () throws -> (Double, Double?, Double, ScenarioNode) in
                let fields = try item.mapping(allowed: ["from", "to", "rate", "per_hour"])
                for entry in fields.entries { lines.record(entry.value.path, entry.keyLine ?? entry.value.line) }
                let start = try moment(try fields.required("from"), hours: hours, maximum: limit)
                let end = try fields["to"].map { try moment($0, hours: hours, maximum: limit) }
                let rate: Double
                switch (fields["rate"], fields["per_hour"]) {
                case (let given?, nil): rate = try given.double(in: 0...maxRate)
                case (nil, let perHour?): rate = try perHour.double(in: 0...maxRate * 3600) / 3600
                default: throw item.error("must give rate (customers per second) or per_hour, e.g. {from: \"12:00\", per_hour: 90}")
                }
                return (start, end, rate, item)
            }) else { continue }
            starts.append(period)
        }
        try problems.check()
        var periods: [RatePeriod] = []
        for (index, period) in starts.enumerated() {
            let next = index + 1 < starts.count ? starts[index + 1].start : hours?.length
            guard let end = period.end ?? next else {
                throw period.node.error("needs to: the last period ends at closing, and this day has no close")
            }
            guard end > period.start else {
                throw period.node.error("must end after it begins")
            }
            if let previous = periods.last, period.start < previous.end {
                throw period.node.error("begins before the previous period ends; list periods in time order")
            }
            if let hours, end > hours.length {
                throw period.node.error("ends after closing (\(hours.clock(SimulatedTime.ticks(seconds: hours.length))))")
            }
            periods.append(RatePeriod(start: period.start, end: end, rate: period.rate))
        }
        if !periods.contains(where: { $0.rate > 0 }) {
            throw node.error("must give some period a rate above 0")
        }
        return periods
    }

    static func positive(_ node: ScenarioNode, maximum: Double, unit: String) throws -> Double {
        let value = try node.double()
        guard value > 0, value <= maximum else {
            throw node.error("must be a positive number of \(unit) up to \(NumberText.grouped(Int(maximum))), got \(BankFormat.number(value))")
        }
        return value
    }

    static func isServiceKey(_ key: String) -> Bool {
        !key.isEmpty && key.count <= 32 && key.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "-"
        }
    }
}

/// Lines of the keys met while parsing, so problems found later can point at them.
struct LineBook {
    private var lines: [String: Int] = [:]
    let fallback: Int

    init(fallback: Int) {
        self.fallback = fallback
    }

    mutating func record(_ path: String, _ line: Int?) {
        if let line, lines[path] == nil { lines[path] = line }
    }

    /// The line of `path`, else of its nearest recorded parent, else the block's first line.
    func line(for path: String) -> Int {
        var path = Substring(path)
        while true {
            if let line = lines[String(path)] { return line }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return fallback }
            path = path[..<cut]
        }
    }
}

extension StringProtocol {
    var trimmingCharacters: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
