import Testing
import BankSimulation

/// The console app driven by scripted input; the transcript is compared line by line.
@Suite struct ConsoleTests {
    /// Runs the console over `input` lines and returns the whole output.
    static func transcript(_ input: [String], scenario: Scenario = .standard, seed: UInt64 = 1) -> (String, Int) {
        var lines = input[...]
        var output = ""
        let console = BankConsole(
            scenario: scenario, seed: seed,
            readLine: { lines.popFirst() },
            write: { output += $0 }
        )
        let days = console.run()
        return (output, days)
    }

    /// Three deposit customers at opening on two tellers, so the day is known exactly.
    let threeDeposits = Scenario(
        services: [.deposit, Service(key: "loan", name: "대출", duration: .fixed(1.1), weight: 0)],
        tellers: [2, 0],
        arrivals: .opening(.exactly(3))
    )

    @Test func opensTheBankThenExits() {
        let (output, days) = Self.transcript(["1", "2"], scenario: threeDeposits)
        #expect(days == 1)
        let expected = [
            "1 : 은행개점",
            "2 : 종료",
            "입력 : 1번 고객 예금업무 시작",
            "2번 고객 예금업무 시작",
            "1번 고객 예금업무 완료",
            "2번 고객 예금업무 완료",
            "3번 고객 예금업무 시작",
            "3번 고객 예금업무 완료",
            "업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 3명이며, 총 업무시간은 1.40초입니다.",
            "1 : 은행개점",
            "2 : 종료",
            "입력 : ",
        ]
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines == expected)
        #expect(output.hasSuffix("입력 : "))
    }

    @Test func otherInputPrintsAnErrorAndTheMenuAgain() {
        let (output, days) = Self.transcript(["3", "", "은행", "2"], scenario: threeDeposits)
        #expect(days == 0)
        let menu = "1 : 은행개점\n2 : 종료\n입력 : "
        let error = BankConsole.invalidInput + "\n"
        #expect(output == menu + error + menu + error + menu + error + menu)
    }

    @Test func endOfInputClosesCleanly() {
        let (output, days) = Self.transcript([], scenario: threeDeposits)
        #expect(days == 0)
        #expect(output == "1 : 은행개점\n2 : 종료\n입력 : \n")
    }

    @Test func theDefaultDayPrintsEveryCustomerInTimeOrder() {
        let (output, days) = Self.transcript(["1", "1"], seed: 500)
        #expect(days == 2)
        // Both days, each as the library computes it with seeds 500 and 501, then EOF.
        var expected = "1 : 은행개점\n2 : 종료\n입력 : "
        for seed in [500, 501] as [UInt64] {
            let day = Simulation.run(.standard, seed: seed)
            #expect((10...30).contains(day.customers.count))
            for line in DayLog.lines(day) { expected += line + "\n" }
            expected += DayLog.closingSentence(day) + "\n"
            expected += "1 : 은행개점\n2 : 종료\n입력 : "
        }
        expected += "\n"
        #expect(output == expected)
        // Each customer starts once and ends once, the start first.
        let lines = output.split(separator: "\n").map(String.init)
        let firstDay = lines.prefix { !$0.hasPrefix("업무가 마감") }.filter { $0.contains("번 고객") }
        var started = Set<Int>()
        var finished = Set<Int>()
        for line in firstDay {
            let body = line.hasPrefix("입력 : ") ? String(line.dropFirst(5)) : line
            guard let number = Int(body.prefix { $0.isNumber }) else { continue }
            if body.hasSuffix("시작") {
                #expect(started.insert(number).inserted)
            } else {
                #expect(started.contains(number))
                #expect(finished.insert(number).inserted)
            }
        }
        #expect(started == finished)
        #expect(started == Set(1...started.count))
    }
}

/// `--pace`, fresh seeds and `--tellers` of the console, with an injected sleeper.
@Suite struct PacedConsoleTests {
    /// Three deposit customers at opening on two tellers: lines at 0, 0, 0.7, 0.7, 0.7, 1.4.
    let threeDeposits = Scenario(
        services: [.deposit, Service(key: "loan", name: "대출", duration: .fixed(1.1), weight: 0)],
        tellers: [2, 0],
        arrivals: .opening(.exactly(3))
    )

    @Test func aPacedLogSleepsTheSimulatedGapsDividedByThePace() throws {
        var input = ["1", "2"][...]
        var events: [String] = []
        let pace = try #require(ConsolePace(2))
        let console = BankConsole(
            scenario: threeDeposits, seed: 1, pace: pace,
            readLine: { input.popFirst() }, write: { events.append($0) },
            sleep: { events.append("sleep \($0)") }
        )
        #expect(console.run() == 1)
        // Gaps: 0.7 s after opening, then 0.7 s more; at pace 2 that is 0.35 real seconds each.
        #expect(events == [
            "1 : 은행개점\n", "2 : 종료\n", "입력 : ",
            "1번 고객 예금업무 시작\n", "2번 고객 예금업무 시작\n",
            "sleep 0.35",
            "1번 고객 예금업무 완료\n", "2번 고객 예금업무 완료\n", "3번 고객 예금업무 시작\n",
            "sleep 0.35",
            "3번 고객 예금업무 완료\n",
            "업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 3명이며, 총 업무시간은 1.40초입니다.\n",
            "1 : 은행개점\n", "2 : 종료\n", "입력 : ",
        ])
    }

    @Test func paceOneSleepsTheSeedsRealTimeAndTheTextIsUnchanged() {
        for seed in [3, 4] as [UInt64] {
            var input = ["1"][...]
            var paced = ""
            var slept = 0.0
            BankConsole(seed: seed, pace: ConsolePace(1), readLine: { input.popFirst() }, write: { paced += $0 }, sleep: { slept += $0 }).run()
            input = ["1"][...]
            var plain = ""
            BankConsole(seed: seed, readLine: { input.popFirst() }, write: { plain += $0 }, sleep: { _ in Issue.record("slept unpaced") }).run()
            #expect(paced == plain)
            // Everyone arrives at opening, so the sleeps add up to the closing time.
            let day = Simulation.run(.standard, seed: seed)
            #expect(abs(slept - SimulatedTime.seconds(day.closingTime)) < 1e-9)
        }
    }

    @Test func paceValues() {
        #expect(ConsolePace(argument: "1")?.simulatedSecondsPerSecond == 1)
        #expect(ConsolePace(argument: "0.5")?.realSeconds(700_000) == 1.4)
        #expect(ConsolePace(argument: "0") == nil)
        #expect(ConsolePace(argument: "-2") == nil)
        #expect(ConsolePace(argument: "fast") == nil)
        #expect(ConsolePace(argument: "inf") == nil)
        #expect(ConsolePace(argument: "nan") == nil)
        #expect(ConsolePace(argument: "2000000") == nil)
    }

    @Test func eachOpeningTellsItsSeed() {
        var input = ["1", "3", "1", "2"][...]
        var seeds: [UInt64] = []
        BankConsole(seed: 41, readLine: { input.popFirst() }, write: { _ in }, opening: { seeds.append($0) }).run()
        #expect(seeds == [41, 42])
    }

    @Test func oneTellerForEveryoneIsTheSeedsFirstVariant() throws {
        let tellers = try ConsoleTellers(parsing: "deposit=1,loan=0")
        let scenario = try tellers.apply(to: .standard)
        #expect(scenario.tellers == [1, 0])
        #expect(scenario.services.map(\.weight) == [1, 0])
        // One teller, 0.7 s each, everyone at opening: customer n starts at 0.7 (n − 1).
        let day = Simulation.run(scenario, seed: 8)
        let count = day.customers.count
        #expect((10...30).contains(count))
        #expect(day.customers.enumerated().allSatisfy { $0.element.start == Int64($0.offset) * 700_000 && $0.element.service == 0 })
        #expect(day.closingTime == Int64(count) * 700_000)
        #expect(DayLog.lines(day).prefix(3) == ["1번 고객 예금업무 시작", "1번 고객 예금업무 완료", "2번 고객 예금업무 시작"])
    }

    @Test func tellerOptionProblems() throws {
        #expect(throws: ScenarioProblem(key: "--tellers", "names an unknown service \"cash\"; the services are: deposit, loan")) {
            try ConsoleTellers(parsing: "cash=1")
        }
        #expect(throws: ScenarioProblem(key: "--tellers", "deposit must be a whole number from 0 to 100, got \"two\"")) {
            try ConsoleTellers(parsing: "deposit=two")
        }
        #expect(throws: ScenarioProblem(key: "--tellers", "must leave at least one teller")) {
            try ConsoleTellers(parsing: "deposit=0,loan=0")
        }
        #expect(throws: ScenarioProblem(key: "--tellers", "gives loan twice")) {
            try ConsoleTellers(parsing: "loan=1,loan=2")
        }
        #expect(throws: ScenarioProblem(key: "--tellers",
            "takes SERVICE=N pairs separated by commas, e.g. deposit=1,loan=0; the services are: deposit, loan; got \"deposit\"")) {
            try ConsoleTellers(parsing: "deposit")
        }
        // Left out: keeps its default.
        #expect(try ConsoleTellers(parsing: "loan=3").apply(to: .standard).tellers == [2, 3])
    }
}
