import BankSimulation
import Testing

/// What a day costs (``StaffingCost``), worked out by hand on a small day.
@Suite struct CostTests {
    /// Three deposit customers at opening, 10 min each, one deposit teller, patience 15 min; a loan
    /// teller nobody needs (weight 0). Customer 1 is served 0–10 min, customer 2 waits 10 min and
    /// is served 10–20 min, customer 3 gives up at 15 min. Waits: 0 + 10 + 15 = 25 min = 5/12 h.
    static func day(hours: OpeningHours?) -> Scenario {
        Scenario(
            services: [
                Service(key: "deposit", name: "예금", duration: .fixed(600), patience: .fixed(900)),
                Service(key: "loan", name: "대출", duration: .fixed(1200), weight: 0),
            ],
            tellers: [1, 1],
            arrivals: .batches([Batch(at: 0, count: 3)]),
            hours: hours,
            cost: StaffingCost(tellerPerHour: [25_000, 30_000], waitingPerHour: 15_000, abandonment: 5_000))
    }

    @Test func aDayOpenOneHour() throws {
        // 09:00–10:00: both tellers are paid the hour (the deposit line is done at 09:20, the
        // loan teller served nobody): 25,000 + 30,000. Waiting 15,000 × 5/12 = 6,250; one
        // customer gave up: 5,000. Total 66,250.
        let scenario = Self.day(hours: OpeningHours(open: 9 * 3600, close: 10 * 3600))
        let point = SweepCell(values: [1], scenario: scenario).run(seed: 1)
        let summary = try #require(point.days.first)
        #expect(summary.gaveUp == 1)
        #expect(summary.waitingTime == 1500)
        #expect(summary.serviceClosingTime == [1200, 0])
        #expect(StaffingCost.paidHours(summary, hours: scenario.hours) == [1, 1])
        let cost = try #require(scenario.cost).day(summary, scenario: scenario)
        #expect(cost == StaffingCost.DayCost(tellers: 55_000, waiting: 6_250, abandonment: 5_000))
        #expect(cost.total == 66_250)
        #expect(point.cost?.mean == 66_250)
        #expect(point.gaveUp.mean == 1)
    }

    @Test func overtimeIsPaidByTheServiceThatNeedsIt() throws {
        // Doors 09:00–09:15: the deposit teller works until 09:20 and is paid 20 min (25,000 / 3);
        // the loan teller is paid the 15 min the doors are open (30,000 / 4).
        let scenario = Self.day(hours: OpeningHours(open: 9 * 3600, close: 9 * 3600 + 900))
        let summary = try #require(SweepCell(values: [1], scenario: scenario).run(seed: 1).days.first)
        #expect(StaffingCost.paidHours(summary, hours: scenario.hours) == [1.0 / 3, 0.25])
        let cost = try #require(scenario.cost).day(summary, scenario: scenario)
        #expect(abs(cost.tellers - (25_000.0 / 3 + 7_500)) < 1e-9)
        #expect(cost.waiting == 6_250 && cost.abandonment == 5_000)
    }

    @Test func withoutHoursEachServiceIsPaidUntilItsLastCustomer() throws {
        // No doors: the deposit teller is paid until its last customer leaves (20 min), the loan
        // teller, who served nobody, nothing.
        let scenario = Self.day(hours: nil)
        let summary = try #require(SweepCell(values: [1], scenario: scenario).run(seed: 1).days.first)
        let cost = try #require(scenario.cost).day(summary, scenario: scenario)
        #expect(abs(cost.tellers - 25_000.0 / 3) < 1e-9)
        #expect(cost.total == cost.tellers + 6_250 + 5_000)
    }

    @Test func theCheapestAndWhatItSaves() throws {
        // Two deposit tellers: nobody gives up (customer 3 starts at 10 min, within the 15 min
        // patience): waits 0 + 0 + 10 min = 1/6 h → 2,500; tellers 2 × 25,000 + 30,000 = 80,000;
        // total 82,500, against 66,250 for one teller, which is cheaper by 16,250 a day.
        let scenario = Self.day(hours: OpeningHours(open: 9 * 3600, close: 10 * 3600))
        let sweep = try Sweep(scenario, setting: .tellers(service: "deposit"), values: [2, 1], seed: 1)
        #expect(sweep.points.map { $0.cost?.mean } == [82_500, 66_250])
        let choice = try #require(SweepChoice(sweep.points, settings: [sweep.setting]))
        #expect(choice.best == 1 && choice.next == 0 && choice.meetsTarget == nil)
        #expect(choice.saving?.mean == 16_250)
        // A target of a mean wait of at most 200 s (of the customers served): one teller (waits
        // 0 and 600 s, mean 300) misses it, two (0, 0, 600: mean 200) meet it, and nothing is next.
        var targeted = scenario
        targeted.target = WaitTarget(.meanWait(200))
        let met = try Sweep(targeted, setting: .tellers(service: "deposit"), values: [2, 1], seed: 1)
        let answer = try #require(SweepChoice(met.points, settings: [met.setting]))
        #expect(answer.best == 0 && answer.next == nil && answer.meetsTarget == true && answer.saving == nil)
    }
}
