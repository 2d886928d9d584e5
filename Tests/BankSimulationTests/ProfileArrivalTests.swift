import BankSimulation
import TestThreads
import Testing

/// Arrivals whose rate changes over the day: a non-homogeneous Poisson stream drawn by thinning.
@Suite struct ProfileArrivalTests {
    /// 09:00–12:00 at 30 an hour, a lunch hour at 90, 13:00–16:00 at 30 (seconds after opening).
    static let lunchPeak = ArrivalProfile(periods: [
        RatePeriod(start: 0, end: 10_800, rate: 30.0 / 3600),
        RatePeriod(start: 10_800, end: 14_400, rate: 90.0 / 3600),
        RatePeriod(start: 14_400, end: 25_200, rate: 30.0 / 3600),
    ])

    @Test func countsPerPeriodMatchTheirExpectedValues() async {
        await offPool {
            let scenario = Scenario(tellers: [20, 20], arrivals: .profile(Self.lunchPeak))
            let days = 400
            // Per day: the morning, the first and second half of the lunch hour, the afternoon.
            let edges: [Int64] = [0, 10_800, 12_600, 14_400, 25_200].map { SimulatedTime.ticks(seconds: $0) }
            var counts = [[Double]](repeating: [], count: 4)
            for seed in 0..<UInt64(days) {
                let day = Simulation.run(scenario, seed: seed)
                var perPart = [Double](repeating: 0, count: 4)
                for customer in day.customers {
                    let part = edges.lastIndex { $0 <= customer.arrival } ?? 0
                    perPart[min(part, 3)] += 1
                }
                for part in 0..<4 { counts[part].append(perPart[part]) }
            }
            // Expected: 3 h × 30 = 90, ½ h × 90 = 45 twice, 3 h × 30 = 90; a Poisson count's
            // variance is its mean.
            for (part, expected) in [90.0, 45, 45, 90].enumerated() {
                let mean = counts[part].reduce(0, +) / Double(days)
                let variance = counts[part].reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(days - 1)
                let standardError = (expected / Double(days)).squareRoot()
                #expect(abs(mean - expected) < 4 * standardError, "part \(part): mean \(mean), expected \(expected)")
                #expect(abs(variance / expected - 1) < 0.3, "part \(part): variance \(variance), expected \(expected)")
            }
        }
    }

    @Test func nobodyArrivesInAGapOrAfterTheLastPeriod() {
        let profile = ArrivalProfile(periods: [
            RatePeriod(start: 0, end: 600, rate: 0.05),
            RatePeriod(start: 1200, end: 1800, rate: 0.05),
        ])
        let day = Simulation.run(Scenario(arrivals: .profile(profile)), seed: 5)
        #expect(!day.customers.isEmpty)
        let gap = SimulatedTime.ticks(seconds: 600)..<SimulatedTime.ticks(seconds: 1200)
        #expect(day.customers.allSatisfy { !gap.contains($0.arrival) && $0.arrival < SimulatedTime.ticks(seconds: 1800) })
    }

    @Test func batchesComeOnTopInTimeOrder() {
        let profile = ArrivalProfile(periods: [RatePeriod(start: 0, end: 3600, rate: 0.01)], batches: [Batch(at: 1800, count: 7)])
        let day = Simulation.run(Scenario(arrivals: .profile(profile)), seed: 8)
        let atBatch = day.customers.filter { $0.arrival == SimulatedTime.ticks(seconds: 1800) }
        #expect(atBatch.count == 7)
        #expect(zip(day.customers, day.customers.dropFirst()).allSatisfy { $0.arrival <= $1.arrival })
        // The same seed, the same stream; staffing never changes who comes.
        var more = Scenario(arrivals: .profile(profile))
        more.tellers = [4, 4]
        #expect(Simulation.run(more, seed: 8).customers.map(\.arrival) == day.customers.map(\.arrival))
    }

    @Test func aSteadyProfileGetsErlangCAndAChangingOneDoesNot() {
        let steady = ArrivalProfile(periods: [RatePeriod(start: 0, end: 25_200, rate: 0.01)])
        let services = [Service(key: "deposit", name: "예금", duration: .exponential(mean: 120))]
        #expect(ErlangC.predictions(for: Scenario(services: services, tellers: [2], arrivals: .profile(steady))).count == 1)
        #expect(ErlangC.predictions(for: Scenario(services: services, tellers: [2], arrivals: .profile(Self.lunchPeak))).isEmpty)
    }

    @Test func openingHoursWriteTimesOfDay() {
        let hours = OpeningHours(open: 32_400, close: 57_600)
        #expect(hours.clock(0) == "09:00")
        #expect(hours.clock(SimulatedTime.ticks(seconds: 3 * 3600 + 125.6), seconds: true) == "12:02:06")
        #expect(hours.clock(SimulatedTime.ticks(seconds: 16 * 3600)) == "25:00")
    }
}
