import Testing
import BankSimulation

/// Small days worked out by hand: every start, finish and teller.
@Suite struct ScheduleTests {
    let d = 0  // deposit
    let l = 1  // loan

    @Test func seedDayOfFiveCustomersAtOpening() throws {
        // 예금 1 and 예금 2 take customers 1 and 2; 대출 1 takes 3. At 0.7 both deposit tellers
        // finish: 예금 1 (lower index) takes customer 4. Customer 5 waits for 대출 1 until 1.1.
        let services = [d, d, l, d, l]
        let day = try Simulation.run(
            arrivals: services.map { Arrival(at: 0, service: $0, duration: $0 == d ? 0.7 : 1.1) },
            services: seedServices, tellers: [2, 1]
        )
        #expect(expectSchedule(day, [
            (1, 0, 0.7, "예금 1"),
            (2, 0, 0.7, "예금 2"),
            (3, 0, 1.1, "대출 1"),
            (4, 0.7, 1.4, "예금 1"),
            (5, 1.1, 2.2, "대출 1"),
        ]))
        #expect(day.totalTime == ticks(2.2))
        #expect(day.maxWait == ticks(1.1))
        #expect(abs(day.meanWait - 0.36) < 1e-12)
        #expect(day.servedCount == [2, 1, 2])
        #expect(day.busyTime == [ticks(1.4), ticks(0.7), ticks(2.2)])
        #expect(day.utilization[2] == 1)
        #expect(DayLog.closingSentence(day) == "업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 5명이며, 총 업무시간은 2.20초입니다.")
    }

    @Test func aTellerFreedAtTheMomentOfAnArrivalServesIt() throws {
        // 예금 1 finishes customer 1 at 1.0 just as customer 2 arrives; completions come first, so
        // the lowest free teller is 예금 1 again, not the idle 예금 2.
        let day = try Simulation.run(
            arrivals: [Arrival(at: 0, service: d, duration: 1), Arrival(at: 1, service: d, duration: 1)],
            services: seedServices, tellers: [2, 1]
        )
        #expect(expectSchedule(day, [(1, 0, 1, "예금 1"), (2, 1, 2, "예금 1")]))
        #expect(day.maxWait == 0)
    }

    @Test func simultaneousCompletionsGiveTheLowerNumberToTheLowerTeller() throws {
        // 예금 1 and 예금 2 both finish at 1.0: 예금 1 takes customer 3 and 예금 2 customer 4;
        // 예금 1 is free first again (1.4) and takes customer 5.
        let day = try Simulation.run(
            arrivals: [1.0, 1.0, 0.4, 0.6, 0.2].map { Arrival(at: 0, service: d, duration: $0) },
            services: seedServices, tellers: [2, 1]
        )
        #expect(expectSchedule(day, [
            (1, 0, 1.0, "예금 1"),
            (2, 0, 1.0, "예금 2"),
            (3, 1.0, 1.4, "예금 1"),
            (4, 1.0, 1.6, "예금 2"),
            (5, 1.4, 1.6, "예금 1"),
        ]))
        #expect(day.totalTime == ticks(1.6))
    }

    @Test func anArrivalTakesTheLowestFreeTeller() throws {
        // 예금 1 is busy until 5; 예금 2 and 예금 3 are both free when customer 3 arrives at 2.
        let services = [Service(key: "deposit", name: "예금", duration: .fixed(1))]
        let day = try Simulation.run(
            arrivals: [
                Arrival(at: 0, service: 0, duration: 5),
                Arrival(at: 0, service: 0, duration: 1),
                Arrival(at: 2, service: 0, duration: 1),
                Arrival(at: 2, service: 0, duration: 1),
            ],
            services: services, tellers: [3]
        )
        #expect(expectSchedule(day, [
            (1, 0, 5, "예금 1"), (2, 0, 1, "예금 2"), (3, 2, 3, "예금 2"), (4, 2, 3, "예금 3"),
        ]))
    }

    @Test func eachServiceHasItsOwnLine() throws {
        // Three loan customers queue behind one loan teller; the deposit customer behind them in
        // arrival order is served at once by an idle deposit teller.
        let day = try Simulation.run(
            arrivals: [
                Arrival(at: 0, service: l, duration: 1.1),
                Arrival(at: 0, service: l, duration: 1.1),
                Arrival(at: 0, service: l, duration: 1.1),
                Arrival(at: 0.5, service: d, duration: 0.7),
            ],
            services: seedServices, tellers: [2, 1]
        )
        #expect(expectSchedule(day, [
            (1, 0, 1.1, "대출 1"), (2, 1.1, 2.2, "대출 1"), (3, 2.2, 3.3, "대출 1"), (4, 0.5, 1.2, "예금 1"),
        ]))
        #expect(day.totalTime == ticks(3.3))
        #expect(abs((day.meanWait(service: l) ?? 0) - 1.1) < 1e-12)
        #expect(day.meanWait(service: d) == 0)
    }

    @Test func arrivalsAreNumberedInTimeOrder() throws {
        let day = try Simulation.run(
            arrivals: [
                Arrival(at: 2, service: d, duration: 0.7),
                Arrival(at: 0, service: l, duration: 1.1),
                Arrival(at: 2, service: l, duration: 1.1),
            ],
            services: seedServices, tellers: [2, 1]
        )
        #expect(day.customers.map(\.arrival) == [0, ticks(2), ticks(2)])
        #expect(day.customers.map(\.service) == [1, 0, 1])
    }

    @Test func zeroLengthBusinessStartsAndEndsAtOnce() throws {
        let day = try Simulation.run(
            arrivals: [Arrival(at: 0, service: d, duration: 0), Arrival(at: 0, service: d, duration: 0.7)],
            services: seedServices, tellers: [1, 1]
        )
        #expect(expectSchedule(day, [(1, 0, 0, "예금 1"), (2, 0, 0.7, "예금 1")]))
        #expect(DayLog.lines(day) == ["1번 고객 예금업무 시작", "1번 고객 예금업무 완료", "2번 고객 예금업무 시작", "2번 고객 예금업무 완료"])
    }

    @Test func badListedCustomersAreRejected() {
        #expect(throws: ScenarioProblem.self) {
            try Simulation.run(arrivals: [Arrival(at: 0, service: 2, duration: 1)], services: seedServices, tellers: [2, 1])
        }
        #expect(throws: ScenarioProblem.self) {
            try Simulation.run(arrivals: [], services: seedServices, tellers: [2])
        }
        #expect(throws: ScenarioProblem.self) {
            try Simulation.run(arrivals: [Arrival(time: 0, service: 0, duration: -1)], services: seedServices, tellers: [2, 1])
        }
    }

    @Test func emptyDayHasNoTime() throws {
        let day = try Simulation.run(arrivals: [], services: seedServices, tellers: [2, 1])
        #expect(day.totalTime == 0)
        #expect(day.meanWait == 0)
        #expect(day.utilization == [0, 0, 0])
        #expect(DayLog.closingSentence(day) == "업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 0명이며, 총 업무시간은 0.00초입니다.")
    }
}

@Suite struct DayLogTests {
    @Test func endsComeBeforeStartsAtTheSameInstantThenByNumber() throws {
        let day = try Simulation.run(
            arrivals: [0, 0, 1, 0, 1].map { Arrival(at: 0, service: $0, duration: $0 == 0 ? 0.7 : 1.1) },
            services: seedServices, tellers: [2, 1]
        )
        #expect(DayLog.lines(day) == [
            "1번 고객 예금업무 시작",
            "2번 고객 예금업무 시작",
            "3번 고객 대출업무 시작",
            "1번 고객 예금업무 완료",
            "2번 고객 예금업무 완료",
            "4번 고객 예금업무 시작",
            "3번 고객 대출업무 완료",
            "5번 고객 대출업무 시작",
            "4번 고객 예금업무 완료",
            "5번 고객 대출업무 완료",
        ])
        #expect(DayLog.lines(day, limit: 2) == ["1번 고객 예금업무 시작", "2번 고객 예금업무 시작"])
        let entries = DayLog.entries(day)
        #expect(entries[3] == DayLog.Entry(time: ticks(0.7), customer: 1, isFinish: true))
    }

    @Test func occupancyStepsFollowTheDay() throws {
        let day = try Simulation.run(
            arrivals: [0, 0, 1, 0, 1].map { Arrival(at: 0, service: $0, duration: $0 == 0 ? 0.7 : 1.1) },
            services: seedServices, tellers: [2, 1]
        )
        #expect(Occupancy.steps(day) == [
            Occupancy.Point(time: 0, waiting: 2, inService: 3),
            Occupancy.Point(time: ticks(0.7), waiting: 1, inService: 2),
            Occupancy.Point(time: ticks(1.1), waiting: 0, inService: 2),
            Occupancy.Point(time: ticks(1.4), waiting: 0, inService: 1),
            Occupancy.Point(time: ticks(2.2), waiting: 0, inService: 0),
        ])
        #expect(Occupancy.bounded(day, maxPoints: 10).isExact)
    }

    @Test func boundedOccupancyKeepsPeaksPerSlice() {
        let scenario = Scenario(arrivals: .poisson(rate: 2.5, customers: .exactly(5_000)))
        let day = Simulation.run(scenario, seed: 3)
        let exact = Occupancy.steps(day)
        let bounded = Occupancy.bounded(day, maxPoints: 200)
        #expect(!bounded.isExact)
        #expect(bounded.points.count == 201)
        #expect(bounded.points.map(\.waiting).max() == exact.map(\.waiting).max())
        #expect(bounded.points.map(\.inService).max() == exact.map(\.inService).max())
        #expect(bounded.points.last?.time == day.totalTime)
    }
}

@Suite struct SimulatedTimeTests {
    @Test func formatsSeconds() {
        #expect(SimulatedTime.text(8_400_000) == "8.40")
        #expect(SimulatedTime.text(2_099_999) == "2.10")
        #expect(SimulatedTime.text(5_000, places: 2) == "0.01")
        #expect(SimulatedTime.text(4_999, places: 2) == "0.00")
        #expect(SimulatedTime.text(1_234_567, places: 0) == "1")
        #expect(SimulatedTime.exactText(700_000) == "0.7")
        #expect(SimulatedTime.exactText(2_000_000) == "2")
        #expect(SimulatedTime.exactText(3) == "0.000003")
        #expect(SimulatedTime.exactText(12_345_670) == "12.34567")
        #expect(SimulatedTime.exactText(-700_000) == "-0.7")
        // Every tick count is written, the two ends included (negating Int64.min would overflow).
        #expect(SimulatedTime.exactText(Int64.min) == "-9223372036854.775808")
        #expect(SimulatedTime.exactText(Int64.max) == "9223372036854.775807")
        #expect(SimulatedTime.ticks(seconds: 0.7) * 3 == SimulatedTime.ticks(seconds: 2.1))
    }
}
