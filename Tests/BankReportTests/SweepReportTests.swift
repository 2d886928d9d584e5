import BankReport
import Foundation
import ReportKit
import Testing

/// A block with `sweep:` on a page: the comparison first, then the first value's day in full.
@Suite struct SweepReportTests {
    /// Three deposit customers at opening, 1 s each. One teller: they start at 0, 1, 2 and wait
    /// 0, 1, 2 (mean 1.00, max 2.00), the last leaving at 3.00. Three tellers: nobody waits and all
    /// leave at 1.00. Every teller that serves is busy the whole day (100.0%).
    static let yaml = "services:\n  deposit: {duration: 1}\ntellers: {deposit: 1}\ncustomers: 3\nsweep: {tellers.deposit: [1, 3]}\n"

    @Test func theComparisonLeadsThenTheFirstDay() async throws {
        let report = try await ReportTests.report(Self.yaml)
        let html = report.html
        #expect(html.contains("<h2 id=\"bank-1-title\">Bank sweep: 2 values of the number of 예금 tellers</h2>"))
        let rows = (html.components(separatedBy: "<table").dropFirst().first ?? "").components(separatedBy: "</table>")[0]
        let cells = rows.components(separatedBy: "<tr>").dropFirst(2).map { row in
            row.components(separatedBy: "</t").compactMap { $0.components(separatedBy: ">").last }.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        }
        // The deciding columns: the service level (waits of at most 1 s, the business time: 0 and
        // 1 of 0, 1, 2 with one teller, all with three) and the mean wait; the utilisation is 100%
        // for both, said in the caption.
        #expect(cells == [
            ["1", "66.7%", "1.00"],
            ["3", "100.0%", "0.00"],
        ])
        #expect(html.contains("The deciding figures per value. The same for every value: Utilisation 예금 100.0%"))
        #expect(html.contains("<h3>The first value in full: 1 예금 teller</h3>"))
        // The first value's day: one teller, the closing sentence with 3.00 s.
        #expect(html.contains("총 업무시간은 3.00초입니다."))
        let comparison = try #require(html.range(of: "Comparison"))
        let timeline = try #require(html.range(of: "Teller timeline"))
        #expect(comparison.lowerBound < timeline.lowerBound)
        #expect(html.contains("bank-1-sweep.svg") == false)  // inlined, not linked
        #expect(html.contains("<svg") && html.contains("Mean wait of 예금 customers"))
        // The chart's x axis is the setting as the table names it, its values evenly spaced.
        #expect(html.contains(">예금 tellers</text>"))
        let names = report.files.map(\.name)
        #expect(["bank-1-sweep.csv", "bank-1-sweep.json", "bank-1.csv", "bank-1.json"].allSatisfy(names.contains))
        #expect(ReportTests.file(report, "bank-1-sweep.csv").contains("\n1,3,1,,,2,3,3,1,1,,1,"))
        let markdown = report.markdown
        #expect(markdown.contains("| 예금 tellers |"))
        #expect(markdown.contains("[Sweep CSV](bank-1-sweep.csv) · [Sweep JSON](bank-1-sweep.json)"))
    }

    /// The title and the first value's heading name the setting in the interface's words, in
    /// the page's language, never by its YAML key (`arrival.rate`).
    @Test func theSettingIsNamedInTheInterfacesWordsNotByItsKey() async throws {
        let yaml = "seed: 3\ncustomers: 20\narrival: {rate: 1}\nservices:\n  deposit: {}\ntellers: {deposit: 1}\nsweep: {arrival.rate: [1, 2, 3]}\n"
        let english = try await ReportTests.report(yaml).html
        #expect(english.contains("<h2 id=\"bank-1-title\">Bank sweep: 3 values of the arrival rate</h2>"))
        #expect(english.contains("<h3>The first value in full: 1 customer per second</h3>"))
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(yaml).html }
        #expect(korean.contains("<h2 id=\"bank-1-title\">은행 비교: 도착률 값 3개</h2>"))
        #expect(korean.contains("<h3>첫 값의 전체 보고서: 초당 고객 1명</h3>"))
        #expect(!english.contains("arrival.rate") && !korean.contains("arrival.rate"))
    }

    /// In Korean the sentence of where the wait changes most fits its particles to the words
    /// filled in (it read "평균 대기은 분당 고객 0.6명와 …, 9.3분로"): 대기는, 0.6명과, 9.3분으로;
    /// after 초, which ends in a vowel, 로. On a day in minutes, 0.01 and 0.0166667 customers a
    /// second are 0.6 and 1 a minute; three days give the paired interval.
    @Test func theKoreanSentenceOfTheLargestChangeFitsItsParticles() async throws {
        let minutes = """
            seed: 5
            customers: 20
            arrival: {rate: 0.01}
            services:
              deposit: {duration: {exponential: 2 min}}
            tellers: {deposit: 1}
            replications: 3
            sweep: {arrival.rate: [0.01, 0.0166667]}

            """
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(minutes).html }
        #expect(korean.contains(
            "모든 고객의 평균 대기는 분당 고객 0.6명과 분당 고객 1명 사이에서 가장 크게 바뀝니다: +4.4분 (짝지은 95% 구간 −1.8~10.7분), 4.9분에서 9.3분으로."))
        let seconds = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(Self.yaml).html }
        #expect(seconds.contains("예금 고객의 평균 대기는 예금 은행원 1명과 예금 은행원 3명 사이에서 가장 크게 바뀝니다: −1.00초, 1.00초에서 0.00초로."))
    }

    /// Two deposit tellers, exponential business of 1 s: at 3 customers per second (ρ = 1.5) the
    /// line has no steady state. Erlang C's waits there are ∞ and its share within the time is 0%
    /// (the long-run limit), each marked †; never "∞%".
    @Test func aLineWithoutASteadyStateWaitsWithoutBoundAndServesNobodyInTime() async throws {
        let report = try await ReportTests.report(
            "seed: 3\ncustomers: 200\narrival: {rate: 3}\nservices:\n  deposit: {duration: {exponential: 1}}\ntellers: {deposit: 2}\nsweep: {arrival.rate: [1, 3]}\n")
        let markdown = report.markdown
        let row = try #require(markdown.components(separatedBy: "\n").first { $0.hasPrefix("| 3 |") && $0.contains("∞") })
        #expect(row.components(separatedBy: " | ").filter { $0 == "∞†" }.count == 4)
        #expect(row.contains(" | 0.0%† | "))
        #expect(!markdown.contains("∞%"))
        #expect(markdown.contains("its waits are ∞ and its share served within the time 0%"))
    }
}
