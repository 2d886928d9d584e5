import Randomness

/// Produces customers in arrival order.
protocol ArrivalSource {
    /// How many customers will come.
    var count: Int { get }
    /// The next customer, or nil when everyone has come.
    mutating func next() -> Arrival?
}

/// Customers given in advance.
struct ListedArrivals: ArrivalSource {
    let arrivals: [Arrival]
    var position = 0

    var count: Int { arrivals.count }

    mutating func next() -> Arrival? {
        guard position < arrivals.count else { return nil }
        defer { position += 1 }
        return arrivals[position]
    }
}

/// Customers drawn from a scenario with a seeded generator, one at a time as the simulation
/// needs them, so nothing is stored per customer beyond its record.
///
/// Draw order (fixed, part of the output contract): first the number of customers when it is a
/// range; then for each customer in turn its gap since the previous arrival (Poisson only), its
/// service (only when more than one service exists), then its duration (random durations only).
/// A ``ArrivalProfile`` day draws its stream's arrival times first, all of them (by thinning:
/// candidates at the peak rate, each kept with probability rate/peak), then each customer's
/// service and duration in arrival order. A service with a patience draws each of its customers'
/// patience after the duration (a fixed patience draws nothing), so a day without patience is
/// drawn exactly as before.
/// The customers therefore never depend on the number of tellers: the same seed gives the same
/// arrivals whatever the staffing.
struct ScenarioArrivals: ArrivalSource {
    private var generator: SeededGenerator
    let count: Int
    private var produced = 0
    private var clock: Int64 = 0
    private let batchTimes: [Int64]
    private let batchEnds: [Int]
    private var batchIndex = 0
    /// The mean gap between Poisson arrivals, in ticks.
    private let meanGap: Double?
    private let cumulativeWeights: [Double]
    private let durations: [ServiceDuration]
    private let patience: [ServiceDuration?]
    private let exponential = ExponentialSampler()

    init(scenario: Scenario, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        func draw(_ count: CustomerCount) -> Int {
            switch count {
            case .exactly(let count): count
            case .range(let range): generator.nextInt(in: range)
            }
        }
        switch scenario.arrivals {
        case .opening(let customers):
            count = draw(customers)
            batchTimes = [0]
            batchEnds = [count]
            meanGap = nil
        case .batches(let batches):
            // Arrival order is time order: batches are taken by time, ties in the order written.
            let ordered = batches.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            var times: [Int64] = []
            var ends: [Int] = []
            var total = 0
            for (_, batch) in ordered {
                total += batch.count
                times.append(SimulatedTime.ticks(seconds: batch.at))
                ends.append(total)
            }
            count = total
            batchTimes = times
            batchEnds = ends
            meanGap = nil
        case .poisson(let rate, let customers):
            count = draw(customers)
            batchTimes = []
            batchEnds = []
            meanGap = 1_000_000 / rate
        case .profile(let profile):
            // The stream's customers are groups of one, merged with the batches by time (a
            // stream customer first at a tie), then walked like batches.
            let stream = Self.thinning(profile, &generator, ExponentialSampler()).map { ($0, 1) }
            let groups = profile.batches.map { (SimulatedTime.ticks(seconds: $0.at), $0.count) }
            let ordered = (stream + groups).enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            var times: [Int64] = []
            var ends: [Int] = []
            var total = 0
            for (_, group) in ordered where group.1 > 0 {
                total += group.1
                times.append(group.0)
                ends.append(total)
            }
            count = total
            batchTimes = times
            batchEnds = ends
            meanGap = nil
        }
        var running = 0.0
        cumulativeWeights = scenario.services.map { service in
            running += service.weight
            return running
        }
        durations = scenario.services.map(\.duration)
        patience = scenario.services.map(\.patience)
        self.generator = generator
    }

    /// The stream's arrival times in ticks: candidates from a Poisson stream at the peak rate,
    /// each kept with probability (its period's rate) / (peak rate) — Lewis and Shedler's thinning,
    /// exact for a piecewise-constant rate. At most ``ArrivalProfile/streamBound`` are kept.
    static func thinning(_ profile: ArrivalProfile, _ generator: inout SeededGenerator, _ exponential: ExponentialSampler) -> [Int64] {
        let peak = profile.peakRate
        guard peak > 0, let first = profile.periods.first else { return [] }
        let meanGap = 1_000_000 / peak
        let ends = profile.periods.map { SimulatedTime.ticks(seconds: $0.end) }
        let starts = profile.periods.map { SimulatedTime.ticks(seconds: $0.start) }
        let bound = profile.streamBound
        var times: [Int64] = []
        var clock = SimulatedTime.ticks(seconds: first.start)
        var period = 0
        while times.count < bound {
            clock += exponential.ticks(meanTicks: meanGap, &generator)
            while period < ends.count && clock >= ends[period] { period += 1 }
            guard period < ends.count else { break }
            let keep = generator.nextUnit() * peak
            if clock >= starts[period] && keep < profile.periods[period].rate { times.append(clock) }
        }
        return times
    }

    @inline(__always)
    mutating func next() -> Arrival? {
        guard produced < count else { return nil }
        if let meanGap {
            clock += exponential.ticks(meanTicks: meanGap, &generator)
        } else {
            while produced >= batchEnds[batchIndex] { batchIndex += 1 }
            clock = batchTimes[batchIndex]
        }
        produced += 1
        var service = 0
        if cumulativeWeights.count > 1 {
            let target = generator.nextUnit() * cumulativeWeights[cumulativeWeights.count - 1]
            while service < cumulativeWeights.count - 1 && target >= cumulativeWeights[service] { service += 1 }
            // A zero-weight service never gets a customer, even when `target` lands on its edge.
            while service > 0 && cumulativeWeights[service] == cumulativeWeights[service - 1] { service -= 1 }
        }
        let duration = durations[service].sample(&generator, exponential)
        let patience = self.patience[service]?.sample(&generator, exponential) ?? .max
        return Arrival(time: clock, service: service, duration: duration, patience: patience)
    }
}
