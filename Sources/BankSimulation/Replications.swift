/// The headline numbers of one simulated day.
public struct DaySummary: Sendable, Equatable, Codable {
    public var seed: UInt64
    public var customers: Int
    /// When the last customer finished, in seconds (the same as ``closingTime``, kept for
    /// existing readers).
    public var totalTime: Double
    /// When the last customer finished, in seconds.
    public var closingTime: Double { totalTime }
    /// 업무시간 in seconds: the time someone was waiting or being served (see ``Day/businessTime``).
    public var businessTime: Double
    /// Everyone's waits (served customers past the warm-up); nil when nobody is counted.
    public var waits: WaitFigures?
    /// Each service's waits, by service index; nil for a service without counted customers.
    public var serviceWaits: [WaitFigures?]
    /// Customers counted for abandonment per service (past the warm-up, served or not), and
    /// those of them who gave up waiting.
    public var arrivedPerService: [Int] = []
    public var abandonedPerService: [Int] = []
    /// Utilisation per teller, 0…1, over the time its service is open (``Day/utilization``).
    public var utilization: [Double]
    /// Utilisation per service, 0…1: its tellers' busy time over their number times the time the
    /// service is open (until its last customer finishes); nil for a service without tellers.
    public var serviceUtilization: [Double?]
    /// When each service's last served customer finished, in seconds, by service index (0 for a
    /// service that served nobody).
    public var serviceClosingTime: [Double] = []
    /// Every customer's wait summed, in seconds: served or gone, warm-up included (what costs count).
    public var waitingTime: Double = 0
    /// Customers who gave up waiting, everyone's, warm-up included.
    public var gaveUp: Int = 0

    /// Mean wait in seconds over the counted customers (0 when nobody is counted).
    public var meanWait: Double { waits?.meanWait ?? 0 }
    /// The longest counted wait in seconds (0 when nobody is counted).
    public var maxWait: Double { waits?.maxWait ?? 0 }
    /// Mean wait per service in seconds, nil for a service without counted customers.
    public var serviceMeanWait: [Double?] { serviceWaits.map { $0?.meanWait } }

    /// The summary of `day`, with service levels for waits of at most `threshold` seconds and
    /// the customers of the `warmup` left out of the wait figures.
    public init(_ day: Day, threshold: Double = 1, warmup: Warmup? = nil) {
        seed = day.seed ?? 0
        customers = day.servedCustomers
        totalTime = SimulatedTime.seconds(day.totalTime)
        businessTime = SimulatedTime.seconds(day.businessTime)
        let thresholdTicks = SimulatedTime.ticks(seconds: threshold)
        var perService = [[Int64]](repeating: [], count: day.services.count)
        var skipCustomers = 0
        var skipBefore = Int64.min
        switch warmup {
        case .customers(let count): skipCustomers = count
        case .seconds(let seconds): skipBefore = SimulatedTime.ticks(seconds: seconds)
        case nil: break
        }
        arrivedPerService = [Int](repeating: 0, count: day.services.count)
        abandonedPerService = arrivedPerService
        for (index, customer) in day.customers.enumerated() where index >= skipCustomers && customer.arrival >= skipBefore {
            let service = Int(customer.service)
            arrivedPerService[service] += 1
            if customer.isAbandoned { abandonedPerService[service] += 1 }
            if customer.teller >= 0 { perService[service].append(customer.wait) }
        }
        var everyone: [Int64] = []
        everyone.reserveCapacity(perService.reduce(0) { $0 + $1.count })
        for index in perService.indices {
            perService[index].sort()
            everyone += perService[index]
        }
        everyone.sort()
        waits = WaitFigures(sortedWaits: everyone, thresholdTicks: thresholdTicks)
        serviceWaits = perService.map { WaitFigures(sortedWaits: $0, thresholdTicks: thresholdTicks) }
        utilization = day.utilization
        var busy = [Int64](repeating: 0, count: day.services.count)
        var tellers = [Int](repeating: 0, count: day.services.count)
        for (index, teller) in day.tellers.enumerated() {
            busy[teller.service] += day.busyTime[index]
            tellers[teller.service] += 1
        }
        let closing = day.serviceClosingTime
        serviceClosingTime = closing.map(SimulatedTime.seconds)
        var waited = 0.0
        for customer in day.customers where customer.teller >= 0 || customer.isAbandoned {
            waited += Double(customer.wait)
            if customer.isAbandoned { gaveUp += 1 }
        }
        waitingTime = waited / Double(SimulatedTime.ticksPerSecond)
        serviceUtilization = day.services.indices.map { service in
            guard tellers[service] > 0 else { return nil }
            return closing[service] > 0 ? Double(busy[service]) / (Double(tellers[service]) * Double(closing[service])) : 0
        }
    }
}

/// Several days of one scenario with seeds `seed`, `seed + 1`, …, and the mean and 95%
/// confidence interval of each headline number.
public struct Replications: Sendable {
    /// The first day, kept in full for timelines and tables.
    public let first: Day
    /// Every day's headline numbers, in seed order.
    public let days: [DaySummary]

    /// Runs the days `scenario` asks for: `replications` of them, or with a ``Precision`` as many
    /// as it takes (see ``DayPlan``); only the first keeps its customer records.
    public init(_ scenario: Scenario, seed: UInt64, threads: Threads = .allCores) {
        (first, days) = DayPlan.run(scenario, seed: seed, threads: threads)
    }

    /// Days run already: the first in full and every day's summary, in seed order.
    public init(first: Day, days: [DaySummary]) {
        self.first = first
        self.days = days
    }

    /// Runs `count` days (at least one), whatever the scenario's plan.
    public init(_ scenario: Scenario, seed: UInt64, count: Int) {
        var fixed = scenario
        fixed.replications = max(count, 1)
        fixed.precision = nil
        (first, days) = DayPlan.run(fixed, seed: seed)
    }

    /// The days' figures as means with intervals.
    public var statistics: DayStatistics { DayStatistics(days: days) }

    public var customers: Estimate { statistics.customers }
    public var totalTime: Estimate { statistics.closingTime }
    public var businessTime: Estimate { statistics.businessTime }
    public var meanWait: Estimate { statistics.meanWait }
    public var maxWait: Estimate { statistics.maxWait }

    /// Mean wait of one service over the days in which it had customers.
    public func serviceMeanWait(_ service: Int) -> Estimate {
        statistics.service(service)?.meanWait ?? Estimate(values: [])
    }

    /// Utilisation of one teller.
    public func utilization(_ teller: Int) -> Estimate {
        statistics.tellerUtilization(teller)
    }
}
