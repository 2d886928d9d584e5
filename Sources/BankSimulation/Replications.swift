/// The headline numbers of one simulated day.
public struct DaySummary: Sendable, Equatable {
    public var seed: UInt64
    public var customers: Int
    /// When the last customer finished, in seconds (the same as ``closingTime``, kept for
    /// existing readers).
    public var totalTime: Double
    /// When the last customer finished, in seconds.
    public var closingTime: Double { totalTime }
    /// 업무시간 in seconds: the time someone was waiting or being served (see ``Day/businessTime``).
    public var businessTime: Double
    public var meanWait: Double
    public var maxWait: Double
    /// Mean wait per service in seconds, nil for a service without customers.
    public var serviceMeanWait: [Double?]
    /// Utilisation per teller, 0…1.
    public var utilization: [Double]
    /// Utilisation per service, 0…1: its tellers' busy time over their number times the closing
    /// time; nil for a service without tellers.
    public var serviceUtilization: [Double?]

    public init(_ day: Day) {
        seed = day.seed ?? 0
        customers = day.servedCustomers
        totalTime = SimulatedTime.seconds(day.totalTime)
        businessTime = SimulatedTime.seconds(day.businessTime)
        meanWait = day.meanWait
        maxWait = SimulatedTime.seconds(day.maxWait)
        serviceMeanWait = day.services.indices.map { day.meanWait(service: $0) }
        utilization = day.utilization
        var busy = [Int64](repeating: 0, count: day.services.count)
        var tellers = [Int](repeating: 0, count: day.services.count)
        for (index, teller) in day.tellers.enumerated() {
            busy[teller.service] += day.busyTime[index]
            tellers[teller.service] += 1
        }
        serviceUtilization = day.services.indices.map { service in
            guard tellers[service] > 0 else { return nil }
            return day.totalTime > 0 ? Double(busy[service]) / (Double(tellers[service]) * Double(day.totalTime)) : 0
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

    /// Runs `count` days (at least one); only the first keeps its customer records.
    public init(_ scenario: Scenario, seed: UInt64, count: Int) {
        first = Simulation.run(scenario, seed: seed)
        var days = [DaySummary(first)]
        var next = seed
        for _ in 1..<max(count, 1) {
            next &+= 1
            days.append(DaySummary(Simulation.run(scenario, seed: next)))
        }
        self.days = days
    }

    public var customers: Estimate { Estimate(values: days.map { Double($0.customers) }) }
    public var totalTime: Estimate { Estimate(values: days.map(\.totalTime)) }
    public var businessTime: Estimate { Estimate(values: days.map(\.businessTime)) }
    public var meanWait: Estimate { Estimate(values: days.map(\.meanWait)) }
    public var maxWait: Estimate { Estimate(values: days.map(\.maxWait)) }

    /// Mean wait of one service over the days in which it had customers.
    public func serviceMeanWait(_ service: Int) -> Estimate {
        Estimate(values: days.compactMap { $0.serviceMeanWait[service] })
    }

    /// Utilisation of one teller.
    public func utilization(_ teller: Int) -> Estimate {
        Estimate(values: days.map { $0.utilization[teller] })
    }
}
