import TestThreads
import Testing
import BankSimulation

@Suite struct ErlangCTests {
    @Test func matchesHandWorkedValues() throws {
        // M/M/1, λ = 0.5, μ = 1: P(wait) = ρ = 0.5, W_q = ρ / (μ − λ) = 1.
        #expect(try #require(ErlangC.probabilityOfWaiting(servers: 1, load: 0.5)) == 0.5)
        #expect(abs(try #require(ErlangC.meanWait(arrivalRate: 0.5, meanService: 1, servers: 1)) - 1) < 1e-12)
        // M/M/2, a = 1: P0 = 1/3, C = 1/3, W_q = C / (2 − 1) = 1/3.
        #expect(abs(try #require(ErlangC.probabilityOfWaiting(servers: 2, load: 1)) - 1.0 / 3) < 1e-12)
        #expect(abs(try #require(ErlangC.meanWait(arrivalRate: 1, meanService: 1, servers: 2)) - 1.0 / 3) < 1e-12)
        // M/M/3, λ = 2.7, μ = 1 (the benchmark's queue): C = 32.805 / 40.15, W_q = C / 0.3.
        let c = 32.805 / 40.15
        #expect(abs(try #require(ErlangC.probabilityOfWaiting(servers: 3, load: 2.7)) - c) < 1e-12)
        #expect(abs(try #require(ErlangC.meanWait(arrivalRate: 2.7, meanService: 1, servers: 3)) - c / 0.3) < 1e-12)
        // Mean service 2 s halves μ: same load as λ = 1.35 with 2 s, twice the wait.
        #expect(abs(try #require(ErlangC.meanWait(arrivalRate: 1.35, meanService: 2, servers: 3)) - 2 * c / 0.3) < 1e-12)
    }

    @Test func agreesWithTheTextbookSumForManyServers() throws {
        for servers in 1...12 {
            for load in stride(from: 0.1, to: Double(servers), by: 0.37) {
                var sum = 0.0
                var term = 1.0
                for k in 0..<servers {
                    if k > 0 { term *= load / Double(k) }
                    sum += term
                }
                let last = term * load / Double(servers) / (1 - load / Double(servers))
                let expected = last / (sum + last)
                let actual = try #require(ErlangC.probabilityOfWaiting(servers: servers, load: load))
                #expect(abs(actual - expected) < 1e-12, "c = \(servers), a = \(load)")
            }
        }
    }

    @Test func unstableQueuesHaveNoSteadyState() {
        #expect(ErlangC.probabilityOfWaiting(servers: 3, load: 3) == nil)
        #expect(ErlangC.meanWait(arrivalRate: 4, meanService: 1, servers: 3) == nil)
        #expect(ErlangC.meanWait(arrivalRate: 1, meanService: 1, servers: 0) == nil)
    }

    @Test func predictionsSplitTheRateByWeight() throws {
        let scenario = Scenario(
            services: [
                Service(key: "deposit", name: "예금", duration: .exponential(mean: 0.7), weight: 2),
                Service(key: "loan", name: "대출", duration: .fixed(1.1), weight: 1),
            ],
            tellers: [2, 1],
            arrivals: .poisson(rate: 3, customers: .exactly(10))
        )
        let predictions = ErlangC.predictions(for: scenario)
        #expect(predictions.count == 1)
        let deposit = try #require(predictions.first)
        #expect(deposit.arrivalRate == 2)
        #expect(abs(deposit.utilization - 0.7) < 1e-12)
        #expect(deposit.meanWait == ErlangC.meanWait(arrivalRate: 2, meanService: 0.7, servers: 2))
        #expect(ErlangC.predictions(for: .standard).isEmpty)
    }

    @Test func simulatedMMcWaitIsWithinFivePercentOfErlangC() async throws {
        try await offPool {
            // 200,000 customers of M/M/2 at ρ = 0.7, and of M/M/3 at ρ = 0.8.
            for (rate, servers, seed) in [(1.4, 2, UInt64(1)), (2.4, 3, UInt64(2))] {
                let scenario = Scenario(
                    services: [Service(key: "deposit", name: "예금", duration: .exponential(mean: 1))],
                    tellers: [servers],
                    arrivals: .poisson(rate: rate, customers: .exactly(200_000))
                )
                let day = Simulation.run(scenario, seed: seed)
                let theory = try #require(ErlangC.meanWait(arrivalRate: rate, meanService: 1, servers: servers))
                #expect(abs(day.meanWait / theory - 1) < 0.05, "M/M/\(servers): simulated \(day.meanWait), Erlang C \(theory)")
            }
        }
    }

    @Test func eachServiceOfAMixedBankMatchesItsOwnPrediction() async throws {
        try await offPool {
            let scenario = Scenario(
                services: [
                    Service(key: "deposit", name: "예금", duration: .exponential(mean: 0.7), weight: 1),
                    Service(key: "loan", name: "대출", duration: .exponential(mean: 1.1), weight: 1),
                ],
                tellers: [2, 1],
                arrivals: .poisson(rate: 1.2, customers: .exactly(200_000))
            )
            let day = Simulation.run(scenario, seed: 5)
            for prediction in ErlangC.predictions(for: scenario) {
                let theory = try #require(prediction.meanWait)
                let simulated = try #require(day.meanWait(service: prediction.service))
                #expect(abs(simulated / theory - 1) < 0.05, "service \(prediction.service): \(simulated) vs \(theory)")
            }
        }
    }
}

@Suite struct ReplicationTests {
    @Test func studentTQuantiles() {
        #expect(StudentT.quantile975(degreesOfFreedom: 1) == 12.706205)
        #expect(StudentT.quantile975(degreesOfFreedom: 9) == 2.262157)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 40) - 2.021075) < 1e-5)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 100) - 1.983972) < 1e-5)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 100_000) - 1.959988) < 1e-5)
    }

    @Test func estimateIntervalsSuitTheirQuantity() throws {
        // 1, 2, 3, 4: mean 2.5, s = √(5/3), t(0.975; 3) = 3.182446, so t·s/√n = 2.0542601.
        // A wait: log scale, 2.5·e^(∓2.0542601/2.5) = 1.0992045 … 5.6859303 (never below zero, and
        // reaching further up than down); a difference: plain t, 0.4457399 … 4.5542601.
        let wait = Estimate(values: [1, 2, 3, 4])
        #expect(wait.mean == 2.5)
        #expect(abs(wait.standardDeviation - (5.0 / 3).squareRoot()) < 1e-12)
        let waitInterval = try #require(wait.interval)
        #expect(abs(waitInterval.lowerBound - 1.0992045) < 1e-6)
        #expect(abs(waitInterval.upperBound - 5.6859303) < 1e-6)
        let difference = try #require(Estimate(values: [1, 2, 3, 4], scale: .unbounded).interval)
        #expect(abs(difference.lowerBound - 0.4457399) < 1e-6)
        #expect(abs(difference.upperBound - 4.5542601) < 1e-6)
        // A share 0.5, 0.7, 0.9: mean 0.7, s = 0.2, t(0.975; 2) = 4.302653, t·s/√3 = 0.4968276; on
        // the logit scale ln(0.7/0.3) ∓ 0.4968276/0.21, mapped back: 0.1796755 … 0.9613259.
        let share = try #require(Estimate(values: [0.5, 0.7, 0.9], scale: .share).interval)
        #expect(abs(share.lowerBound - 0.1796755) < 1e-6)
        #expect(abs(share.upperBound - 0.9613259) < 1e-6)
        #expect(abs(try #require(Estimate(values: [0.5, 0.7, 0.9], scale: .share).relativeHalfWidth) - (0.9613259 - 0.1796755) / 2 / 0.7) < 1e-6)
        // Every day the same: a single point; one day: no interval.
        #expect(Estimate(values: [0.3, 0.3, 0.3]).interval == 0.3...0.3)
        #expect(Estimate(values: [1, 1], scale: .share).interval == 1...1)
        let single = Estimate(values: [7])
        #expect(single.mean == 7)
        #expect(single.interval == nil)
        #expect(single.relativeHalfWidth == nil)
    }

    @Test func noIntervalOfAWaitOrAShareLeavesItsRange() {
        // Right-skewed days: a t interval would reach below zero (mean 1.3, t·s/√n ≈ 2.3).
        let skewed = Estimate(values: [0.1, 0.1, 0.2, 0.1, 6.0])
        #expect((skewed.interval?.lowerBound ?? -1) > 0)
        #expect(Estimate(values: [0.1, 0.1, 0.2, 0.1, 6.0], scale: .unbounded).interval?.lowerBound ?? 0 < 0)
        // A difference of shares stays within ±1.
        #expect(Estimate(values: [0.9, -0.2, 0.95], scale: .bounded(-1...1)).interval?.upperBound == 1)
        let shares = Estimate(values: [1, 1, 1, 0.2], scale: .share)
        #expect(shares.interval.map { $0.lowerBound > 0 && $0.upperBound < 1 } == true)
    }

    @Test func replicationsUseConsecutiveSeeds() {
        let scenario = Scenario(arrivals: .poisson(rate: 2, customers: .exactly(300)))
        let runs = Replications(scenario, seed: 40, count: 5)
        #expect(runs.days.map(\.seed) == [40, 41, 42, 43, 44])
        #expect(runs.first.seed == 40)
        for (offset, summary) in runs.days.enumerated() {
            #expect(summary == DaySummary(Simulation.run(scenario, seed: 40 + UInt64(offset)), threshold: scenario.serviceLevelThreshold))
        }
        let waits = runs.days.map(\.meanWait)
        #expect(runs.meanWait == Estimate(values: waits))
        #expect(runs.meanWait.interval != nil)
        #expect(runs.serviceMeanWait(1).values.count == 5)
        #expect(runs.utilization(2).values.count == 5)
        #expect(Replications(scenario, seed: UInt64.max, count: 2).days.map(\.seed) == [UInt64.max, 0])
    }
}
