import BankReport
import BankSimulation
import Basics
import ReportKit
import Testing

/// `sitegen bank --scenario` output, worked by hand.
@Suite struct RunnerTests {
    /// One deposit teller; customers 1, 2 at opening, 3 at 1.0 s: 1 is served 0–0.7, 2 0.7–1.4,
    /// and 3 waits until 1.4 and finishes at 2.1.
    static let batches = """
        services:
          deposit: {duration: 0.7}
        tellers: {deposit: 1}
        batches: [{at: 0, count: 2}, {at: 1, count: 1}]
        """

    @Test func csv() throws {
        #expect(try BankScenarioRunner.run(yaml: Self.batches, format: .csv) == """
            number,service,arrival,start,finish,wait,teller
            1,deposit,0,0,0.7,0,예금 1
            2,deposit,0,0.7,1.4,0.7,예금 1
            3,deposit,1,1.4,2.1,0.4,예금 1

            """)
    }

    /// The CLI prints every format as `output` gives it, with a newline at the end; the CSV
    /// streamed, the rest whole.
    @Test func printedAsOutputGivesIt() throws {
        for format in OutputFormat.allCases {
            var output = try BankScenarioRunner.run(yaml: Self.batches, format: format)
            if !output.hasSuffix("\n") { output += "\n" }
            #expect(try BankScenarioRunner.printed(yaml: Self.batches, format: format) == output)
        }
        #expect(try BankScenarioRunner.printed(yaml: Self.batches, format: .csv).hasPrefix("number,service,arrival,start,finish,wait,teller\n1,deposit,0,0,0.7,0,예금 1\n"))
    }

    /// The JSON: the day's summary, its wait figures, then the customers. Waits 0, 0.7, 0.4; the
    /// service level counts waits of at most 0.5 s (0.7 s of business, rounded to 1, 2 or 5 × 10ᵏ:
    /// 0.5 is nearer than 1 on a log scale): 2 of 3. Nearest-rank percentiles of 0, 0.4, 0.7:
    /// the 50th is the 2nd (⌈1.5⌉), the 90th and 95th the 3rd.
    @Test func json() throws {
        let json = try BankScenarioRunner.run(yaml: Self.batches, format: .json)
        #expect(json.hasPrefix("""
            {
              "summary": {
                "customers": 3,
                "totalTime": 2.1,
                "closingTime": 2.1,
                "businessTime": 2.1,
                "meanWait": 0.3666666666666667,
                "maxWait": 0.7,
                "utilization": {
                  "예금 1": 1
                }
              },
              "statistics": {
                "threshold": 0.5,
                "days": 1,
                "groups": {
                  "deposit": {
                    "customers": 3,
                    "meanWait": {
                      "mean": 0.3666666666666667,
                      "low": null,
                      "high": null
                    },
                    "serviceLevel": {
                      "mean": 0.6666666666666666,
                      "low": null,
                      "high": null
                    },
                    "p50": {
                      "mean": 0.4,
                      "low": null,
                      "high": null
                    },
                    "p90": {
                      "mean": 0.7,
            """))
        #expect(json.hasSuffix("""
              "customers": [
                {"number": 1, "service": "deposit", "arrival": 0, "start": 0, "finish": 0.7, "wait": 0, "teller": "예금 1"},
                {"number": 2, "service": "deposit", "arrival": 0, "start": 0.7, "finish": 1.4, "wait": 0.7, "teller": "예금 1"},
                {"number": 3, "service": "deposit", "arrival": 1, "start": 1.4, "finish": 2.1, "wait": 0.4, "teller": "예금 1"}
              ]
            }

            """))
        #expect(json.contains("\"all\": {\n        \"customers\": 3,"))
    }

    /// The console text is the page's report: figures, the closing sentence, the tables and the log.
    @Test func text() throws {
        let text = try BankScenarioRunner.run(yaml: Self.batches, format: .text)
        #expect(text.hasPrefix("""
            Bank day: 3 customers, 1 teller

            3 customers arrive in batches: 2 at 0 s, 1 at 1 s; numbers continue from batch to batch. \
            Services — 예금 (deposit): 0.7 s, weight 1, 1 teller. Seed 1.

            One day (seed 1).

            Customers served: 3
            Business time: 2.10 s
            Closing time: 2.10 s
            Mean wait: 0.37 s
            Waited at most 0.5 s: 66.7%
            90th percentile wait: 0.70 s
            Max wait: 0.70 s
            Utilisation 예금 1: 100.0%

            Closed. Customers served today: 3; business time 2.10 s.

            Waiting
            -------

            Waits per service and for everyone on the day; times in seconds
            Measure                 예금  Everyone
            --------------------  ------  --------
            Customers counted          3         3
            Mean wait (s)           0.37      0.37
            Waited at most 0.5 s   66.7%     66.7%
            50th percentile (s)     0.40      0.40
            90th percentile (s)     0.70      0.70
            95th percentile (s)     0.70      0.70
            Max wait (s)            0.70      0.70
            Utilisation           100.0%         —

            The service level counts waits of at most 0.5 s: no target is set, so this is a customer's mean business time, rounded. The 90th percentile is the shortest wait that 90% of customers did not exceed.

            """))
        #expect(text.contains("""
            All 3 customers; times in seconds
            No.  Service  Arrived  Started  Finished  Waited  Teller
            ---  -------  -------  -------  --------  ------  ------
              1  예금        0.00     0.00      0.70    0.00  예금 1
              2  예금        0.00     0.70      1.40    0.70  예금 1
              3  예금        1.00     1.40      2.10    0.40  예금 1
            """))
        #expect(text.hasSuffix("""
            Console log (7 lines)
            ---------------------

            1번 고객 예금업무 시작
            1번 고객 예금업무 완료
            2번 고객 예금업무 시작
            2번 고객 예금업무 완료
            3번 고객 예금업무 시작
            3번 고객 예금업무 완료
            업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 3명이며, 총 업무시간은 2.10초입니다.

            """))
        #expect(!text.contains("Download"))
    }

    @Test func aGapBetweenBatchesIsClosingTimeButNotBusinessTime() throws {
        // 1 at 0–0.7, 2 at 0.7–1.4; the bank is empty until 3 arrives at 5 and leaves at 5.7.
        let yaml = "services:\n  deposit: {duration: 0.7}\ntellers: {deposit: 1}\nbatches: [{at: 0, count: 2}, {at: 5, count: 1}]\n"
        let json = try BankScenarioRunner.run(yaml: yaml, format: .json)
        #expect(json.contains("\"totalTime\": 5.7,\n    \"closingTime\": 5.7,\n    \"businessTime\": 2.1,\n"))
        let text = try BankScenarioRunner.run(yaml: yaml, format: .text)
        #expect(text.contains("업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 3명이며, 총 업무시간은 2.10초입니다.\n"))
        #expect(text.contains("Business time: 2.10 s\nClosing time: 5.70 s\n"))
    }

    @Test func seedOverrideWinsOverTheFile() throws {
        let yaml = "seed: 5\ncustomers: 25\n"
        let declared = try BankScenarioRunner.run(yaml: yaml, format: .csv)
        let sameSeed = try BankScenarioRunner.run(yaml: "customers: 25\n", seedOverride: 5, format: .csv)
        let overridden = try BankScenarioRunner.run(yaml: yaml, seedOverride: 6, format: .csv)
        #expect(declared == sameSeed)
        #expect(declared != overridden)
        #expect(try BankScenarioRunner.run(yaml: "customers: 25\n", format: .csv)
            == BankScenarioRunner.run(yaml: "customers: 25\n", seedOverride: BankScenarioRunner.defaultSeed, format: .csv))
    }

    @Test func errorsCarryTheFileLine() {
        #expect(throws: Diagnostic(line: 2, "tellers.loan must be a non-negative integer, got \"two\"")) {
            try BankScenarioRunner.run(yaml: "tellers:\n  loan: two\n", format: .text)
        }
    }

    @Test func consoleRunnerUsesTheStandardDay() throws {
        var input = ["1", "2"][...]
        var output = ""
        let days = try BankConsoleRunner.run(seed: nil, readLine: { input.popFirst() }, write: { output += $0 })
        #expect(days == 1)
        #expect(output.hasPrefix("1 : 은행개점\n2 : 종료\n입력 : 1번 고객 "))
        #expect(output.contains("업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 "))
        #expect(output.hasSuffix("초입니다.\n1 : 은행개점\n2 : 종료\n입력 : "))
    }
}

/// The console runner's fresh seeds and options.
@Suite struct ConsoleRunnerTests {
    @Test func withoutASeedEachRunDrawsOneAndNotesEveryDaysSeed() throws {
        var input = ["1", "1", "2"][...]
        var output = ""
        var notes: [String] = []
        let days = try BankConsoleRunner.run(
            seed: nil, readLine: { input.popFirst() }, write: { output += $0 }, note: { notes.append($0) }, drawSeed: { 123_456 }
        )
        #expect(days == 2)
        #expect(notes == ["seed 123456 (replay with --seed 123456)", "seed 123457 (replay with --seed 123457)"])
        // The log is the one the noted seed replays, and holds no note.
        var replayInput = ["1", "1", "2"][...]
        var replay = ""
        var replayNotes: [String] = []
        try BankConsoleRunner.run(seed: 123_456, readLine: { replayInput.popFirst() }, write: { replay += $0 }, note: { replayNotes.append($0) })
        #expect(replay == output)
        #expect(replayNotes.isEmpty)
        #expect(!output.contains("seed"))
    }

    @Test func freshSeedsDiffer() {
        let seeds = Set((0..<8).map { _ in BankConsoleRunner.freshSeed() })
        #expect(seeds.count > 1)
        #expect(seeds.allSatisfy { $0 < 1_000_000 })
    }

    @Test func tellersAndPaceReachTheConsole() throws {
        var input = ["1", "2"][...]
        var output = ""
        var slept = 0.0
        try BankConsoleRunner.run(
            seed: 8, tellers: ConsoleTellers(parsing: "deposit=1,loan=0"), pace: ConsolePace(10),
            readLine: { input.popFirst() }, write: { output += $0 }, sleep: { slept += $0 }
        )
        #expect(!output.contains("대출업무"))
        let count = output.components(separatedBy: "예금업무 완료").count - 1
        // One teller, 0.7 s per customer, at ten simulated seconds per real second.
        #expect(abs(slept - Double(count) * 0.07) < 1e-9)
        #expect(output.contains("총 업무시간은 \(SimulatedTime.text(Int64(count) * 700_000))초입니다."))
    }
}
