import TestThreads
import Testing
import BankSimulation

@Suite struct ArrivalTests {
    @Test func theSameSeedGivesTheSameDayAndAnotherSeedAnother() {
        let scenario = Scenario(arrivals: .poisson(rate: 2, customers: .range(100...200)))
        let first = Simulation.run(scenario, seed: 77)
        let again = Simulation.run(scenario, seed: 77)
        let other = Simulation.run(scenario, seed: 78)
        #expect(first.customers == again.customers)
        #expect(first.customers != other.customers)
        #expect(first.seed == 77)
    }

    @Test func batchNumbersContinueInTimeOrder() {
        let scenario = Scenario(arrivals: .batches([Batch(at: 6.5, count: 10), Batch(at: 0, count: 10)]))
        let day = Simulation.run(scenario, seed: 1)
        #expect(day.customers.count == 20)
        #expect(day.customers.prefix(10).allSatisfy { $0.arrival == 0 })
        #expect(day.customers.suffix(10).allSatisfy { $0.arrival == ticks(6.5) })
    }

    @Test func everyoneArrivesAtOpeningByDefault() {
        let day = Simulation.run(.standard, seed: 9)
        #expect(day.customers.allSatisfy { $0.arrival == 0 })
        #expect(day.customers.allSatisfy { $0.duration == ($0.service == 0 ? ticks(0.7) : ticks(1.1)) })
    }

    @Test func poissonArrivalsHaveTheRightRate() async {
        await offPool {
            let rate = 2.7
            let day = Simulation.run(Scenario(arrivals: .poisson(rate: rate, customers: .exactly(200_000))), seed: 4)
            let times = day.customers.map(\.arrival)
            #expect(times[0] > 0)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
            let meanGap = SimulatedTime.seconds(times[times.count - 1]) / Double(times.count)
            #expect(abs(meanGap * rate - 1) < 0.01)
        }
    }

    @Test func servicesAreChosenByWeight() {
        let services = [
            Service(key: "deposit", name: "예금", duration: .fixed(0.7), weight: 3),
            Service(key: "loan", name: "대출", duration: .fixed(1.1), weight: 1),
            Service(key: "fx", name: "환전", duration: .fixed(0.5), weight: 0),
        ]
        let day = Simulation.run(Scenario(services: services, tellers: [2, 1, 0], arrivals: .opening(.exactly(100_000))), seed: 6)
        let counts = day.customersPerService
        #expect(counts[2] == 0)
        #expect(abs(Double(counts[0]) / 100_000 - 0.75) < 0.01)
    }

    @Test func exponentialAndUniformDurationsHaveTheirLaws() async {
        await offPool {
            let services = [
                Service(key: "a", name: "A", duration: .exponential(mean: 1.5)),
                Service(key: "b", name: "B", duration: .uniform(0.5, 1.5)),
            ]
            let day = Simulation.run(Scenario(services: services, tellers: [1, 1], arrivals: .opening(.exactly(200_000))), seed: 12)
            let exponential = day.customers.filter { $0.service == 0 }.map { SimulatedTime.seconds($0.duration) }
            let uniform = day.customers.filter { $0.service == 1 }.map { SimulatedTime.seconds($0.duration) }
            let mean = exponential.reduce(0, +) / Double(exponential.count)
            #expect(abs(mean / 1.5 - 1) < 0.02)
            // Memoryless: P(X > mean) = e⁻¹.
            let above = Double(exponential.filter { $0 > 1.5 }.count) / Double(exponential.count)
            #expect(abs(above - 0.367_879) < 0.01)
            #expect(uniform.allSatisfy { (0.5...1.5).contains($0) })
            #expect(abs(uniform.reduce(0, +) / Double(uniform.count) - 1) < 0.01)
        }
    }

    @Test func staffingDoesNotChangeWhoComes() {
        let base = Scenario(arrivals: .poisson(rate: 2, customers: .exactly(500)))
        var more = base
        more.tellers = [2, 3]
        let one = Simulation.run(base, seed: 21)
        let three = Simulation.run(more, seed: 21)
        #expect(one.customers.map(\.arrival) == three.customers.map(\.arrival))
        #expect(one.customers.map(\.service) == three.customers.map(\.service))
        #expect(one.customers.map(\.duration) == three.customers.map(\.duration))
        #expect(three.totalTime <= one.totalTime)
    }

    @Test func scenarioProblemsNameTheirKeys() {
        var scenario = Scenario.standard
        scenario.tellers = [2, 0]
        #expect(scenario.problems().map(\.key) == ["tellers.loan"])
        scenario.services[1].weight = 0
        #expect(scenario.problems().isEmpty)
        scenario.services[0].duration = .fixed(-1)
        scenario.arrivals = .poisson(rate: 0, customers: .exactly(3))
        scenario.replications = 0
        #expect(scenario.problems().map(\.key) == ["services.deposit.duration", "arrival.rate", "replications"])
        #expect(Scenario(services: [], tellers: []).problems().map(\.key) == ["services"])
    }
}
