import BankSimulation
import ReportKit

/// The data downloads and `--format csv|json` output, as `Codable` models.
public enum BankData {
    /// CSV columns (SPEC §5.1).
    public static let csvColumns = ["number", "service", "arrival", "start", "finish", "wait", "teller"]

    /// `number,service,arrival,start,finish,wait,teller`: every customer of the first day, times in
    /// seconds exact to the microsecond, `service` the service key and `teller` the lane label;
    /// a customer never served has empty times and teller. ``writeCSV(_:chunkSize:to:)``'s bytes.
    public static func csv(_ day: Day) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + day.customers.count * 40)
        writeCSV(day) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of ``csv(_:)``, handed to `sink` in pieces of at most `chunkSize` bytes (or one
    /// row, if longer), each written into one reused buffer: a million customers make 72 MB of
    /// CSV, which this writes without holding it whole, and without a `String` per field. The
    /// service keys and teller labels go through ``CSVText/field(_:)`` once each.
    public static func writeCSV(_ day: Day, chunkSize: Int = 1 << 20, to sink: ByteSink) rethrows {
        // The service keys' and teller labels' cells, one after another, and where each is.
        var cellBytes: [UInt8] = []
        func cell(_ text: String) -> Range<Int> {
            let start = cellBytes.count
            cellBytes += CSVText.field(text).utf8
            return start..<cellBytes.count
        }
        let keys = day.services.map { cell($0.key) }
        let labels = day.tellers.map { cell($0.label) }
        let cells = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: cellBytes.count)
        _ = cells.initialize(from: cellBytes)
        defer { cells.deallocate() }
        // number,key,arrival,start,finish,wait,label and the newline.
        let longestRow = DecimalBytes.maxDigits + (keys.map(\.count).max() ?? 0) + 4 * DecimalBytes.maxSeconds
            + (labels.map(\.count).max() ?? 0) + 7
        let header = Array(CSVText.line(csvColumns).utf8)
        var out = CSVBuffer(capacity: max(chunkSize, longestRow, header.count))
        defer { out.deallocate() }
        header.withUnsafeBufferPointer { out.append($0) }
        let comma = UInt8(ascii: ",")
        for (index, customer) in day.customers.enumerated() {
            try out.reserve(longestRow, flushingTo: sink)
            out.advance { DecimalBytes.writeDigits(UInt64(index + 1), to: $0) }
            out.append(comma)
            out.append(UnsafeBufferPointer(rebasing: cells[keys[Int(customer.service)]]))
            out.append(comma)
            out.advance { DecimalBytes.writeSeconds(customer.arrival, to: $0) }
            if customer.teller >= 0 {
                out.append(comma)
                out.advance { DecimalBytes.writeSeconds(customer.start, to: $0) }
                out.append(comma)
                out.advance { DecimalBytes.writeSeconds(customer.finish, to: $0) }
                out.append(comma)
                out.advance { DecimalBytes.writeSeconds(customer.wait, to: $0) }
                out.append(comma)
                out.append(UnsafeBufferPointer(rebasing: cells[labels[Int(customer.teller)]]))
            } else if customer.isAbandoned {
                // Gave up: no start; when they left and how long they waited; no teller.
                out.append(comma)
                out.append(comma)
                out.advance { DecimalBytes.writeSeconds(customer.finish, to: $0) }
                out.append(comma)
                out.advance { DecimalBytes.writeSeconds(customer.wait, to: $0) }
                out.append(comma)
            } else {
                for _ in 0..<4 { out.append(comma) }
            }
            out.append(UInt8(ascii: "\n"))
        }
        try out.flush(to: sink)
    }

    /// The whole result: the first day's summary and customers, and the replications and the
    /// Erlang C comparison when the page shows them.
    public static func json(_ run: BankRun) throws -> String {
        try JSONText.encode(BankJSON(run))
    }
}

/// The fixed buffer ``BankData/writeCSV(_:chunkSize:to:)`` fills and empties into its sink.
/// Callers reserve room before writing; nothing here checks bounds again.
private struct CSVBuffer {
    private let start: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0

    init(capacity: Int) {
        start = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    func deallocate() {
        start.deallocate()
    }

    /// Makes room for `bytes` more, handing what is written to `sink` first if needed.
    mutating func reserve(_ bytes: Int, flushingTo sink: ByteSink) rethrows {
        if capacity - count < bytes { try flush(to: sink) }
    }

    /// Hands what is written to `sink` and starts again at the front.
    mutating func flush(to sink: ByteSink) rethrows {
        guard count > 0 else { return }
        try sink(UnsafeRawBufferPointer(start: start, count: count))
        count = 0
    }

    mutating func append(_ byte: UInt8) {
        start[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        (start + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Lets `write` write at the end and counts the bytes it says it wrote.
    @inline(__always)
    mutating func advance(_ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        count += write(start + count)
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
            // One never served has nulls; one who gave up has no start or teller.
            field(start.map { .number($0.numberText) } ?? .null)
            field(finish.map { .number($0.numberText) } ?? .null)
            field(wait.map { .number($0.numberText) } ?? .null)
            field(teller.map { .string($0) } ?? .null)
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

    /// `{"days", "seeds": [first, last], "customers", "totalTime", "businessTime", "meanWait", "maxWait",
    /// "serviceMeanWait": {"deposit": …}}`.
    struct ReplicationsJSON: Encodable {
        let days: Int
        let seeds: [UInt64]
        let customers: Measure
        let totalTime: Measure
        let businessTime: Measure
        let meanWait: Measure
        let maxWait: Measure
        let serviceMeanWait: KeyedValues<Measure>
    }

    /// One service's M/M/c prediction beside the simulation; `meanWait` is null when ρ ≥ 1.
    /// `serviceLevel` is P(W ≤ threshold), `p50`…`p95` the wait's percentiles; `steadyState` says
    /// whether the steady state describes the day, `expectedShortfall` by how much the day's mean
    /// wait is expected to fall short of it.
    struct ErlangCJSON: Encodable {
        let arrivalRate: Double
        let tellers: Int
        @Nullable var utilization: Double?
        @Nullable var probabilityOfWaiting: Double?
        @Nullable var meanWait: Double?
        @Nullable var simulatedMeanWait: Double?
        @Nullable var serviceLevel: Double?
        @Nullable var p50: Double?
        @Nullable var p90: Double?
        @Nullable var p95: Double?
        let steadyState: Bool
        @Nullable var expectedShortfall: Double?
    }

    /// The wait figures of `statistics`: the threshold, and per service key and for everyone
    /// (`all`) each figure as a mean over the days with its interval.
    struct StatisticsJSON: Encodable {
        let threshold: Double
        let days: Int
        let groups: KeyedValues<BankSweepJSON.Waits>
    }

    let summary: Summary
    /// The wait figures (service level, percentiles) per service and for everyone.
    let statistics: StatisticsJSON
    let customers: [Customer]
    /// Present when more than one day was simulated.
    let replications: ReplicationsJSON?
    /// Present when the page shows Erlang C: by service key.
    let erlangC: KeyedValues<ErlangCJSON>?
    /// Present when the page shows Erlang A (M/M/c+M): by service key.
    let erlangA: KeyedValues<ErlangAJSON>?

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
                businessTime: Measure(replicated.businessTime),
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
                simulatedMeanWait: simulated.values.isEmpty ? nil : simulated.mean,
                serviceLevel: prediction.serviceLevel,
                p50: prediction.percentileWaits?[0],
                p90: prediction.percentileWaits?[1],
                p95: prediction.percentileWaits?[2],
                steadyState: prediction.steadyState.applies,
                expectedShortfall: prediction.steadyState.expectedShortfall.isFinite ? prediction.steadyState.expectedShortfall : nil
            ))
        })
        let statistics = replicated.statistics
        let erlangAPredictions = ErlangA.predictions(for: run.scenario)
        erlangA = erlangAPredictions.isEmpty ? nil : KeyedValues(erlangAPredictions.map { prediction in
            (services[prediction.service].key, ErlangAJSON(
                arrivalRate: prediction.arrivalRate, tellers: prediction.servers,
                probabilityOfWaiting: prediction.figures.probabilityOfWaiting, abandonment: prediction.figures.abandonment,
                meanTimeInLine: prediction.figures.meanTimeInLine,
                simulatedAbandonment: statistics.abandonment(prediction.service)?.mean))
        })
        func waits(_ estimates: WaitEstimates, service: Int?) -> BankSweepJSON.Waits {
            let counts = replicated.days.map { day in (service.map { day.serviceWaits[$0] } ?? day.waits)?.customers ?? 0 }
            return BankSweepJSON.Waits(
                customers: Double(counts.reduce(0, +)) / Double(max(counts.count, 1)),
                meanWait: .init(estimates.meanWait), serviceLevel: .init(estimates.serviceLevel),
                p50: .init(estimates.percentileWaits[0]), p90: .init(estimates.percentileWaits[1]),
                p95: .init(estimates.percentileWaits[2]), maxWait: .init(estimates.maxWait),
                utilization: service.flatMap { statistics.serviceUtilization($0) }.map(BankSweepJSON.Measure.init),
                abandoned: run.scenario.hasPatience ? statistics.abandonment(service).map(BankSweepJSON.Measure.init) : nil)
        }
        var groups = services.indices.compactMap { index in statistics.service(index).map { (services[index].key, waits($0, service: index)) } }
        if let overall = statistics.overall { groups.append(("all", waits(overall, service: nil))) }
        self.statistics = StatisticsJSON(threshold: run.scenario.serviceLevelThreshold, days: replicated.days.count, groups: KeyedValues(groups))
    }

    /// Every customer of `day`, in number order.
    static func customers(_ day: Day) -> [Customer] {
        let keys = day.services.map(\.key)
        let labels = day.tellers.map(\.label)
        return day.customers.enumerated().map { index, customer in
            let served = customer.teller >= 0
            // One who gave up has no start: `finish` is when they left, `wait` how long they waited.
            let waited = served || customer.isAbandoned
            return Customer(
                number: index + 1,
                service: keys[Int(customer.service)],
                arrival: Seconds(ticks: customer.arrival),
                start: served ? Seconds(ticks: customer.start) : nil,
                finish: waited ? Seconds(ticks: customer.finish) : nil,
                wait: waited ? Seconds(ticks: customer.wait) : nil,
                teller: served ? labels[Int(customer.teller)] : nil
            )
        }
    }
}

/// Erlang A's figures for one service beside the simulated share who gave up.
struct ErlangAJSON: Encodable {
    let arrivalRate: Double
    let tellers: Int
    let probabilityOfWaiting: Double
    let abandonment: Double
    let meanTimeInLine: Double
    let simulatedAbandonment: Double?
}
