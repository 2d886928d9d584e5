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
