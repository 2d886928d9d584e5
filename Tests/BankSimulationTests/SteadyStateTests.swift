import Foundation
import TestThreads
import Testing
import BankSimulation

/// When Erlang C's steady state describes a day: the rule by hand, and against simulated days.
@Suite struct SteadyStateTests {
    /// One service, `servers` tellers at utilisation ρ (mean business 1 s), `customers` a day.
    func scenario(servers: Int, load ρ: Double, customers: Int, warmup: Warmup? = nil) -> Scenario {
        Scenario(
            services: [Service(key: "deposit", name: "예금", duration: .exponential(mean: 1))],
            tellers: [servers], arrivals: .poisson(rate: Double(servers) * ρ, customers: .exactly(customers)),
            warmup: warmup)
    }

    func check(_ scenario: Scenario) throws -> SteadyState {
        try #require(ErlangC.predictions(for: scenario).first).steadyState
    }

    @Test func theRuleByHand() throws {
        // K = ρ(2 − ρ)/(1 − ρ)²: ρ = 0.95 → 0.95 × 1.05 / 0.0025 = 399; 300 customers → 1.33.
        let short = try check(scenario(servers: 2, load: 0.95, customers: 300))
        #expect(abs(short.settlingCustomers - 399) < 1e-9)
        #expect(abs(short.expectedShortfall - 1.33) < 1e-9)
        #expect(!short.applies)
        // The same line over 5,000 customers: 399/5,000 ≈ 8% — applies.
        #expect(try check(scenario(servers: 2, load: 0.95, customers: 5000)).applies)
        // ρ = 0.8: K = 0.8 × 1.2 / 0.04 = 24; 5,000 customers → 0.48%.
        let calm = try check(scenario(servers: 2, load: 0.8, customers: 5000))
        #expect(abs(calm.expectedShortfall - 0.0048) < 1e-12)
        #expect(calm.applies)
        // ρ = 0.99 (the staffing page's single loan teller): K = 0.99 × 1.01 / 0.0001 = 9,999.
        #expect(abs(try check(scenario(servers: 1, load: 0.99, customers: 150)).settlingCustomers - 9999) < 1e-6)
        #expect(try !check(scenario(servers: 1, load: 0.99, customers: 150)).applies)
        // No steady state at all from ρ = 1.
        let unstable = try check(scenario(servers: 2, load: 1.05, customers: 1_000_000))
        #expect(unstable.settlingCustomers == .infinity && !unstable.applies)
    }

    @Test func aServiceCountsItsOwnShareOfTheCustomers() throws {
        // Two services sharing 10,000 customers: the loan line (ρ = 0.9625, K ≈ 710) sees 5,000,
        // 14% short: it does not apply; at ρ = 0.935 (K ≈ 236) 4.7% short: it does.
        func loanCheck(rate: Double) throws -> SteadyState {
            let scenario = Scenario(
                services: [
                    Service(key: "deposit", name: "예금", duration: .exponential(mean: 0.7)),
                    Service(key: "loan", name: "대출", duration: .exponential(mean: 1.1)),
                ],
                tellers: [2, 2], arrivals: .poisson(rate: rate, customers: .exactly(10_000)))
            return try #require(ErlangC.predictions(for: scenario).last).steadyState
        }
        let loaded = try loanCheck(rate: 3.5)
        #expect(abs(loaded.measuredCustomers - 5000) < 1e-9)
        #expect(abs(loaded.expectedShortfall - 0.9625 * 1.0375 / (0.0375 * 0.0375) / 5000) < 1e-12)
        #expect(!loaded.applies)
        #expect(try loanCheck(rate: 3.4).applies)
    }

    @Test func aWarmUpLeavesMostOfTheShortfallOut() throws {
        // M/M/1 at ρ = 0.9: K = 0.9 × 1.1 / 0.01 = 99. 500 customers: 19.8% — does not apply.
        // Leaving out the first 200: 99·e^(−200/99)/300 ≈ 4.4% — applies. A warm-up of 200 s at
        // λ = 0.9 leaves out 180: 99·e^(−180/99)/320.
        #expect(try !check(scenario(servers: 1, load: 0.9, customers: 500)).applies)
        let warm = try check(scenario(servers: 1, load: 0.9, customers: 500, warmup: .customers(200)))
        #expect(abs(warm.expectedShortfall - 99 * exp(-200.0 / 99) / 300) < 1e-12)
        #expect(warm.applies)
        let timed = try check(scenario(servers: 1, load: 0.9, customers: 500, warmup: .seconds(200)))
        #expect(abs(timed.expectedShortfall - 99 * exp(-180.0 / 99) / 320) < 1e-12)
    }

    /// The mean over many simulated days against Erlang C, as a share below it.
    func simulatedShortfall(_ scenario: Scenario, days: Int) throws -> Double {
        let runs = Replications(scenario, seed: 1, count: days)
        let theory = try #require(ErlangC.predictions(for: scenario).first?.meanWait)
        return 1 - runs.meanWait.mean / theory
    }

    @Test func simulatedDaysFallShortWhereTheRuleSaysSo() async throws {
        // Simulations off the cooperative pool: they are the CPU-heavy part of the suite.
        let (tooShort, longEnough, warmed, cold) = try await offPool {
            (
                // ρ = 0.95, 300 customers: the rule says 133% short (a guess beyond 25%); the days are
                // about 54% short.
                try simulatedShortfall(scenario(servers: 2, load: 0.95, customers: 300), days: 400),
                // ρ = 0.8, 5,000 customers: 0.5% expected.
                try simulatedShortfall(scenario(servers: 2, load: 0.8, customers: 5000), days: 40),
                // ρ = 0.9 on one teller, 500 customers, the first 200 left out: 4.4% expected.
                try simulatedShortfall(scenario(servers: 1, load: 0.9, customers: 500, warmup: .customers(200)), days: 600),
                // The same without the warm-up: 19.8% expected.
                try simulatedShortfall(scenario(servers: 1, load: 0.9, customers: 500), days: 600)
            )
        }
        #expect(tooShort > SteadyState.tolerance, "ρ = 0.95, 300 customers: \(tooShort)")
        #expect(longEnough < SteadyState.tolerance / 2, "ρ = 0.8, 5,000 customers: \(longEnough)")
        #expect(cold > SteadyState.tolerance, "ρ = 0.9, 500 customers: \(cold)")
        #expect(warmed < SteadyState.tolerance, "ρ = 0.9, 500 customers after 200: \(warmed)")
    }
}
