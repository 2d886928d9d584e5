import Testing
import BankSimulation

/// Sweeps over small days worked out by hand.
@Suite struct SweepTests {
    /// Five deposit customers (0.7 s) at opening; nobody comes for a loan (weight 0, one teller).
    let fiveDeposits = Scenario(
        services: [.deposit, Service(key: "loan", name: "대출", duration: .fixed(1.1), weight: 0)],
        tellers: [2, 1],
        arrivals: .opening(.exactly(5))
    )

    @Test func tellersSweepOfFiveDepositsAtOpening() throws {
        // 1 teller: starts 0, .7, 1.4, 2.1, 2.8 → waits sum 7.0, mean 1.4, max 2.8, closing 3.5.
        // 2 tellers: waits 0, 0, .7, .7, 1.4 → mean .56, max 1.4, closing 2.1, busy 3.5 / (2 × 2.1).
        // 3 tellers: waits 0, 0, 0, .7, .7 → mean .28, max .7, closing 1.4, 3.5 / (3 × 1.4).
        // 4 tellers: waits 0, 0, 0, 0, .7 → mean .14, max .7, closing 1.4, 3.5 / (4 × 1.4).
        let sweep = try Sweep(fiveDeposits, setting: .tellers(service: "deposit"), values: [1, 2, 3, 4], seed: 9)
        #expect(sweep.points.map(\.value) == [1, 2, 3, 4])
        #expect(sweep.points.map(\.scenario.tellers) == [[1, 1], [2, 1], [3, 1], [4, 1]])
        #expect(sweep.points.map(\.meanWait.mean) == [1.4, 0.56, 0.28, 0.14])
        #expect(sweep.points.map(\.maxWait.mean) == [2.8, 1.4, 0.7, 0.7])
        #expect(sweep.points.map(\.closingTime.mean) == [3.5, 2.1, 1.4, 1.4])
        #expect(sweep.points.map(\.businessTime.mean) == [3.5, 2.1, 1.4, 1.4])
        #expect(sweep.points.map { $0.utilization(0)?.mean } == [1, 5.0 / 6, 5.0 / 6, 0.625])
        // The loan teller is there all day and serves nobody.
        #expect(sweep.points.map { $0.utilization(1)?.mean } == [0, 0, 0, 0])
        #expect(sweep.points.allSatisfy { $0.serviceMeanWait(1) == nil })
        #expect(sweep.points.allSatisfy { $0.meanWait.interval == nil })
        #expect(sweep.points.allSatisfy { $0.erlangC.isEmpty })
        #expect(sweep.points.allSatisfy { $0.customers.mean == 5 })
    }

    @Test func customersAndDurationSweeps() throws {
        // Two deposit tellers. 3 customers: waits 0, 0, .7 → mean 0.7/3, closing 1.4.
        // 4: 0, 0, .7, .7 → mean .35, closing 1.4.
        let customers = try Sweep(fiveDeposits, setting: .customers, values: [3, 4], seed: 1)
        #expect(abs(customers.points[0].meanWait.mean - 0.7 / 3) < 1e-15)
        #expect(customers.points[1].meanWait.mean == 0.35)
        #expect(customers.points.map(\.closingTime.mean) == [1.4, 1.4])
        // Durations 0.5 and 1 with five customers on two tellers: waits 0, 0, d, d, 2d → mean 0.8 d.
        let durations = try Sweep(fiveDeposits, setting: .duration(service: "deposit"), values: [0.5, 1], seed: 1)
        #expect(durations.points.map(\.meanWait.mean) == [0.4, 0.8])
        #expect(durations.points.map(\.closingTime.mean) == [1.5, 3])
    }

    @Test func everyValueServesTheSameCustomers() throws {
        let poisson = Scenario(
            services: [
                Service(key: "deposit", name: "예금", duration: .exponential(mean: 0.5)),
                Service(key: "loan", name: "대출", duration: .exponential(mean: 1)),
            ],
            tellers: [2, 1], arrivals: .poisson(rate: 1, customers: .exactly(200))
        )
        let days = try Sweep.scenarios(poisson, setting: .tellers(service: "loan"), values: [1, 3])
            .map { Simulation.run($0, seed: 77) }
        #expect(days[0].customers.map(\.arrival) == days[1].customers.map(\.arrival))
        #expect(days[0].customers.map(\.service) == days[1].customers.map(\.service))
        #expect(days[0].customers.map(\.duration) == days[1].customers.map(\.duration))
        #expect(days[0].meanWait > days[1].meanWait)
    }

    @Test func replicationsGiveAConfidenceIntervalAndErlangCIsComputedPerPoint() throws {
        // λ = 1, half of it per service: loan M/M/c with mean 1 → a = 0.5.
        // c = 1: W_q = ρ/(μ − λ) = 0.5 / 0.5 = 1. c = 2: C(2, 0.5) = 0.1, W_q = 0.1 / 1.5 = 1/15.
        // Deposit, mean 0.5, c = 2, a = 0.25: C = 1/36, W_q = (1/36) / (4 − 0.5) = 1/126.
        var scenario = Scenario(
            services: [
                Service(key: "deposit", name: "예금", duration: .exponential(mean: 0.5)),
                Service(key: "loan", name: "대출", duration: .exponential(mean: 1)),
            ],
            tellers: [2, 1], arrivals: .poisson(rate: 1, customers: .exactly(100))
        )
        scenario.replications = 3
        let sweep = try Sweep(scenario, setting: .tellers(service: "loan"), values: [1, 2], seed: 5)
        let loan = sweep.points.map { $0.erlangC.first { $0.service == 1 }?.meanWait ?? -1 }
        #expect(abs(loan[0] - 1) < 1e-12)
        #expect(abs(loan[1] - 1.0 / 15) < 1e-12)
        let deposit = sweep.points.map { $0.erlangC.first { $0.service == 0 }?.meanWait ?? -1 }
        #expect(deposit.allSatisfy { abs($0 - 1.0 / 126) < 1e-12 })
        for point in sweep.points {
            #expect(point.days.count == 3)
            // The days are seeds 5, 6, 7 of the point's scenario.
            let waits = (5...7 as ClosedRange<UInt64>).map { Simulation.run(point.scenario, seed: $0).meanWait }
            #expect(point.meanWait == Estimate(values: waits))
            #expect(point.meanWait.interval != nil)
        }
    }

    @Test func anUnstableServiceHasNoErlangCWait() throws {
        // Loan λ = 1.5 · 1/2 = 0.75 with mean 2 → a = 1.5 ≥ 1 teller: no steady state.
        let scenario = Scenario(
            services: [.deposit, Service(key: "loan", name: "대출", duration: .exponential(mean: 2))],
            tellers: [2, 1], arrivals: .poisson(rate: 1.5, customers: .exactly(20))
        )
        let sweep = try Sweep(scenario, setting: .tellers(service: "loan"), values: [1, 2])
        #expect(sweep.points[0].erlangC.map(\.service) == [1])
        #expect(sweep.points[0].erlangC[0].meanWait == nil)
        #expect(sweep.points[1].erlangC[0].meanWait != nil)
    }

    @Test func settingsAndTheirProblems() {
        #expect(SweepSetting(key: "tellers.loan") == .tellers(service: "loan"))
        #expect(SweepSetting(key: "arrival.rate") == .arrivalRate)
        #expect(SweepSetting(key: "customers") == .customers)
        #expect(SweepSetting(key: "services.deposit.duration") == .duration(service: "deposit"))
        #expect(SweepSetting(key: "services.deposit.weight") == nil)
        #expect(SweepSetting(key: "tellers.") == nil)
        #expect(SweepSetting(key: "seed") == nil)
        #expect(throws: ScenarioProblem(key: "arrival.rate", "needs Poisson arrivals (arrival: {rate: …}) to vary")) {
            try Sweep(fiveDeposits, setting: .arrivalRate, values: [1], seed: 1)
        }
        #expect(throws: ScenarioProblem(key: "tellers.cash", "names an unknown service \"cash\"; the services are: deposit, loan")) {
            try Sweep(fiveDeposits, setting: .tellers(service: "cash"), values: [1], seed: 1)
        }
        #expect(throws: ScenarioProblem(key: "tellers.deposit", "values must be whole numbers, got 1.5")) {
            try Sweep(fiveDeposits, setting: .tellers(service: "deposit"), values: [1.5], seed: 1)
        }
        #expect(throws: ScenarioProblem(key: "tellers.deposit", "must list 1 to 20 values, got 21")) {
            try Sweep(fiveDeposits, setting: .tellers(service: "deposit"), values: Array(repeating: 1, count: 21), seed: 1)
        }
        // Zero deposit tellers while customers come for deposits.
        #expect(throws: ScenarioProblem(key: "tellers.deposit",
            "value 0 does not work: tellers.deposit is 0, but customers come for deposit (services.deposit.weight is above 0); give it a teller or set its weight to 0")) {
            try Sweep(fiveDeposits, setting: .tellers(service: "deposit"), values: [1, 0], seed: 1)
        }
    }
}

extension Sweep {
    /// Seed 1 unless given.
    init(_ scenario: Scenario, setting: SweepSetting, values: [Double]) throws(ScenarioProblem) {
        try self.init(scenario, setting: setting, values: values, seed: 1)
    }
}
