import BankSimulation
import TestThreads
import Testing

/// Customers who give up waiting, and Erlang A (M/M/c+M) as their oracle.
@Suite struct AbandonmentTests {
    @Test func aCustomerLeavesWhenTheWaitPassesThePatience() throws {
        // One teller busy 0–10 s; customer 2 waits at most 4 s and leaves at 5; customer 3 waits
        // exactly its patience of 9 s and is served; customer 4 (no patience) after customer 3.
        let day = try Simulation.run(arrivals: [
            Arrival(at: 0, service: 0, duration: 10),
            Arrival(at: 1, service: 0, duration: 3, patience: 4),
            Arrival(at: 1, service: 0, duration: 2, patience: 9),
            Arrival(at: 2, service: 0, duration: 1),
        ], services: [.deposit], tellers: [1])
        let records = day.customers
        #expect(records[1].isAbandoned && records[1].start == ticks(5) && records[1].finish == ticks(5) && records[1].wait == ticks(4))
        #expect(records[2].teller == 0 && records[2].start == ticks(10) && records[2].finish == ticks(12))
        #expect(records[3].start == ticks(12) && records[3].finish == ticks(13))
        #expect(day.abandonedPerService == [1])
        #expect(day.servedCustomers == 3)
        #expect(day.closingTime == ticks(13))
        let summary = DaySummary(day)
        #expect(summary.arrivedPerService == [4] && summary.abandonedPerService == [1])
        #expect(DayStatistics(days: [summary]).abandonment(nil)?.mean == 0.25)
        // The waiting line: 2 from 1 s, 1 when customer 2 leaves at 5, 2 again at 2 s …
        let steps = Occupancy.steps(day)
        #expect(steps.contains { $0.time == ticks(5) && $0.waiting == 2 })
    }

    @Test func erlangAHandWorked() throws {
        // c = 1, λ = μ = θ = 1: deaths are n in state n, so the number in the bank is Poisson(1):
        // P(wait) = 1 − e⁻¹, E[line] = E[N] − 1 + π₀ = e⁻¹, P(give up) = θ·E[line]/λ = e⁻¹.
        let figures = try #require(ErlangA.figures(arrivalRate: 1, meanService: 1, servers: 1, meanPatience: 1))
        #expect(abs(figures.probabilityOfWaiting - 0.632_120_558_8) < 1e-9)
        #expect(abs(figures.abandonment - 0.367_879_441_2) < 1e-9)
        #expect(abs(figures.meanTimeInLine - 0.367_879_441_2) < 1e-9)
        // Patience for ever long is Erlang C: M/M/2 at ρ = 0.5 gives P(wait) = 1/3.
        let nearC = try #require(ErlangA.figures(arrivalRate: 1, meanService: 1, servers: 2, meanPatience: 1e9))
        #expect(abs(nearC.probabilityOfWaiting - 1.0 / 3) < 1e-6)
        #expect(abs(nearC.meanTimeInLine - 1.0 / 3) < 1e-6)
        // Overloaded lines stay finite: three times the work of the tellers.
        let overloaded = try #require(ErlangA.figures(arrivalRate: 3, meanService: 1, servers: 1, meanPatience: 2))
        #expect(overloaded.abandonment > 0.6 && overloaded.abandonment < 1)
    }

    @Test func simulatedAbandonmentMatchesErlangA() async throws {
        try await offPool {
            // λ = 1/60 s⁻¹, mean service 4 min, 4 tellers (ρ = 1), mean patience 5 min.
            let service = Service(key: "deposit", name: "예금", duration: .exponential(mean: 240), patience: .exponential(mean: 300))
            let scenario = Scenario(
                services: [service], tellers: [4], arrivals: .poisson(rate: 1.0 / 60, customers: .exactly(200_000)),
                warmup: .customers(2_000))
            let figures = try #require(ErlangA.predictions(for: scenario).first?.figures)
            let day = Simulation.run(scenario, seed: 26)
            let counted = day.customers.dropFirst(2_000)
            let abandoned = Double(counted.filter(\.isAbandoned).count) / Double(counted.count)
            let inLine = counted.reduce(0.0) { $0 + SimulatedTime.seconds($1.wait) } / Double(counted.count)
            #expect(abs(abandoned / figures.abandonment - 1) < 0.03, "simulated \(abandoned), Erlang A \(figures.abandonment)")
            #expect(abs(inLine / figures.meanTimeInLine - 1) < 0.03, "simulated \(inLine) s, Erlang A \(figures.meanTimeInLine) s")
            let statistics = DayStatistics(days: [DaySummary(day, warmup: scenario.warmup)])
            #expect(statistics.abandonment(0)?.mean == abandoned)
            // Erlang C leaves a line with patience to Erlang A.
            #expect(ErlangC.predictions(for: scenario).isEmpty)
        }
    }

    @Test func aDayWithoutPatienceIsDrawnAsBefore() {
        let scenario = Scenario(arrivals: .poisson(rate: 2, customers: .exactly(300)))
        var patient = scenario
        patient.services[1].patience = .fixed(1e6)
        let before = Simulation.run(scenario, seed: 9)
        let after = Simulation.run(patient, seed: 9)
        #expect(before.customers == after.customers)
    }
}
