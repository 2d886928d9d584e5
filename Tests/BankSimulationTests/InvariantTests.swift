import Randomness
import Testing
import BankSimulation

/// The rules of SPEC §5.1 checked on hundreds of random days of many shapes.
@Suite struct InvariantTests {
    /// A random scenario: 1–3 services, 0–4 tellers each, any arrival pattern, any durations.
    static func randomScenario(_ generator: inout SeededGenerator) -> Scenario {
        let serviceCount = generator.nextInt(in: 1...3)
        var services: [Service] = []
        var tellers: [Int] = []
        for index in 0..<serviceCount {
            let duration: ServiceDuration = switch generator.nextInt(in: 0...2) {
            case 0: .fixed([0, 0.5, 0.7, 1.1, 2][generator.nextInt(in: 0...4)])
            case 1: .exponential(mean: generator.nextDouble(in: 0.2, 2))
            default: .uniform(0.3, 0.3 + generator.nextDouble(in: 0, 2))
            }
            let weight = index > 0 && generator.nextInt(in: 0...5) == 0 ? 0 : generator.nextDouble(in: 0.5, 3)
            services.append(Service(key: "s\(index)", name: "S\(index)", duration: duration, weight: weight))
            tellers.append(weight > 0 ? generator.nextInt(in: 1...4) : generator.nextInt(in: 0...1))
        }
        let arrivals: ArrivalPattern = switch generator.nextInt(in: 0...2) {
        case 0: .opening(.range(0...40))
        case 1: .batches((0..<generator.nextInt(in: 1...4)).map { _ in
                Batch(at: Double(generator.nextInt(in: 0...20)) / 2, count: generator.nextInt(in: 0...15))
            })
        default: .poisson(rate: generator.nextDouble(in: 0.5, 6), customers: .exactly(generator.nextInt(in: 0...150)))
        }
        return Scenario(services: services, tellers: tellers, arrivals: arrivals)
    }

    @Test func everyRuleHoldsOnHundredsOfDays() {
        var generator = SeededGenerator(seed: 2024)
        for round in 0..<400 {
            let scenario = Self.randomScenario(&generator)
            #expect(scenario.problems().isEmpty)
            let day = Simulation.run(scenario, seed: UInt64(round))
            let violations = Self.violations(day, tellers: scenario.tellers)
            #expect(violations.isEmpty, "round \(round): \(violations.prefix(3))")
        }
    }

    @Test func theSeedDaysHoldTheRulesToo() {
        for seed in 0..<300 as Range<UInt64> {
            let day = Simulation.run(.standard, seed: seed)
            #expect((10...30).contains(day.customers.count))
            #expect(Self.violations(day, tellers: [2, 1]).isEmpty, "seed \(seed)")
        }
    }

    @Test func openingWithFixedDurationsEndsAtTheFormula() {
        // Everyone at opening, 0.7 s deposits on two tellers, 1.1 s loans on one:
        // total = max(⌈d/2⌉ × 0.7, l × 1.1).
        for seed in 0..<300 as Range<UInt64> {
            let day = Simulation.run(.standard, seed: seed)
            let counts = day.customersPerService
            let deposits = Int64((counts[0] + 1) / 2) * 700_000
            let loans = Int64(counts[1]) * 1_100_000
            #expect(day.totalTime == max(deposits, loans), "seed \(seed): \(counts)")
        }
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<200 {
            let d = generator.nextInt(in: 0...60)
            let l = generator.nextInt(in: 0...60)
            let arrivals = (0..<(d + l)).map { index in
                index < d ? Arrival(at: 0, service: 0, duration: 0.7) : Arrival(at: 0, service: 1, duration: 1.1)
            }.shuffled(using: &generator)
            let day = try? Simulation.run(arrivals: arrivals, services: seedServices, tellers: [2, 1])
            #expect(day?.totalTime == max(Int64((d + 1) / 2) * 700_000, Int64(l) * 1_100_000))
        }
    }

    /// Every broken rule found in `day`, described.
    static func violations(_ day: Day, tellers: [Int]) -> [String] {
        var problems: [String] = []
        let customers = day.customers
        // Served once, by a teller of the right service, never before arriving.
        for (index, customer) in customers.enumerated() {
            guard customer.teller >= 0 else {
                problems.append("customer \(index + 1) never served")
                continue
            }
            if day.tellers[Int(customer.teller)].service != Int(customer.service) {
                problems.append("customer \(index + 1) served by another service's teller")
            }
            if customer.start < customer.arrival { problems.append("customer \(index + 1) starts before arriving") }
            if index > 0 && customer.arrival < customers[index - 1].arrival {
                problems.append("customer \(index + 1) numbered out of arrival order")
            }
        }
        if day.servedCustomers != customers.count { problems.append("served count \(day.servedCustomers) ≠ \(customers.count)") }
        // FIFO within a service: a lower number never starts later.
        var lastStart = [Int64](repeating: -1, count: day.services.count)
        for customer in customers {
            let service = Int(customer.service)
            if customer.start < lastStart[service] { problems.append("FIFO broken in service \(service)") }
            lastStart[service] = customer.start
        }
        // No teller serves two customers at once.
        var jobs = [[CustomerRecord]](repeating: [], count: day.tellers.count)
        for customer in customers where customer.teller >= 0 { jobs[Int(customer.teller)].append(customer) }
        for (lane, list) in jobs.enumerated() {
            let sorted = list.sorted { ($0.start, $0.finish) < ($1.start, $1.finish) }
            for pair in zip(sorted, sorted.dropFirst()) where pair.1.start < pair.0.finish {
                problems.append("teller \(lane) double-booked at \(pair.1.start)")
            }
        }
        // Never a waiting customer while a teller of its service is idle: after everything that
        // happens at an instant, a service's line is empty or all its tellers are busy.
        for service in day.services.indices {
            var changes: [(Int64, Int, Int)] = []  // time, Δwaiting, Δbusy
            for customer in customers where Int(customer.service) == service {
                changes.append((customer.arrival, 1, 0))
                changes.append((customer.start, -1, 1))
                changes.append((customer.finish, 0, -1))
            }
            changes.sort { $0.0 < $1.0 }
            var waiting = 0
            var busy = 0
            var index = 0
            while index < changes.count {
                let time = changes[index].0
                while index < changes.count && changes[index].0 == time {
                    waiting += changes[index].1
                    busy += changes[index].2
                    index += 1
                }
                if waiting > 0 && busy < tellers[service] {
                    problems.append("service \(service) idles a teller with \(waiting) waiting at \(time)")
                }
                if busy > tellers[service] { problems.append("service \(service) uses \(busy) tellers") }
            }
        }
        // Total time is the last finish; busy time adds up.
        let lastFinish = customers.map(\.finish).max() ?? 0
        if day.totalTime != lastFinish { problems.append("total \(day.totalTime) ≠ last finish \(lastFinish)") }
        for lane in day.tellers.indices where day.busyTime[lane] != jobs[lane].reduce(0, { $0 + $1.duration }) {
            problems.append("teller \(lane) busy time does not add up")
        }
        return problems
    }
}
