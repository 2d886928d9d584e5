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
        public let replications: Int
        public let points: [Point]
    }

    /// One value of the setting.
    public struct Point: Codable, Sendable {
        public let value: Double
        public let summary: Summary
        public let erlangC: Keyed?
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

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    public let sweep: Body

    public init(_ sweep: Sweep) {
        let services = sweep.services
        self.sweep = Body(
            key: sweep.setting.key,
            seed: sweep.seed,
            replications: sweep.points.first?.days.count ?? 1,
            points: sweep.points.map { point in
                let predictions = point.erlangC
                return Point(
                    value: point.value,
                    summary: Summary(
                        customers: point.customers.mean,
                        meanWait: point.meanWait.mean,
                        meanWaitCI: point.meanWait.interval.map { [$0.lowerBound, $0.upperBound] },
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
                    erlangC: predictions.isEmpty ? nil : Keyed(entries: predictions.map { (services[$0.service].name, $0.meanWait) })
                )
            }
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
        let keys = sweep.services.map(\.key)
        return ["value", "customers", "meanWait", "meanWaitLow", "meanWaitHigh", "maxWait", "closingTime", "businessTime"]
            + keys.map { "utilization.\($0)" } + keys.map { "meanWait.\($0)" } + keys.map { "erlangC.\($0)" }
    }

    /// One row per value: `value,customers,meanWait,meanWaitLow,meanWaitHigh,maxWait,closingTime,
    /// businessTime`, then per service key `utilization.KEY`, `meanWait.KEY`, `erlangC.KEY`. Numbers
    /// are written in full; a field is empty where it does not apply (no CI for one day, no
    /// teller, no customer, not M/M/c); `inf` marks an Erlang C wait without bound.
    public static func csv(_ sweep: Sweep) -> String {
        let services = sweep.services.indices
        let rows = sweep.points.map { point in
            let interval = point.meanWait.interval
            var row = [
                number(point.value), number(point.customers.mean), number(point.meanWait.mean),
                interval.map { number($0.lowerBound) } ?? "", interval.map { number($0.upperBound) } ?? "",
                number(point.maxWait.mean), number(point.closingTime.mean), number(point.businessTime.mean),
            ]
            row += services.map { point.utilization($0).map { number($0.mean) } ?? "" }
            row += services.map { point.serviceMeanWait($0).map { number($0.mean) } ?? "" }
            row += services.map { index in
                guard let prediction = point.erlangC.first(where: { $0.service == index }) else { return "" }
                return prediction.meanWait.map(number) ?? "inf"
            }
            return row
        }
        // Every cell is a number (or empty), so a negative interval bound stays a number.
        return CSVText.document(header: csvHeader(sweep), rows: rows.map { $0.map(CSVCell.number) })
    }

    /// A number in full (the shortest text that reads back as the same double).
    static func number(_ value: Double) -> String {
        CSVText.number(value)
    }
}
