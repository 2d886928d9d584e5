import BankSimulation
import Testing

/// Long queues and extreme user numbers give figures or problems, never an arithmetic trap.
@Suite struct OverflowTests {
    /// 20,000 customers at opening, one teller, a day-long business each: the waits sum to
    /// 86,400 s × (0 + 1 + … + 19,999) µs-ticks ≈ 1.7 × 10²² ticks, far past Int64.
    @Test func aLongQueueOfDayLongBusinessesHasAMeanWait() {
        let scenario = Scenario(
            services: [Service(key: "deposit", name: "예금", duration: .fixed(86_400))],
            tellers: [1], arrivals: .opening(.exactly(20_000))
        )
        #expect(scenario.problems().isEmpty)
        let day = Simulation.run(scenario, seed: 1)
        // Summed as Double past 2⁵³ ticks: equal to the exact 863,956,800 s to 12 digits.
        #expect(abs(day.meanWait - 863_956_800) < 1e-3)
        #expect(day.meanWait(service: 0) == day.meanWait)
        #expect(day.totalTime == 20_000 * 86_400 * 1_000_000)
        let chart = Occupancy.bounded(day, maxPoints: 1_000)
        #expect(chart.points.count == 1_001)
        #expect(chart.points[500].time == 10_000 * 86_400 * 1_000_000)
    }

    @Test func batchCountsPastIntMaxSaturate() {
        let arrivals = ArrivalPattern.batches([Batch(at: 0, count: .max), Batch(at: 1, count: .max)])
        #expect(arrivals.maximumCustomers == .max)
    }

    @Test func aDayLongerThanTheClockCanCountIsAProblem() {
        let slow = Scenario(arrivals: .poisson(rate: 1e-300, customers: .exactly(2)))
        #expect(slow.problems().map(\.key) == ["customers"])
        #expect(slow.problems().first?.message.hasPrefix("with these arrivals and durations the day could last ") == true)
        let long = Scenario(services: [Service(key: "s", name: "S", duration: .exponential(mean: 1e11))], tellers: [1], arrivals: .opening(.exactly(1)))
        #expect(long.problems().map(\.key) == ["customers"])
    }
}
