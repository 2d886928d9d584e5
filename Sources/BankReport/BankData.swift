import BankSimulation
import ReportKit

/// The data downloads and `--format csv|json` output, as `Codable` models.
public enum BankData {
    /// CSV columns (SPEC §5.1).
    public static let csvColumns = ["number", "service", "arrival", "start", "finish", "wait", "teller"]

    /// `number,service,arrival,start,finish,wait,teller`: every customer of the first day, times in
    /// seconds exact to the microsecond, `service` the service key and `teller` the lane label;
    /// a customer never served has empty times and teller.
    public static func csv(_ day: Day) -> String {
        String(decoding: csvBytes(day), as: UTF8.self)
    }

    /// ``csv(_:)`` as UTF-8 bytes, written straight from the day's records: a million customers
    /// make 72 MB of CSV, which this writes without a `String` or cell value per field. The
    /// service keys and teller labels go through ``CSVText/field(_:)`` once each.
    public static func csvBytes(_ day: Day) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + day.customers.count * 72)
        out += CSVText.line(csvColumns).utf8
        let keys = day.services.map { Array(CSVText.field($0.key).utf8) }
        let labels = day.tellers.map { Array(CSVText.field($0.label).utf8) }
        let comma = UInt8(ascii: ",")
        for (index, customer) in day.customers.enumerated() {
            appendDigits(UInt64(index + 1), to: &out)
            out.append(comma)
            out += keys[Int(customer.service)]
            out.append(comma)
            appendSeconds(customer.arrival, to: &out)
            if customer.teller >= 0 {
                out.append(comma)
                appendSeconds(customer.start, to: &out)
                out.append(comma)
                appendSeconds(customer.finish, to: &out)
                out.append(comma)
                appendSeconds(customer.wait, to: &out)
                out.append(comma)
                out += labels[Int(customer.teller)]
            } else {
                out += ",,,,".utf8
            }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// `ticks` as ``SimulatedTime/exactText(_:)`` writes them: `12`, `0.7`, `-3.000001`.
    static func appendSeconds(_ ticks: Int64, to out: inout [UInt8]) {
        if ticks < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = ticks.magnitude
        let perSecond = UInt64(SimulatedTime.ticksPerSecond)
        appendDigits(magnitude / perSecond, to: &out)
        var fraction = magnitude % perSecond
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let start = out.count
        appendDigits(fraction, to: &out)
        let zeros = digits - (out.count - start)
        if zeros > 0 { out.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: zeros), at: start) }
    }

    /// The decimal digits of `value`.
    static func appendDigits(_ value: UInt64, to out: inout [UInt8]) {
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }

    /// The whole result: the first day's summary and customers, and the replications and the
    /// Erlang C comparison when the page shows them.
    public static func json(_ run: BankRun) throws -> String {
        try JSONText.encode(BankJSON(run))
    }
}

/// Seconds of simulated time written exactly, `0.7`, `1234.000001`.
struct Seconds: ExactNumber {
    let ticks: Int64
    var numberText: String { SimulatedTime.exactText(ticks) }
}

/// `{"summary", "customers", "replications"?, "erlangC"?}` (SPEC §5.1).
struct BankJSON: Encodable {
    struct Summary: Encodable {
        let customers: Int
        let totalTime: Seconds
        let closingTime: Seconds
        let businessTime: Seconds
        /// Nil (`null`) when nobody was served.
        @Nullable var meanWait: Double?
        let maxWait: Seconds
        let utilization: KeyedValues<Double>

    }

    /// One customer on one line; a customer never served has `null` times and teller (empty
    /// cells in the CSV).
    struct Customer: FlatRecord {
        let number: Int
        let service: String
        let arrival: Seconds
        let start: Seconds?
        let finish: Seconds?
        let wait: Seconds?
        let teller: String?

        static let fieldNames = BankData.csvColumns

        func writeFields(_ field: (ScalarValue) -> Void) {
            field(.number(String(number)))
            field(.string(service))
            field(.number(arrival.numberText))
            if let start, let finish, let wait, let teller {
                field(.number(start.numberText))
                field(.number(finish.numberText))
                field(.number(wait.numberText))
                field(.string(teller))
            } else {
                for _ in 0..<4 { field(.null) }
            }
        }
    }

    /// A measure over the replicated days: mean, 95% confidence interval (null with one day), min, max.
    struct Measure: Encodable {
        let mean: Double
        @Nullable var low: Double?
        @Nullable var high: Double?
        let min: Double
        let max: Double

        init(_ estimate: Estimate) {
            mean = estimate.mean
            low = estimate.interval?.lowerBound
            high = estimate.interval?.upperBound
            min = estimate.values.min() ?? 0
            max = estimate.values.max() ?? 0
        }
    }

    /// `{"days", "seeds": [first, last], "customers", "totalTime", "meanWait", "maxWait",
    /// "serviceMeanWait": {"deposit": …}}`.
    struct ReplicationsJSON: Encodable {
        let days: Int
        let seeds: [UInt64]
        let customers: Measure
        let totalTime: Measure
        let meanWait: Measure
        let maxWait: Measure
        let serviceMeanWait: KeyedValues<Measure>
    }

    /// One service's M/M/c prediction beside the simulation; `meanWait` is null when ρ ≥ 1.
    struct ErlangCJSON: Encodable {
        let arrivalRate: Double
        let tellers: Int
        @Nullable var utilization: Double?
        @Nullable var probabilityOfWaiting: Double?
        @Nullable var meanWait: Double?
        @Nullable var simulatedMeanWait: Double?
    }

    let summary: Summary
    let customers: [Customer]
    /// Present when more than one day was simulated.
    let replications: ReplicationsJSON?
    /// Present when the page shows Erlang C: by service key.
    let erlangC: KeyedValues<ErlangCJSON>?

    init(_ run: BankRun) {
        let day = run.day
        let utilization = day.utilization
        summary = Summary(
            customers: day.servedCustomers,
            totalTime: Seconds(ticks: day.totalTime),
            closingTime: Seconds(ticks: day.closingTime),
            businessTime: Seconds(ticks: day.businessTime),
            meanWait: day.meanWait.isFinite ? day.meanWait : nil,
            maxWait: Seconds(ticks: day.maxWait),
            utilization: KeyedValues(day.tellers.indices.map { (day.tellers[$0].label, utilization[$0]) })
        )
        customers = Self.customers(day)
        let replicated = run.replications
        let services = run.scenario.services
        if replicated.days.count > 1 {
            let days = replicated.days.count
            replications = ReplicationsJSON(
                days: days,
                seeds: [run.seed, run.seed &+ UInt64(days - 1)],
                customers: Measure(replicated.customers),
                totalTime: Measure(replicated.totalTime),
                meanWait: Measure(replicated.meanWait),
                maxWait: Measure(replicated.maxWait),
                serviceMeanWait: KeyedValues(services.indices.compactMap { index in
                    let estimate = replicated.serviceMeanWait(index)
                    return estimate.values.isEmpty ? nil : (services[index].key, Measure(estimate))
                })
            )
        } else {
            replications = nil
        }
        let predictions = run.predictions
        erlangC = predictions.isEmpty ? nil : KeyedValues(predictions.map { prediction in
            let simulated = replicated.serviceMeanWait(prediction.service)
            return (services[prediction.service].key, ErlangCJSON(
                arrivalRate: prediction.arrivalRate,
                tellers: prediction.servers,
                utilization: prediction.utilization.isFinite ? prediction.utilization : nil,
                probabilityOfWaiting: prediction.probabilityOfWaiting,
                meanWait: prediction.meanWait,
                simulatedMeanWait: simulated.values.isEmpty ? nil : simulated.mean
            ))
        })
    }

    /// Every customer of `day`, in number order.
    static func customers(_ day: Day) -> [Customer] {
        let keys = day.services.map(\.key)
        let labels = day.tellers.map(\.label)
        return day.customers.enumerated().map { index, customer in
            let served = customer.teller >= 0
            return Customer(
                number: index + 1,
                service: keys[Int(customer.service)],
                arrival: Seconds(ticks: customer.arrival),
                start: served ? Seconds(ticks: customer.start) : nil,
                finish: served ? Seconds(ticks: customer.finish) : nil,
                wait: served ? Seconds(ticks: customer.wait) : nil,
                teller: served ? labels[Int(customer.teller)] : nil
            )
        }
    }
}
