import BankReport
import BankSimulation
import Basics
import Foundation
import ReportKit
import Testing

/// `target`, `warmup` and `precision`: reading them, their errors, and the answer on the page.
@Suite struct TargetTests {
    static func problems(_ yaml: String) -> [String] {
        ScenarioErrorTests.problems(yaml).map(\.description)
    }

    @Test func keysAreRead() throws {
        let parsed = try BankScenarioParser.parse("""
            target: {within: 20, percent: 80%, service: loan}
            warmup: {customers: 5}
            precision: 5%
            max_days: 40
            customers: 30
            """)
        #expect(parsed.scenario.target == WaitTarget(.serviceLevel(within: 20, share: 0.8), service: 1))
        #expect(parsed.scenario.warmup == .customers(5))
        #expect(parsed.scenario.precision == Precision(relativeHalfWidth: 0.05, maximumDays: 40))
        #expect(try BankScenarioParser.parse("target: {mean_wait: 1.5}\nwarmup: 60\n").scenario.target == WaitTarget(.meanWait(1.5)))
        #expect(try BankScenarioParser.parse("warmup: 60\n").scenario.warmup == .seconds(60))
        #expect(try BankScenarioParser.parse("warmup: {seconds: 2.5}\n").scenario.warmup == .seconds(2.5))
        // Without max_days, precision may run as many days as the page's limits allow, at most 1,000.
        #expect(try BankScenarioParser.parse("precision: 10%\ncustomers: 100000\n").scenario.precision?.maximumDays == 100)
        #expect(try BankScenarioParser.parse("precision: 10%\ncustomers: 30\n").scenario.precision?.maximumDays == 1000)
    }

    @Test func errorsNameTheLineAndTheKey() {
        #expect(Self.problems("target: {within: 20}\n") == [
            "line 11: target must be a service level {within: SECONDS, percent: P} or a mean wait {mean_wait: SECONDS}",
        ])
        #expect(Self.problems("target: {within: 20, percent: 120}\n") == [
            "line 11: target.percent must be a percentage above 0 and at most 100, e.g. 80%, got \"120\"",
        ])
        #expect(Self.problems("target:\n  mean_wait: 2\n  service: cash\n") == [
            "line 13: target.service names an unknown service \"cash\"; the services are: deposit, loan",
        ])
        #expect(Self.problems("target: {mean_wait: 2, goal: 3}\n").count == 1)
        #expect(Self.problems("warmup: {minutes: 3}\n") == ["line 11: unknown key \"warmup.minutes\"; expected one of: seconds, customers"])
        #expect(Self.problems("warmup: {customers: 30}\ncustomers: 30\n") == [
            "line 11: warmup.customers leaves no customer to measure: the day has at most 30 customers",
        ])
        #expect(Self.problems("precision: 0%\n") == [
            "line 11: precision must be a percentage above 0 and below 100, e.g. 80%, got \"0%\"",
        ])
        #expect(Self.problems("precision: 5%\nreplications: 10\n") == [
            "line 12: replications cannot be given together with precision; precision adds days until it is reached",
        ])
        #expect(Self.problems("max_days: 10\n") == ["line 11: max_days needs precision, e.g. precision: 5%"])
    }

    /// Five deposit customers at opening, 0.7 s each; one to four tellers serve 20%, 40%, 60% and
    /// 80% of them within 0.5 s. Half of them within 0.5 s: three tellers.
    static let yaml = """
        seed: 1
        customers: 5
        services:
          deposit: {duration: 0.7}
        target: {within: 0.5, percent: 50}
        sweep: {tellers.deposit: [1, 2, 3, 4]}
        """

    @Test func aSweepOpensWithTheAnswer() async throws {
        let report = try await ReportTests.report(Self.yaml)
        let html = report.html
        let answer = "<p class=\"answer\">Answer: 3 예금 tellers are the fewest that meet the target (50% of all customers wait at most 0.5 s): 60.0%.</p>"
        #expect(html.contains(answer))
        #expect(html.contains("<p class=\"answer-detail\">With 2 예금 tellers: 40.0%, 10.0 points short.</p>"))
        #expect(html.contains("<div><dt>Fewest that meet the target</dt><dd>3 예금 tellers</dd></div>"))
        // The answer comes before the comparison, which marks each value.
        let position = try #require(html.range(of: answer)).lowerBound
        #expect(position < (try #require(html.range(of: "<h3>Comparison</h3>"))).lowerBound)
        #expect(html.contains("40.0%<span class=\"misses\" aria-hidden=\"true\">✗</span>") || html.contains("40.0% <span class=\"misses\""))
        #expect(report.headlines == ["Answer: 3 예금 tellers", "60.0% of all customers within 0.5 s"])
        #expect(report.markdown.contains("**Answer: 3 예금 tellers are the fewest that meet the target"))
        // The sweep JSON carries the target and the answer.
        let json = ReportTests.file(report, "bank-1-sweep.json")
        let sweep = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["sweep"] as? [String: Any])
        let target = try #require(sweep["target"] as? [String: Any])
        #expect(target["within"] as? Double == 0.5 && target["percent"] as? Double == 50)
        let answerJSON = try #require(sweep["answer"] as? [String: Any])
        #expect(answerJSON["value"] as? Double == 3 && answerJSON["next"] as? Double == 2)
        #expect((answerJSON["figure"] as? [String: Any])?["mean"] as? Double == 0.6)
    }

    @Test func noIntervalOnAPageGoesBelowZero() async throws {
        // Skewed, few days: the Korean fixture's sweep once gave a mean wait interval of −0.39 – 2.80 s.
        let report = try await ReportTests.report("seed: 31\ncustomers: 60\narrival: {rate: 1.8}\nreplications: 3\nsweep: {tellers.loan: [1, 2, 3]}\n")
        // Every bound of a wait, a time or a share in the sweep's CSV (the `…Low…` columns) and JSON.
        let csv = ReportTests.file(report, "bank-1-sweep.csv").split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = try #require(csv.first).map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}")) }
        let low = header.indices.filter { header[$0].contains("Low") }
        #expect(low.count > 10)
        for row in csv.dropFirst() {
            for index in low where index < row.count && !row[index].isEmpty {
                #expect((Double(row[index]) ?? -1) >= 0, "\(header[index]): \(row[index])")
            }
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ReportTests.file(report, "bank-1-sweep.json").utf8)) as? [String: Any])
        let points = try #require((json["sweep"] as? [String: Any])?["points"] as? [[String: Any]])
        for point in points {
            for (_, group) in try #require(point["waits"] as? [String: [String: Any]]) {
                for (name, measure) in group {
                    guard let measure = measure as? [String: Any], let bound = measure["low"] as? Double else { continue }
                    #expect(bound >= 0, "\(name): \(bound)")
                }
            }
        }
    }
}
