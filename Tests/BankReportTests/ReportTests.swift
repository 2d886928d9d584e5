import BankReport
import Foundation
import TestThreads
import ReportKit
import Testing

@Suite struct ReportTests {
    static let context = ReportContext(contentDirectory: URL(fileURLWithPath: "/tmp"), cacheDirectory: URL(fileURLWithPath: "/tmp"))

    static func report(_ yaml: String, page: String = "bank/test.md", index: Int = 0, context: ReportContext = context) async throws -> Report {
        let block = ReportBlock(kind: "bank", source: yaml, pagePath: page, line: 5, index: index)
        // Off the cooperative pool: a block simulates up to a million customers.
        return try await withTaskExecutorPreference(TestThreads.shared) { try await BankReportKind().run(block, context: context) }
    }

    static func file(_ report: Report, _ name: String) -> String {
        report.files.first { $0.name == name }.map { String(decoding: $0.contents, as: UTF8.self) } ?? ""
    }

    /// Three deposit customers on two tellers: 1 and 2 at once, 3 when 예금 1 is free at 0.7 s.
    static let threeDeposits = "services:\n  deposit: {}\ntellers: {deposit: 2}\ncustomers: 3\n"

    @Test func smallDayHasEveryPart() async throws {
        let report = try await Self.report(Self.threeDeposits)
        let html = report.html
        #expect(html.hasPrefix("<section class=\"report report-bank\" id=\"bank-1\" aria-labelledby=\"bank-1-title\">"))
        #expect(html.contains("<h2 id=\"bank-1-title\">Bank day: 3 customers, 2 tellers</h2>"))
        // The closing sentence in the page's language; the seed's own words stay in the console log.
        #expect(html.contains("<p class=\"closing\">Closed. Customers served today: 3; business time 1.40 s.</p>"))
        #expect(html.contains("<div><dt>Customers served</dt><dd>3</dd></div>"))
        #expect(html.contains("<div><dt>Business time</dt><dd>1.40 s</dd></div>\n<div><dt>Closing time</dt><dd>1.40 s</dd></div>"))
        #expect(html.contains("<p class=\"scope\">One day (seed "))
        #expect(html.contains("<div><dt>Mean wait</dt><dd>0.23 s</dd></div>"))
        // Waits 0, 0, 0.7; the threshold is the 0.7 s business rounded to 0.5 s: 2 of 3 within it.
        #expect(html.contains("<div><dt>Waited at most 0.5 s</dt><dd>66.7%</dd></div>"))
        #expect(html.contains("<div><dt>90th percentile wait</dt><dd>0.70 s</dd></div>"))
        #expect(html.contains("<div><dt>Max wait</dt><dd>0.70 s</dd></div>"))
        #expect(html.contains("<div><dt>Utilisation 예금 1</dt><dd>100.0%</dd></div>"))
        #expect(html.contains("<div><dt>Utilisation 예금 2</dt><dd>50.0%</dd></div>"))
        // Timeline: one lane per teller, one bar per customer.
        // The timeline scrolls sideways and is one keyboard stop (no links inside the picture).
        #expect(html.contains("<figure class=\"chart timeline\" tabindex=\"0\">\n<svg"))
        // A phone, where it scrolls, shows a hint before the caption; screen readers skip it.
        #expect(html.contains("<figcaption><span class=\"scroll-hint\" aria-hidden=\"true\">⇆ Scroll sideways for the whole day. </span>Each bar is one customer"))
        #expect(html.components(separatedBy: "<g class=\"bar\"").count - 1 == 3)
        #expect(html.contains(">예금 1</text>") && html.contains(">예금 2</text>"))
        // Each bar names its customer's row, where Enter on the timeline goes (assets/charts.js).
        #expect(html.contains("<g class=\"bar\" data-href=\"#bank-1-customer-3\"><title>Customer 3 · 예금 · arrived"))
        #expect(html.contains("<title>Customer 3 · 예금 · arrived 0.00 s, started 0.70 s, finished 1.40 s, waited 0.70 s</title>"))
        #expect(!html.contains("<a href=\"#bank-1-customer"))
        #expect(html.contains("aria-labelledby=\"bank-1-occupancy-title bank-1-occupancy-desc\""))
        // Customer table with the SPEC's headers, and the log collapsed.
        #expect(html.contains("<th scope=\"col\" class=\"num\">No.</th><th scope=\"col\">Service</th><th scope=\"col\" class=\"num\">Arrived</th><th scope=\"col\" class=\"num\">Started</th><th scope=\"col\" class=\"num\">Finished</th><th scope=\"col\" class=\"num\">Waited</th><th scope=\"col\">Teller</th>"))
        #expect(html.contains("<tr id=\"bank-1-customer-3\"><th scope=\"row\" class=\"num\">3</th><td>예금</td><td class=\"num\">0.00</td><td class=\"num\">0.70</td><td class=\"num\">1.40</td><td class=\"num\">0.70</td><td>예금 1</td></tr>"))
        #expect(html.contains("<details class=\"log\"><summary>Console log (7 lines)</summary>\n<pre lang=\"ko\">1번 고객 예금업무 시작\n2번 고객 예금업무 시작\n1번 고객 예금업무 완료\n2번 고객 예금업무 완료\n3번 고객 예금업무 시작\n3번 고객 예금업무 완료\n업무가 마감되었습니다."))
        #expect(html.contains("<a href=\"bank-1.csv\" download>CSV</a> · <a href=\"bank-1.json\" download>JSON</a>"))
        #expect(!html.contains("Erlang C"))
        #expect(!html.contains("Replications"))
        #expect(html.hasSuffix("</section>\n"))
        #expect(report.headlines == ["3 customers", "1.40 s"])
        #expect(report.files.map(\.name) == ["bank-1.csv", "bank-1.json", "bank-1-timeline.svg", "bank-1-occupancy.svg"])
        #expect(Self.file(report, "bank-1-timeline.svg").hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"gantt-chart\""))
    }

    @Test func whoGaveUpHasALaneOfTheirOwnOnTheTimeline() async throws {
        // One teller, 10 s each, patience 3 s: customer 1 is served from 0 to 10 s, customer 2
        // waits from 0 and leaves at 3 s.
        let report = try await Self.report("services:\n  deposit: {duration: 10, patience: 3}\ntellers: {deposit: 1}\ncustomers: 2\n")
        let svg = Self.file(report, "bank-1-timeline.svg")
        #expect(svg.components(separatedBy: "<g class=\"bar\"").count - 1 == 2)
        #expect(svg.contains(">예금 1</text>") && svg.contains(">Gave up</text>"))
        #expect(svg.contains("<g class=\"bar\" data-href=\"#bank-1-customer-2\"><title>Customer 2 · 예금 · arrived 0.00 s, gave up waiting at 3.00 s, after 3.00 s</title>"))
        #expect(svg.components(separatedBy: "stroke-dasharray: 4 3").count - 1 == 1)
        #expect(svg.contains("all 1 customers over 10.00 s. Customers who gave up waiting: 1, in the last lane"))
        #expect(report.html.contains("The last lane, Gave up, holds the customers who left unserved"))
        // Nobody gives up without patience: no such lane.
        let everyoneServed = Self.file(try await Self.report(Self.threeDeposits), "bank-1-timeline.svg")
        #expect(!everyoneServed.contains("Gave up"))
    }

    @Test func aDayWhoseRateChangesChartsItsArrivals() async throws {
        let report = try await Self.report("""
            seed: 5
            open: "09:00"
            close: "10:00"
            services:
              deposit: {duration: 30 s}
            tellers: {deposit: 3}
            arrival: {rate: [{from: "09:00", per_hour: 60}, {from: "09:30", per_hour: 120}]}
            """)
        let svg = Self.file(report, "bank-1-arrivals.svg")
        #expect(report.html.contains(">Arrivals over the day</h"))
        // Every position along the day with the rate as set and the arrivals counted, an hour.
        let tips = try #require(report.html.firstMatch(of: /data-tips='(\{"t":[^']*"n":\["Rate set","Arrived"\][^']*)'/)).1
        let columns = tips.matches(of: /\[[\d.]+,"At (\d\d:\d\d):00",\[[\d.]+,"(\d+)"\],\[[\d.]+,"(\d+)"\]\]/)
            .map { (time: String($0.1), rate: Int($0.2) ?? -1, arrived: Int($0.3) ?? -1) }
        // An hour is cut into 30 slices of 2 min (and the closing moment ends the last one).
        #expect(columns.count == 31)
        #expect(columns.first?.time == "09:00" && columns.last?.time == "10:00")
        #expect(columns.prefix(15).allSatisfy { $0.rate == 60 } && columns.dropFirst(15).allSatisfy { $0.rate == 120 })
        // Each slice's count × 30 is its rate an hour; the counts add up to every customer of the day.
        let customers = try #require(svg.firstMatch(of: /slices of 2 min; (\d+) customers in all/).flatMap { Int($0.1) })
        #expect(columns.allSatisfy { $0.arrived % 30 == 0 })
        #expect(columns.dropLast().reduce(0) { $0 + $1.arrived / 30 } == customers)
        #expect(customers > 60 && customers < 120)
        // The seed's day, everyone at opening, has no such chart.
        #expect(Self.file(try await Self.report(Self.threeDeposits), "bank-1-arrivals.svg").isEmpty)
    }

    @Test func downloadsHaveTheSpecShapes() async throws {
        let report = try await Self.report(Self.threeDeposits)
        #expect(Self.file(report, "bank-1.csv") == "\u{FEFF}" + """
            number,service,arrival,start,finish,wait,teller
            1,deposit,0,0,0.7,0,예금 1
            2,deposit,0,0,0.7,0,예금 2
            3,deposit,0,0.7,1.4,0.7,예금 1

            """)
        let data = Data(Self.file(report, "bank-1.json").utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(json.keys) == ["summary", "statistics", "customers"])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(Set(summary.keys) == ["customers", "totalTime", "closingTime", "businessTime", "meanWait", "maxWait", "utilization"])
        #expect(summary["customers"] as? Int == 3)
        #expect(summary["totalTime"] as? Double == 1.4)
        #expect(summary["maxWait"] as? Double == 0.7)
        #expect(abs((summary["meanWait"] as? Double ?? 0) - 0.7 / 3) < 1e-12)
        #expect(summary["utilization"] as? [String: Double] == ["예금 1": 1, "예금 2": 0.5])
        let customers = try #require(json["customers"] as? [[String: Any]])
        #expect(customers.count == 3)
        #expect(Set(customers[2].keys) == ["number", "service", "arrival", "start", "finish", "wait", "teller"])
        #expect(customers[2]["number"] as? Int == 3)
        #expect(customers[2]["service"] as? String == "deposit")
        #expect(customers[2]["start"] as? Double == 0.7)
        #expect(customers[2]["finish"] as? Double == 1.4)
        #expect(customers[2]["teller"] as? String == "예금 1")
    }

    @Test func markdownReadsOnItsOwn() async throws {
        let markdown = try await Self.report(Self.threeDeposits).markdown
        #expect(markdown.hasPrefix("### Bank day: 3 customers, 2 tellers\n"))
        #expect(markdown.contains("**Closed. Customers served today: 3; business time 1.40 s.**"))
        #expect(markdown.contains("- **Business time:** 1.40 s\n- **Closing time:** 1.40 s"))
        #expect(markdown.contains("![Teller timeline](bank-1-timeline.svg)"))
        #expect(!markdown.contains("Scroll sideways"))
        #expect(markdown.contains("![Waiting and in service](bank-1-occupancy.svg)"))
        #expect(markdown.contains("| No. | Service | Arrived | Started | Finished | Waited | Teller |\n| ---: | --- | ---: | ---: | ---: | ---: | --- |\n| 1 | 예금 | 0.00 | 0.00 | 0.70 | 0.00 | 예금 1 |"))
        #expect(markdown.contains("```text\n1번 고객 예금업무 시작\n"))
        #expect(markdown.contains("[CSV](bank-1.csv) · [JSON](bank-1.json)"))
    }

    @Test func seedsComeFromTheBlockThePageOrTheCommandLine() async throws {
        let yaml = "customers: 40\n"
        let first = try await Self.report(yaml, page: "bank/a.md")
        let again = try await Self.report(yaml, page: "bank/a.md")
        let otherPage = try await Self.report(yaml, page: "bank/b.md")
        #expect(first.html == again.html)
        #expect(Self.file(first, "bank-1.csv") == Self.file(again, "bank-1.csv"))
        #expect(Self.file(first, "bank-1.csv") != Self.file(otherPage, "bank-1.csv"))
        // A declared seed gives the same day on any page; --seed overrides it.
        let declaredA = try await Self.report("seed: 7\n" + yaml, page: "bank/a.md")
        let declaredB = try await Self.report("seed: 7\n" + yaml, page: "bank/b.md")
        #expect(Self.file(declaredA, "bank-1.csv") == Self.file(declaredB, "bank-1.csv"))
        var overriding = Self.context
        overriding.seedOverride = 7
        let overridden = try await Self.report("seed: 99\n" + yaml, page: "bank/c.md", context: overriding)
        #expect(Self.file(overridden, "bank-1.csv") == Self.file(declaredA, "bank-1.csv"))
    }

    @Test func poissonDaysCompareWithErlangC() async throws {
        let report = try await Self.report("""
            seed: 3
            customers: 5000
            arrival: {rate: 2}
            services:
              deposit: {duration: {exponential: 0.7}}
              loan: {duration: {exponential: 1.1}}
            tellers: {deposit: 2, loan: 2}
            """)
        #expect(report.html.contains("<h3>Erlang C (M/M/c)</h3>"))
        // λ = 1 per service: deposit ρ = 0.35, loan ρ = 0.55; 2,500 customers each, far more than
        // the K = ρ(2 − ρ)/(1 − ρ)² ≈ 0.78 and 3.9 their lines take to settle.
        #expect(report.html.contains("<tr><th scope=\"row\">λ (per s)</th><td class=\"num\">1</td><td class=\"num\">1</td></tr>"))
        #expect(report.html.contains("<tr><th scope=\"row\">ρ</th><td class=\"num\">0.350</td><td class=\"num\">0.550</td></tr>"))
        #expect(report.html.contains("<tr><th scope=\"row\">Steady state</th><td class=\"num\">applies</td><td class=\"num\">applies</td></tr>"))
        // Beside each simulated wait figure, its closed form.
        #expect(report.html.contains("<tr><th scope=\"row\">Mean wait (s) · Erlang C</th>"))
        #expect(report.html.contains("<tr><th scope=\"row\">90th percentile (s) · Erlang C</th>"))
        #expect(report.markdown.contains("#### Erlang C (M/M/c)"))
        // The JSON download holds the same comparison. By hand, λ = 1, c = 2: deposit a = 0.7,
        // P0 = 13/27, P(wait) = 49/270, W_q = 343/3510; loan a = 1.1, P0 = 9/31,
        // P(wait) = 121/310, W_q = 1331/2790.
        let json = try Self.json(report)
        let erlang = try #require(json["erlangC"] as? [String: [String: Any]])
        let deposit = try #require(erlang["deposit"]), loan = try #require(erlang["loan"])
        #expect(deposit["arrivalRate"] as? Double == 1 && deposit["tellers"] as? Int == 2)
        #expect(abs((deposit["utilization"] as? Double ?? 0) - 0.35) < 1e-12)
        #expect(abs((deposit["probabilityOfWaiting"] as? Double ?? 0) - 49.0 / 270) < 1e-12)
        #expect(abs((deposit["meanWait"] as? Double ?? 0) - 343.0 / 3510) < 1e-12)
        #expect(abs((loan["probabilityOfWaiting"] as? Double ?? 0) - 121.0 / 310) < 1e-12)
        #expect(abs((loan["meanWait"] as? Double ?? 0) - 1331.0 / 2790) < 1e-12)
        #expect(deposit["simulatedMeanWait"] is Double)
        // The waiting-time distribution: P(W > t) = C·e^(−(cμ − λ)t). The threshold is 1 s (the
        // mean business, 0.9 s, rounded). Deposit: cμ − λ = 2/0.7 − 1 = 13/7; loan: 2/1.1 − 1 = 9/11.
        // The p-th percentile is ln(C/(1 − p))/(cμ − λ) when C > 1 − p, else 0.
        let depositC = 49.0 / 270, loanC = 121.0 / 310
        #expect(abs((deposit["serviceLevel"] as? Double ?? 0) - (1 - depositC * exp(-13.0 / 7))) < 1e-12)
        #expect(abs((loan["serviceLevel"] as? Double ?? 0) - (1 - loanC * exp(-9.0 / 11))) < 1e-12)
        #expect(deposit["p50"] as? Double == 0 && loan["p50"] as? Double == 0)
        #expect(abs((deposit["p90"] as? Double ?? 0) - log(depositC / 0.1) * 7 / 13) < 1e-12)
        #expect(abs((loan["p95"] as? Double ?? 0) - log(loanC / 0.05) * 11 / 9) < 1e-12)
        #expect(deposit["steadyState"] as? Bool == true)
        #expect(json["replications"] == nil)
    }

    @Test func replicationsShowMeansAndIntervals() async throws {
        let report = try await Self.report("seed: 10\ncustomers: 30\nreplications: 8\n")
        #expect(report.html.contains("<h3>Replications</h3>"))
        // The tiles say what they show: the means of 8 days.
        #expect(report.html.contains("<p class=\"scope\">Means of 8 days (seeds 10–17), each with its 95% interval in brackets;"))
        #expect(!report.html.contains("Days simulated"))
        #expect(report.html.contains("8 days with seeds 10…17. Each figure with an interval is the mean of the days&#39; figures; its 95% interval is Student&#39;s t with 7 degrees of freedom worked out on the log scale"))
        // Every day has exactly 30 customers: no spread at all.
        #expect(report.html.contains("<tr><th scope=\"row\">Customers</th><td class=\"num\">30.0</td><td class=\"num\">30.0</td>"))
        #expect(report.html.contains("<tr><th scope=\"row\">Mean wait (s)</th>"))
        #expect(report.markdown.contains("#### Replications"))
        // The JSON download has the replications; every day has 30 customers, so no spread.
        let replications = try #require(try Self.json(report)["replications"] as? [String: Any])
        #expect(replications["days"] as? Int == 8)
        #expect(replications["seeds"] as? [Int] == [10, 17])
        let customers = try #require(replications["customers"] as? [String: Double])
        #expect(customers == ["mean": 30, "low": 30, "high": 30, "min": 30, "max": 30])
        #expect(try Self.json(report)["erlangC"] == nil)
    }

    /// The JSON download, parsed.
    static func json(_ report: Report) throws -> [String: Any] {
        let data = try #require(report.files.first { $0.name == "bank-1.json" }?.contents)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func anEmptyDayStillRenders() async throws {
        let report = try await Self.report("customers: 0\n")
        #expect(report.html.contains("업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 0명이며, 총 업무시간은 0.00초입니다."))
        #expect(report.html.contains("<summary>Console log (1 line)</summary>"))
        #expect(report.headlines == ["0 customers", "0.00 s"])
        #expect(Self.file(report, "bank-1.csv") == "\u{FEFF}number,service,arrival,start,finish,wait,teller\n")
        let json = try JSONSerialization.jsonObject(with: Data(Self.file(report, "bank-1.json").utf8)) as? [String: Any]
        #expect((json?["customers"] as? [Any])?.isEmpty == true)
    }

    @Test func largeDaysStayUnderAMegabyte() async throws {
        let report = try await Self.report("seed: 1\ncustomers: 100000\narrival: {rate: 2.7}\nservices:\n  deposit: {duration: {exponential: 1}}\ntellers: {deposit: 3}\n")
        #expect(report.html.utf8.count < 1_000_000)
        #expect(report.markdown.utf8.count < 1_000_000)
        #expect(report.html.contains("Customers 1–200 of 100,000; every customer is in the CSV download"))
        #expect(report.html.contains("Console log (first 400 of 200,000 lines, then the closing sentence)"))
        let bars = report.html.components(separatedBy: "<g class=\"bar\"").count - 1
        #expect((250...300).contains(bars))
        // Only the bars of customers the table lists name a row, and every such row exists.
        #expect(report.html.contains("data-href=\"#bank-1-customer-200\">") && report.html.contains("<tr id=\"bank-1-customer-200\">"))
        #expect(!report.html.contains("bank-1-customer-201"))
        #expect(report.html.contains("Only the first "))
        #expect(report.html.contains("the largest counts in each of 300 equal slices"))
        let csv = Self.file(report, "bank-1.csv")
        #expect(csv.split(separator: "\n").count == 100_001)
        #expect(report.headlines == ["100,000 customers", report.headlines[1]])
    }

    /// A timeline that draws only the first stretch of the day says so in its caption, and its
    /// scroll hint promises the rest of the drawing, not the whole day. 400 deposit customers at
    /// opening, 1 s each on one teller, start at 0, 1, …, 399 s: the first 300 bars are drawn.
    @Test func aPartialTimelinesHintPromisesTheDrawingNotTheDay() async throws {
        let yaml = "customers: 400\nservices:\n  deposit: {duration: 1}\n  loan: {weight: 0}\ntellers: {deposit: 1, loan: 0}\n"
        let html = try await Self.report(yaml).html
        #expect(html.contains("<figcaption><span class=\"scroll-hint\" aria-hidden=\"true\">⇆ Scroll sideways for the rest of the drawing. </span>Only the first "))
        #expect(!html.contains("for the whole day"))
        #expect(html.components(separatedBy: "<g class=\"bar\"").count - 1 == 300)
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await Self.report(yaml).html }
        #expect(korean.contains("<figcaption><span class=\"scroll-hint\" aria-hidden=\"true\">⇆ 옆으로 밀어 나머지 그림을 보세요. </span>처음 "))
    }

    @Test func userTextIsEscaped() async throws {
        let report = try await Self.report("customers: 2\nservices:\n  deposit: {name: \"<b>예금 & co\\\"</b>\"}\n  loan: {}\n")
        #expect(!report.html.contains("<b>"))
        #expect(report.html.contains("&lt;b&gt;예금 &amp; co&quot;&lt;/b&gt;"))
        let json = Self.file(report, "bank-1.json")
        #expect(json.contains("\"<b>예금 & co\\\"</b> 1\""))
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    @Test func idsAreUniqueWithinTheSection() async throws {
        let html = try await Self.report("customers: 12\n", index: 2).html
        let ids = html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains("bank-3"))
        #expect(ids.allSatisfy { $0.hasPrefix("bank-3") })
    }
}
