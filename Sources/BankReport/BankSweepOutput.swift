import BankSimulation
import Basics
import ReportKit

/// The JSON of a sweep (SPEC §5.1): `{"sweep": {"key", "seed", "replications", "points":
/// [{"value", "summary": {…}, "erlangC": {"예금": 0.41, …}}]}}`.
///
/// A point's `summary` holds `customers`, `meanWait` (with `meanWaitCI`, `[low, high]`, when
/// there are several replications), `maxWait`, `closingTime`, `businessTime`, `utilization`
/// and `serviceMeanWait` per service name, all in seconds or shares 0…1 and, with replications,
/// the means over the days. `erlangC` is there only for points whose day is M/M/c, with a
/// service's value `null` where its line grows without bound (ρ ≥ 1).
public struct BankSweepJSON: Codable, Sendable {
    /// The `sweep` object.
    public struct Body: Codable, Sendable {
        public let key: String
        public let seed: UInt64
        /// The days of the first value (every value's, unless `precision` chose them).
        public let replications: Int
        /// The wait the service levels count up to, in seconds.
        public let threshold: Double
        public let target: Target?
        public let answer: Answer?
        /// The figure `differences` compare: `serviceLevel` or `meanWait`, of `service` (a key, null for everyone).
        public let compared: String
        public let comparedService: String?
        public let differences: [Difference]
        public let points: [Point]
    }

    /// One value of the setting.
    public struct Point: Codable, Sendable {
        public let value: Double
        /// The days run for this value.
        public let days: Int
        public let summary: Summary
        /// The wait figures per service key and for everyone (`all`), each a mean with its interval.
        public let waits: Object<Waits>
        public let erlangC: Keyed?
        /// Erlang C's closed forms per service key, where the day is M/M/c.
        public let closedForms: Object<ClosedForm>?
        /// With costs: the cost a day and its parts, and who gave up (absent without costs).
        public let cost: Costs?
    }

    /// A point's cost a day (`total`, and its parts `tellers`, `waiting`, `abandonment`), each a
    /// mean over the days with its interval, and the customers who gave up a day (`gaveUp`).
    public struct Costs: Codable, Sendable {
        public let currency: String
        public let total: Measure
        public let tellers: Measure
        public let waiting: Measure
        public let abandonment: Measure
        public let gaveUp: Measure

        init?(_ point: SweepPoint) {
            guard let cost = point.scenario.cost, let total = point.cost, let tellers = point.cost(\.tellers),
                  let waiting = point.cost(\.waiting), let abandonment = point.cost(\.abandonment) else { return nil }
            currency = cost.currency
            self.total = Measure(total)
            self.tellers = Measure(tellers)
            self.waiting = Measure(waiting)
            self.abandonment = Measure(abandonment)
            gaveUp = Measure(point.gaveUp)
        }
    }

    /// A mean over the days with its 95% interval (`low`, `high`: null for one day).
    public struct Measure: Codable, Sendable, Equatable {
        public let mean: Double
        public let low: Double?
        public let high: Double?

        init(_ estimate: Estimate) {
            mean = estimate.mean
            low = estimate.values.count > 1 ? estimate.interval?.lowerBound : nil
            high = estimate.values.count > 1 ? estimate.interval?.upperBound : nil
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mean, forKey: .mean)
            try container.encode(low, forKey: .low)
            try container.encode(high, forKey: .high)
        }
    }

    /// One group's wait figures: customers counted a day, mean and longest wait, the share waiting
    /// at most the threshold, the 50th, 90th and 95th percentiles, and (for a service) its utilisation.
    public struct Waits: Codable, Sendable {
        public let customers: Double
        public let meanWait: Measure
        public let serviceLevel: Measure
        public let p50: Measure
        public let p90: Measure
        public let p95: Measure
        public let maxWait: Measure
        public let utilization: Measure?
        /// The share who gave up waiting, on days whose customers may (null otherwise).
        public let abandoned: Measure?
    }

    /// Erlang C for one service: W_q, P(W ≤ threshold) and the percentiles (null when unstable),
    /// and whether its steady state describes the day (with the expected shortfall, null when it
    /// has none).
    public struct ClosedForm: Codable, Sendable {
        public let meanWait: Double?
        public let serviceLevel: Double?
        public let p50: Double?
        public let p90: Double?
        public let p95: Double?
        public let steadyState: Bool
        public let expectedShortfall: Double?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(meanWait, forKey: .meanWait)
            try container.encode(serviceLevel, forKey: .serviceLevel)
            try container.encode(p50, forKey: .p50)
            try container.encode(p90, forKey: .p90)
            try container.encode(p95, forKey: .p95)
            try container.encode(steadyState, forKey: .steadyState)
            try container.encode(expectedShortfall, forKey: .expectedShortfall)
        }
    }

    /// The target as written: `service` (a key, or null for everyone) and either `within` and
    /// `percent`, or `meanWait`.
    public struct Target: Codable, Sendable {
        public let service: String?
        public let within: Double?
        public let percent: Double?
        public let meanWait: Double?
    }

    /// The answer: the value that meets the target (null when none does), its figure, the
    /// neighbouring value that misses it and its figure, and the paired difference between them
    /// (from the smaller value to the larger); `closest` when nothing meets it.
    public struct Answer: Codable, Sendable {
        public let value: Double?
        public let figure: Measure?
        public let next: Double?
        public let nextFigure: Measure?
        public let difference: Measure?
        public let closest: Double?
    }

    /// The change of the compared figure from one value to the next larger, day by day.
    public struct Difference: Codable, Sendable {
        public let from: Double
        public let to: Double
        public let change: Measure
    }

    /// An object whose keys are data (service keys), written in the order given.
    public struct Object<Value: Codable & Sendable>: Codable, Sendable {
        public let entries: [(key: String, value: Value)]

        init(_ entries: [(key: String, value: Value)]) {
            self.entries = entries
        }

        /// Reads the object back; its keys come sorted, as a decoder does not keep their order.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keyed.Key.self)
            entries = try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                (key.stringValue, try container.decode(Value.self, forKey: key))
            }
        }

        /// The value of one key.
        public subscript(key: String) -> Value? {
            entries.first { $0.key == key }?.value
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keyed.Key.self)
            for entry in entries { try container.encode(entry.value, forKey: Keyed.Key(stringValue: entry.key)) }
        }
    }

    /// A point's headline numbers.
    public struct Summary: Codable, Sendable {
        public let customers: Double
        public let meanWait: Double
        /// The 95% confidence interval of `meanWait`, with several replications.
        public let meanWaitCI: [Double]?
        public let maxWait: Double
        public let closingTime: Double
        public let businessTime: Double
        /// Per service name: its tellers' share of the day spent serving (absent without tellers).
        public let utilization: Keyed
        /// Per service name: its customers' mean wait (absent for a service without customers).
        public let serviceMeanWait: Keyed
    }

    /// An object of numbers (or nulls) whose keys are written in service order.
    public struct Keyed: Codable, Sendable {
        public let entries: [(key: String, value: Double?)]

        init(entries: [(key: String, value: Double?)]) {
            self.entries = entries
        }

        /// Reads the object back; its keys come sorted, as a decoder does not keep their order.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            entries = try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                (key.stringValue, try container.decodeNil(forKey: key) ? nil : try container.decode(Double.self, forKey: key))
            }
        }

        /// The value of one key (nil when absent or null).
        public subscript(key: String) -> Double? {
            entries.first { $0.key == key }?.value ?? nil
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for entry in entries {
                if let value = entry.value {
                    try container.encode(value, forKey: Key(stringValue: entry.key))
                } else {
                    try container.encodeNil(forKey: Key(stringValue: entry.key))
                }
            }
        }

        public struct Key: CodingKey {
            public let stringValue: String
            public var intValue: Int? { nil }
            public init(stringValue: String) { self.stringValue = stringValue }
            public init?(intValue: Int) { nil }
        }
    }

    public let sweep: Body

    public init(_ sweep: Sweep) {
        let services = sweep.services
        let scenario = sweep.points.first?.scenario ?? Scenario()
        let compared = sweep.comparedFigure
        let (comparedName, comparedService): (String, Int?) = switch compared {
        case .meanWait(let service): ("meanWait", service)
        case .serviceLevel(let service): ("serviceLevel", service)
        }
        self.sweep = Body(
            key: sweep.setting.key,
            seed: sweep.seed,
            replications: sweep.points.first?.days.count ?? 1,
            threshold: scenario.serviceLevelThreshold,
            target: scenario.target.map { Self.target($0, services: services) },
            answer: sweep.answer.map { Self.answer($0, sweep: sweep) },
            compared: comparedName,
            comparedService: comparedService.map { services[$0].key },
            differences: sweep.neighbourDifferences(compared).map { difference in
                Difference(from: sweep.points[difference.from].value, to: sweep.points[difference.to].value, change: Measure(difference.change))
            },
            points: sweep.points.map { point in Self.point(point, services: services) }
        )
    }

    static func target(_ target: WaitTarget, services: [Service]) -> Target {
        let service = target.service.map { services[$0].key }
        switch target.measure {
        case .serviceLevel(let within, let share):
            return Target(service: service, within: within, percent: share * 100, meanWait: nil)
        case .meanWait(let limit):
            return Target(service: service, within: nil, percent: nil, meanWait: limit)
        }
    }

    static func answer(_ answer: SweepAnswer, sweep: Sweep) -> Answer {
        func figure(_ index: Int?) -> Measure? { index.flatMap { answer.target.figure(of: sweep.points[$0]) }.map(Measure.init) }
        return Answer(
            value: answer.answer.map { sweep.points[$0].value }, figure: figure(answer.answer),
            next: answer.next.map { sweep.points[$0].value }, nextFigure: figure(answer.next),
            difference: answer.difference.map { Measure($0.change) },
            closest: answer.closest.map { sweep.points[$0].value })
    }

    static func point(_ point: SweepPoint, services: [Service]) -> Point {
        let statistics = point.statistics
        let predictions = point.erlangC
        func waits(_ estimates: WaitEstimates, service: Int?) -> Waits {
            let counts = point.days.map { day in (service.map { day.serviceWaits[$0] } ?? day.waits)?.customers ?? 0 }
            return Waits(
                customers: Double(counts.reduce(0, +)) / Double(max(counts.count, 1)),
                meanWait: Measure(estimates.meanWait), serviceLevel: Measure(estimates.serviceLevel),
                p50: Measure(estimates.percentileWaits[0]), p90: Measure(estimates.percentileWaits[1]),
                p95: Measure(estimates.percentileWaits[2]), maxWait: Measure(estimates.maxWait),
                utilization: service.flatMap { statistics.serviceUtilization($0) }.map(Measure.init),
                abandoned: point.scenario.hasPatience ? statistics.abandonment(service).map(Measure.init) : nil)
        }
        var groups = services.indices.compactMap { index in statistics.service(index).map { (services[index].key, waits($0, service: index)) } }
        if let overall = statistics.overall { groups.append(("all", waits(overall, service: nil))) }
        return Point(
            value: point.value,
            days: point.days.count,
            summary: Summary(
                customers: point.customers.mean,
                meanWait: point.meanWait.mean,
                meanWaitCI: point.days.count > 1 ? point.meanWait.interval.map { [$0.lowerBound, $0.upperBound] } : nil,
                maxWait: point.maxWait.mean,
                closingTime: point.closingTime.mean,
                businessTime: point.businessTime.mean,
                utilization: Keyed(entries: services.indices.compactMap { index in
                    point.utilization(index).map { (services[index].name, $0.mean) }
                }),
                serviceMeanWait: Keyed(entries: services.indices.compactMap { index in
                    point.serviceMeanWait(index).map { (services[index].name, $0.mean) }
                })
            ),
            waits: Object(groups),
            erlangC: predictions.isEmpty ? nil : Keyed(entries: predictions.map { (services[$0.service].name, $0.meanWait) }),
            closedForms: predictions.isEmpty ? nil : Object(predictions.map { prediction in
                let percentiles = prediction.percentileWaits
                let shortfall = prediction.steadyState.expectedShortfall
                return (services[prediction.service].key, ClosedForm(
                    meanWait: prediction.meanWait, serviceLevel: prediction.serviceLevel,
                    p50: percentiles?[0], p90: percentiles?[1], p95: percentiles?[2],
                    steadyState: prediction.steadyState.applies, expectedShortfall: shortfall.isFinite ? shortfall : nil))
            }),
            cost: Costs(point)
        )
    }

    /// The pretty-printed document, keys in a fixed order.
    public func text() throws -> String {
        try JSONText.encode(self)
    }
}

/// The CSV of a sweep, for its download and `sitegen bank --scenario FILE --format csv`.
public enum BankSweepOutput {
    /// The CSV columns for the services of `sweep`.
    public static func csvHeader(_ sweep: Sweep) -> [String] {
        (columns(sweep) + costColumns(sweep.points.first?.scenario)).map(\.name)
    }

    /// One row per value. The first columns are the spec's: `value,customers,meanWait,meanWaitLow,
    /// meanWaitHigh,maxWait,closingTime,businessTime`, then per service key `utilization.KEY`,
    /// `meanWait.KEY`, `erlangC.KEY`; then `days`, and for each service key and `all`: the service
    /// level, the 50th, 90th and 95th percentiles and the mean wait's bounds, each mean with its
    /// `Low`/`High` bounds (`serviceLevel.loan`, `serviceLevelLow.loan`, …), then Erlang C's
    /// service level and percentiles and `steadyState.KEY` (1 when the steady state describes the
    /// day, 0 when not). Numbers are written in full; a field is empty where it does not apply (no
    /// interval for one day, no teller, no customer, not M/M/c); `inf` marks an Erlang C wait
    /// without bound.
    public static func csv(_ sweep: Sweep) -> String {
        let columns = columns(sweep) + costColumns(sweep.points.first?.scenario)
        let rows = sweep.points.map { point in columns.map { CSVCell.number($0.value(point)) } }
        // Every cell is a number (or empty), so a negative bound stays a number.
        return CSVText.document(header: columns.map(\.name), rows: rows)
    }

    /// A column: its name and its text at a point.
    struct Column {
        let name: String
        let value: (SweepPoint) -> String
    }

    /// With costs, the last columns: the cost a day with its bounds (`cost`, `costLow`,
    /// `costHigh`), its parts (`cost.tellers`, `cost.waiting`, `cost.abandonment`) and the
    /// customers who gave up a day with their bounds (`gaveUp`, `gaveUpLow`, `gaveUpHigh`).
    static func costColumns(_ scenario: Scenario?) -> [Column] {
        guard scenario?.cost != nil else { return [] }
        func bounds(_ estimate: Estimate?, _ pick: (ClosedRange<Double>) -> Double) -> String {
            guard let estimate, estimate.values.count > 1, let interval = estimate.interval else { return "" }
            return number(pick(interval))
        }
        return [
            Column(name: "cost") { $0.cost.map { number($0.mean) } ?? "" },
            Column(name: "costLow") { bounds($0.cost, \.lowerBound) },
            Column(name: "costHigh") { bounds($0.cost, \.upperBound) },
            Column(name: "cost.tellers") { $0.cost(\.tellers).map { number($0.mean) } ?? "" },
            Column(name: "cost.waiting") { $0.cost(\.waiting).map { number($0.mean) } ?? "" },
            Column(name: "cost.abandonment") { $0.cost(\.abandonment).map { number($0.mean) } ?? "" },
            Column(name: "gaveUp") { number($0.gaveUp.mean) },
            Column(name: "gaveUpLow") { bounds($0.gaveUp, \.lowerBound) },
            Column(name: "gaveUpHigh") { bounds($0.gaveUp, \.upperBound) },
        ]
    }

    static func columns(_ sweep: Sweep) -> [Column] {
        columns(services: sweep.services)
    }

    /// The columns of a point: `value` first, then its figures (see ``csv(_:)``).
    static func columns(services: [Service]) -> [Column] {
        let keys = services.map(\.key)
        func bounds(_ estimate: Estimate?, _ pick: (ClosedRange<Double>) -> Double) -> String {
            guard let estimate, estimate.values.count > 1, let interval = estimate.interval else { return "" }
            return number(pick(interval))
        }
        func prediction(_ point: SweepPoint, _ index: Int) -> ErlangC.Prediction? {
            point.erlangC.first { $0.service == index }
        }
        var columns = [
            Column(name: "value") { number($0.value) },
            Column(name: "customers") { number($0.customers.mean) },
            Column(name: "meanWait") { number($0.meanWait.mean) },
            Column(name: "meanWaitLow") { bounds($0.meanWait, \.lowerBound) },
            Column(name: "meanWaitHigh") { bounds($0.meanWait, \.upperBound) },
            Column(name: "maxWait") { number($0.maxWait.mean) },
            Column(name: "closingTime") { number($0.closingTime.mean) },
            Column(name: "businessTime") { number($0.businessTime.mean) },
        ]
        columns += services.indices.map { index in Column(name: "utilization.\(keys[index])") { $0.utilization(index).map { number($0.mean) } ?? "" } }
        columns += services.indices.map { index in Column(name: "meanWait.\(keys[index])") { $0.serviceMeanWait(index).map { number($0.mean) } ?? "" } }
        columns += services.indices.map { index in
            Column(name: "erlangC.\(keys[index])") { point in
                guard let found = prediction(point, index) else { return "" }
                return found.meanWait.map(number) ?? "inf"
            }
        }
        columns.append(Column(name: "days") { String($0.days.count) })
        let groups: [(key: String, service: Int?)] = services.indices.map { (keys[$0], $0) } + [("all", nil)]
        for group in groups {
            func waits(_ point: SweepPoint) -> WaitEstimates? {
                group.service.map { point.statistics.service($0) } ?? point.statistics.overall
            }
            let figures: [(String, (WaitEstimates) -> Estimate)] = [("meanWait", \.meanWait), ("serviceLevel", \.serviceLevel)]
                + WaitFigures.percentiles.indices.map { index in ("p\(WaitFigures.percentiles[index])", { $0.percentileWaits[index] }) }
            for (name, figure) in figures {
                // Everyone's mean wait is in the spec's columns already; a service's mean is `meanWait.KEY`.
                if name != "meanWait" {
                    columns.append(Column(name: "\(name).\(group.key)") { point in waits(point).map { number(figure($0).mean) } ?? "" })
                }
                if !(name == "meanWait" && group.service == nil) {
                    columns.append(Column(name: "\(name)Low.\(group.key)") { point in bounds(waits(point).map(figure), \.lowerBound) })
                    columns.append(Column(name: "\(name)High.\(group.key)") { point in bounds(waits(point).map(figure), \.upperBound) })
                }
            }
        }
        for index in services.indices {
            let key = keys[index]
            columns.append(Column(name: "erlangCServiceLevel.\(key)") { point in
                prediction(point, index).map { $0.serviceLevel.map(number) ?? "" } ?? ""
            })
            for (position, percent) in WaitFigures.percentiles.enumerated() {
                columns.append(Column(name: "erlangCP\(percent).\(key)") { point in
                    prediction(point, index).map { $0.percentileWaits.map { number($0[position]) } ?? "inf" } ?? ""
                })
            }
            columns.append(Column(name: "steadyState.\(key)") { point in
                prediction(point, index).map { $0.steadyState.applies ? "1" : "0" } ?? ""
            })
        }
        return columns
    }

    /// A number in full (the shortest text that reads back as the same double).
    static func number(_ value: Double) -> String {
        CSVText.number(value)
    }
}
