import Testing
import BankSimulation

/// 업무시간 (business time) against closing time, on days worked out by hand.
@Suite struct BusinessTimeTests {
    let d = 0  // deposit
    let l = 1  // loan

    @Test func aTwoBatchDayWithAGapCountsOnlyTheBusyStretches() throws {
        // Batch 1 at 0: 1 (예금 0.7), 2 (예금 0.7), 3 (대출 1.1) on one teller each.
        //   예금 1: 1 at 0–0.7, 2 at 0.7–1.4; 대출 1: 3 at 0–1.1. Everyone has left at 1.4.
        // Batch 2 at 3.0: 4 (예금) at 3.0–3.7, 5 (대출) at 3.0–4.1.
        // Closing 4.1; business 1.4 + (4.1 − 3.0) = 2.5; the idle 1.4–3.0 is not counted.
        let arrivals = [
            Arrival(at: 0, service: d, duration: 0.7), Arrival(at: 0, service: d, duration: 0.7),
            Arrival(at: 0, service: l, duration: 1.1),
            Arrival(at: 3, service: d, duration: 0.7), Arrival(at: 3, service: l, duration: 1.1),
        ]
        let day = try Simulation.run(arrivals: arrivals, services: seedServices, tellers: [1, 1])
        #expect(expectSchedule(day, [
            (1, 0, 0.7, "예금 1"), (2, 0.7, 1.4, "예금 1"), (3, 0, 1.1, "대출 1"),
            (4, 3, 3.7, "예금 1"), (5, 3, 4.1, "대출 1"),
        ]))
        #expect(day.closingTime == ticks(4.1))
        #expect(day.totalTime == ticks(4.1))
        #expect(day.businessTime == ticks(2.5))
        #expect(DayLog.closingSentence(day) == "업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 5명이며, 총 업무시간은 2.50초입니다.")
        #expect(DaySummary(day).businessTime == 2.5)
        #expect(DaySummary(day).closingTime == 4.1)
    }

    @Test func batchesOfAScenarioLeaveTheGapOut() {
        // Deposits only, one teller: 1 at 0–0.7, 2 at 0.7–1.4; the batch at 5 brings 3 at 5–5.7.
        let scenario = Scenario(
            services: [.deposit, Service(key: "loan", name: "대출", duration: .fixed(1.1), weight: 0)],
            tellers: [1, 0],
            arrivals: .batches([Batch(at: 0, count: 2), Batch(at: 5, count: 1)])
        )
        #expect(scenario.problems().isEmpty)
        let day = Simulation.run(scenario, seed: 3)
        #expect(day.closingTime == ticks(5.7))
        #expect(day.businessTime == ticks(2.1))
        #expect(DayLog.closingSentence(day) == "업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 3명이며, 총 업무시간은 2.10초입니다.")
    }

    @Test func anArrivalAtTheMomentTheLastCustomerLeavesIsNoGap() throws {
        // 1 at 0–0.7; 2 arrives at 0.7 as 1 leaves and is served 0.7–1.4: never idle.
        let day = try Simulation.run(
            arrivals: [Arrival(at: 0, service: d, duration: 0.7), Arrival(at: 0.7, service: d, duration: 0.7)],
            services: seedServices, tellers: [1, 1]
        )
        #expect(day.businessTime == ticks(1.4))
        #expect(day.businessTime == day.closingTime)
    }

    @Test func timeBeforeTheFirstArrivalIsNotBusinessTime() throws {
        // Nobody is there until 0.5: 1 at 0.5–1.6 (대출), 2 at 1.0–1.7 (예금). Business 1.2 of 1.7.
        let day = try Simulation.run(
            arrivals: [Arrival(at: 0.5, service: l, duration: 1.1), Arrival(at: 1, service: d, duration: 0.7)],
            services: seedServices, tellers: [2, 1]
        )
        #expect(day.closingTime == ticks(1.7))
        #expect(day.businessTime == ticks(1.2))
    }

    @Test func theConsoleDayIsNeverIdleSoBothTimesAreEqual() {
        // Everyone arrives at opening: someone waits or is served until the last one leaves.
        for seed in 1...20 as ClosedRange<UInt64> {
            let day = Simulation.run(.standard, seed: seed)
            #expect(day.businessTime == day.closingTime)
            #expect(day.businessTime > 0)
        }
    }

    @Test func aDayWithoutCustomersHasNoBusinessTime() {
        let day = Simulation.run(Scenario(arrivals: .opening(.exactly(0))), seed: 1)
        #expect(day.businessTime == 0)
        #expect(day.closingTime == 0)
    }
}
