import Testing
import BankSimulation

/// Service levels, percentiles, warm-up and utilisation on small days worked out by hand.
@Suite struct WaitFiguresTests {
    let services = [
        Service(key: "deposit", name: "예금", duration: .fixed(1)),
        Service(key: "loan", name: "대출", duration: .fixed(2)),
    ]

    /// Five deposit customers at opening on one teller, 1 s each: waits 0, 1, 2, 3, 4; two loan
    /// customers at opening on one teller, 2 s each: waits 0, 2.
    func day() throws -> Day {
        let arrivals = (0..<5).map { _ in Arrival(at: 0, service: 0, duration: 1) } + [Arrival(at: 0, service: 1, duration: 2), Arrival(at: 0, service: 1, duration: 2)]
        return try Simulation.run(arrivals: arrivals, services: services, tellers: [1, 1])
    }

    @Test func serviceLevelAndNearestRankPercentiles() throws {
        let summary = DaySummary(try day(), threshold: 2)
        // Deposit: waits 0 1 2 3 4. At most 2 s: 3 of 5. Nearest rank ⌈p·n⌉: 50th → 3rd (2),
        // 90th → 5th (4), 95th → 5th (4). Mean 2, max 4.
        let deposit = try #require(summary.serviceWaits[0])
        #expect(deposit.customers == 5)
        #expect(deposit.serviceLevel == 0.6)
        #expect(deposit.percentileWaits == [2, 4, 4])
        #expect(deposit.meanWait == 2)
        #expect(deposit.maxWait == 4)
        // Loan: waits 0 2 → both within 2 s (at most counts 2 itself); 50th → 1st (0), 90th → 2nd.
        let loan = try #require(summary.serviceWaits[1])
        #expect(loan.serviceLevel == 1)
        #expect(loan.percentileWaits == [0, 2, 2])
        // Everyone: 0 0 1 2 2 3 4 → 5 of 7 within 2 s; 50th → 4th (2), 90th → 7th (4).
        let everyone = try #require(summary.waits)
        #expect(everyone.customers == 7)
        #expect(everyone.serviceLevel == 5.0 / 7)
        #expect(everyone.percentileWaits == [2, 4, 4])
        #expect(abs(everyone.meanWait - 12.0 / 7) < 1e-12)
        // A threshold just under a wait leaves it out: at most 1.999999 s.
        #expect(DaySummary(try day(), threshold: 1.999_999).serviceWaits[1]?.serviceLevel == 0.5)
    }

    @Test func aWarmUpLeavesTheFirstCustomersOut() throws {
        // The first 3 customers (deposit waits 0, 1, 2) left out: deposit 3, 4; loan 0, 2.
        let byCount = DaySummary(try day(), threshold: 2, warmup: .customers(3))
        #expect(byCount.serviceWaits[0]?.customers == 2)
        #expect(byCount.serviceWaits[0]?.meanWait == 3.5)
        #expect(byCount.waits?.customers == 4)
        // By time: everyone arrives at 0, so a warm-up of 0 s leaves nobody out and one of 1 s everyone.
        #expect(DaySummary(try day(), threshold: 2, warmup: .seconds(0)).waits?.customers == 7)
        #expect(DaySummary(try day(), threshold: 2, warmup: .seconds(1)).waits == nil)
        #expect(DaySummary(try day(), threshold: 2, warmup: .seconds(1)).meanWait == 0)
        // The day itself is the same: only the statistics leave customers out.
        #expect(byCount.closingTime == 5 && byCount.customers == 7)
    }

    @Test func utilisationIsOverTheTimeItsServiceIsOpen() throws {
        // Deposit is open until its last customer leaves at 5; loan until 4 with one teller, and
        // until 2 with two. Deposit's figure is the same whatever loan's staffing.
        let arrivals = (0..<5).map { _ in Arrival(at: 0, service: 0, duration: 1) } + (0..<2).map { _ in Arrival(at: 0, service: 1, duration: 2) }
        let one = try Simulation.run(arrivals: arrivals, services: services, tellers: [2, 1])
        let two = try Simulation.run(arrivals: arrivals, services: services, tellers: [2, 2])
        // Two deposit tellers: 예금 1 serves 0–1, 1–2, 2–3 and 예금 2 0–1, 1–2; deposit closes at 3.
        #expect(one.serviceClosingTime == [3_000_000, 4_000_000])
        #expect(one.utilization == [1, 2.0 / 3, 1])
        #expect(two.serviceClosingTime == [3_000_000, 2_000_000])
        #expect(two.utilization == [1, 2.0 / 3, 1, 1])
        #expect(DaySummary(one).serviceUtilization[0] == DaySummary(two).serviceUtilization[0])
        #expect(DaySummary(one).serviceUtilization == [5.0 / 6, 1])
    }

    @Test func theDefaultThresholdIsTheMeanBusinessRounded() {
        // The seed's pair: (0.7 + 1.1)/2 = 0.9 → 1 s.
        #expect(Scenario.standard.serviceLevelThreshold == 1)
        func threshold(_ deposit: ServiceDuration, _ loan: ServiceDuration, loanWeight: Double = 1) -> Double {
            Scenario(services: [
                Service(key: "deposit", name: "예금", duration: deposit),
                Service(key: "loan", name: "대출", duration: loan, weight: loanWeight),
            ]).serviceLevelThreshold
        }
        // 0.7 alone (the loan weighs nothing): 0.5 is nearer than 1 on a log scale (1.4 < 1.43).
        #expect(threshold(.fixed(0.7), .fixed(1.1), loanWeight: 0) == 0.5)
        // Exponential means and uniform midpoints count: (3 + 1)/2 = 2 → 2; (300 + 1,200)/2 = 750 → 1,000.
        #expect(threshold(.exponential(mean: 3), .uniform(0, 2)) == 2)
        #expect(threshold(.fixed(300), .exponential(mean: 1200)) == 1000)
        #expect(threshold(.fixed(0), .fixed(0)) == 1)
        // A service-level target sets it.
        var scenario = Scenario.standard
        scenario.target = WaitTarget(.serviceLevel(within: 20, share: 0.8))
        #expect(scenario.serviceLevelThreshold == 20)
        scenario.target = WaitTarget(.meanWait(5))
        #expect(scenario.serviceLevelThreshold == 1)
    }

    @Test func targetAndWarmupProblemsNameTheirKeys() {
        var scenario = Scenario(arrivals: .opening(.exactly(10)))
        scenario.target = WaitTarget(.serviceLevel(within: -1, share: 1.5), service: 4)
        scenario.warmup = .customers(10)
        #expect(scenario.problems().map(\.description) == [
            "target.service must name one of the services",
            "target.within must be a non-negative number of seconds",
            "target.percent must be a percentage above 0 and at most 100",
            "warmup.customers leaves no customer to measure: the day has at most 10 customers",
        ])
        scenario.target = WaitTarget(.meanWait(.infinity))
        scenario.warmup = .seconds(-2)
        scenario.precision = Precision(relativeHalfWidth: 0, maximumDays: 1)
        #expect(scenario.problems().map(\.description) == [
            "target.mean_wait must be a non-negative number of seconds",
            "precision must be a percentage above 0 and below 100",
            "precision.max_days must be at least 2",
            "warmup must be a non-negative number of seconds",
        ])
    }
}
