import BankReport
import BankSimulation
import Basics
import Foundation
import ReportKit
import Testing

/// A sweep over two settings (a grid) and costs, on a page and from the command line.
@Suite struct GridReportTests {
    /// ``FiveDeposits`` with costs; rows of 1 or 2 deposit tellers, columns of durations 1 and
    /// 2 s. Mean waits: one teller 0+1+2+3+4 = 10 d / 5 = 2 d; two tellers 0+0+d+d+2d = 0.8 d.
    /// Costs: a teller 1 a second, 1 a second waited.
    static let yaml = FiveDeposits.costly(sweep: "tellers.deposit: [1, 2], services.deposit.duration: [1, 2]")

    @Test func theGridLeadsWithTheCheapestCell() async throws {
        // Costs (tellers × closing + waits): 1 teller, d = 1: 5 + 10 = 15; d = 2: 10 + 20 = 30.
        // 2 tellers, d = 1: closing 3, 2 × 3 + 4 = 10; d = 2: 2 × 6 + 8 = 20.
        let report = try await ReportTests.report(Self.yaml)
        let html = report.html
        #expect(html.contains("Bank grid: the number of 예금 tellers × the time per 예금 customer, 4 cells"))
        #expect(html.contains("Cheapest: 2 예금 tellers and 1 s per 예금 customer, at ₩10 a day."))
        #expect(html.contains("It costs ₩5 a day less than the next-best, 1 예금 teller and 1 s per 예금 customer (₩15 a day)."))
        #expect(html.contains("Of that: tellers ₩6, waiting ₩4, customers who gave up ₩0."))
        let csv = ReportTests.file(report, "bank-1-grid.csv")
        let lines = csv.split(whereSeparator: \.isNewline)
        #expect(lines.first?.contains("tellers.deposit,services.deposit.duration,customers,meanWait,") == true)
        #expect(lines.count == 5)
        #expect(lines[1].hasPrefix("1,1,5,2,"))
        #expect(lines[4].hasPrefix("2,2,5,1.6,"))
        #expect(lines[3].hasSuffix(",10,,,6,4,0,0,,"))
        let json = try JSONDecoder().decode(BankGridJSON.self, from: Data(ReportTests.file(report, "bank-1-grid.json").utf8))
        #expect(json.grid.rows.key == "tellers.deposit" && json.grid.columns.values == [1, 2])
        #expect(json.grid.cells.map(\.values) == [[1, 1], [1, 2], [2, 1], [2, 2]])
        #expect(json.grid.cells.map { $0.cost?.total.mean } == [15, 30, 10, 20])
        #expect(json.grid.best?.values == [2, 1] && json.grid.best?.next == [1, 1] && json.grid.best?.saving?.mean == 5)
        #expect(json.grid.cost?.tellerPerHour["deposit"] == 3600 && json.grid.cost?.currency == "KRW")
        // The table marks the best cell with ★ and says so to a screen reader.
        #expect(html.contains("★</span><span class=\"visually-hidden\"> (best)</span>"))
        #expect(html.contains("The first cell in full: 1 예금 teller and 1 s per 예금 customer"))
    }

    @Test func aHeatMapOfTheCostComesBeforeTheTable() async throws {
        let report = try await ReportTests.report(Self.yaml)
        let html = report.html
        // Costs 15, 30 / 10, 20 on a scale from 10 (dark violet) to 30 (yellow): 15 a quarter up,
        // 20 half-way; the cheapest (2 tellers, 1 s) starred and ringed; no target, no ✗.
        let heat = try #require(html.components(separatedBy: "<figure class=\"chart heat-map\" tabindex=\"0\">").dropFirst().first)
        #expect(heat.contains("<title id=\"bank-1-heat-title\">Cost a day (KRW) per cell</title>"))
        #expect(heat.contains("<title>예금 tellers 1 · Time per 예금 customer (s) 1: ₩15</title><rect x=\"35\" y=\"40\" width=\"52\" height=\"46\" style=\"fill: #3b528b;"))
        #expect(heat.contains("<title>예금 tellers 1 · Time per 예금 customer (s) 2: ₩30</title><rect x=\"87\" y=\"40\" width=\"52\" height=\"46\" style=\"fill: #fde725;"))
        #expect(heat.contains("<g class=\"cell best\"><title>예금 tellers 2 · Time per 예금 customer (s) 1: ₩10 (best)</title><rect x=\"35\" y=\"86\" width=\"52\" height=\"46\" style=\"fill: #440154;"))
        #expect(heat.contains("<title>예금 tellers 2 · Time per 예금 customer (s) 2: ₩20</title><rect x=\"87\" y=\"86\" width=\"52\" height=\"46\" style=\"fill: #21918c;"))
        #expect(heat.contains(">₩10</text>") && heat.contains(">₩30</text>") && heat.contains(">★ best</text>") && !heat.contains("✗"))
        // The grid scrolls sideways on a phone: the caption opens with a hint that only a narrow
        // screen shows, hidden from screen readers and left out of the Markdown.
        #expect(heat.contains("<figcaption><span class=\"scroll-hint\" aria-hidden=\"true\">⇆ Scroll sideways for the whole grid. </span>Cost a day (KRW) per cell: dark violet is the lowest, yellow the highest; ★ marks the best cell. The table below gives the same figures with their intervals.</figcaption>"))
        #expect(!report.markdown.contains("Scroll sideways"))
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(Self.yaml).html }
        #expect(korean.contains("<figcaption><span class=\"scroll-hint\" aria-hidden=\"true\">⇆ 옆으로 밀어 열지도 전체를 보세요. </span>칸별 "))
        // After the answer and what was run, before the table; in Markdown a picture and its caption.
        let answer = try #require(html.range(of: "Cheapest: 2 예금 tellers"))
        let figure = try #require(html.range(of: "<figure class=\"chart heat-map\""))
        let table = try #require(html.range(of: "<table class=\"sweep grid\""))
        #expect(answer.upperBound < figure.lowerBound && figure.upperBound < table.lowerBound)
        #expect(report.markdown.contains("![Cost a day (KRW) per cell](bank-1-heat.svg)\n\nCost a day (KRW) per cell: dark violet"))
    }

    @Test func aCheapestCellOnTheGridsEdgeIsFlagged() async throws {
        // The cheapest cell has 2 deposit tellers, the most the grid tries: a third might cost
        // less. The other setting (a duration) is not staffing, so its edge says nothing.
        let report = try await ReportTests.report(Self.yaml)
        #expect(report.html.contains("<p class=\"note edge\">At the edge of the grid: the cheapest cell has the most 예금 tellers the grid tries (2), and 3 예금 tellers might cost less. Extend tellers.deposit to 3 to know.</p>"))
        #expect(report.html.components(separatedBy: "class=\"note edge\"").count == 2)
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(Self.yaml).html }
        #expect(korean.contains("비교표의 가장자리: 가장 싼 칸은 비교표가 시험한 가장 많은 예금 은행원(2명)입니다. 예금 은행원 3명이면 더 쌀 수 있습니다. tellers.deposit 값을 3까지 늘려 확인하세요."))
    }

    /// Without costs, a mean-wait target: 5 customers at opening, 2 or 3 deposit tellers, 1 or 2 s
    /// each. Mean waits 2 tellers: 0 + 0 + d + d + 2d = 0.8 d; 3 tellers: 0.4 d.
    static func targetYAML(meanWait: Double) -> String {
        FiveDeposits.day + "target: {mean_wait: \(meanWait)}\n" + FiveDeposits.sweep("tellers.deposit: [2, 3], services.deposit.duration: [1, 2]")
    }

    @Test func fewestTellersOnTheEdgeAndMissesAreFlagged() async throws {
        // Target 1 s: 2 tellers meet it at 1 s (0.8) but not at 2 s (1.6); the fewest tellers that
        // meet it are the fewest the grid tries, and 1 teller might still do.
        let html = try await ReportTests.report(Self.targetYAML(meanWait: 1)).html
        #expect(html.contains("<p class=\"note edge\">At the edge of the grid: the best cell has the fewest 예금 tellers the grid tries (2), and 1 예금 teller might still meet the target. Extend tellers.deposit down to 1 to know.</p>"))
        // The heat map of the mean wait: 0.4 lowest, 1.6 highest (crossed), 0.8 a third of the way.
        #expect(html.contains("<g class=\"cell misses\"><title>예금 tellers 2 · Time per 예금 customer (s) 2: 1.60 s (misses the target)</title>"))
        #expect(html.contains("style=\"fill: #fde725;") && html.contains(">✗</text>") && html.contains(">✗ misses the target</text>"))
        #expect(html.contains("<g class=\"cell best\"><title>예금 tellers 2 · Time per 예금 customer (s) 1: 0.80 s (best)</title>"))
        #expect(html.contains("✗ marks the cells that miss the target: 1 of 4."))
        // Target 0.3 s: none meets it; the closest has the most tellers the grid tries.
        let none = try await ReportTests.report(Self.targetYAML(meanWait: 0.3)).html
        #expect(none.contains("<p class=\"note edge\">At the edge of the grid: no cell meets the target, and the closest has the most 예금 tellers the grid tries (3); 4 예금 tellers might meet it. Extend tellers.deposit to 4 to know.</p>"))
        // 1 or 2 tellers, target 2 s: the best has 1 teller (2 s at 1 s each), and none can be fewer.
        let inside = try await ReportTests.report(Self.targetYAML(meanWait: 2).replacingOccurrences(of: "[2, 3]", with: "[1, 2]")).html
        #expect(!inside.contains("note edge"))
    }

    @Test func koreanMoneyIsWrittenInWon() async throws {
        let html = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(Self.yaml).html }
        #expect(html.contains("가장 싼 배치: 예금 은행원 2명, 예금 고객당 1초, 하루 10원."))
    }

    @Test func gridErrorsNameLineAndKey() {
        let many = "sweep: {tellers.deposit: [\((1...11).map(String.init).joined(separator: ", "))], tellers.loan: [\((1...10).map(String.init).joined(separator: ", "))]}\n"
        #expect(ScenarioErrorTests.problems(many)
            == [Diagnostic(line: 11, "sweep makes a grid of 11 × 10 = 110 cells; at most 100: list fewer values")])
        #expect(ScenarioErrorTests.problems("sweep: {tellers.deposit: [1], tellers.loan: [1], customers: [3]}\n")
            == [Diagnostic(line: 11, "sweep must name one setting to vary, e.g. {tellers.loan: [1, 2, 3]}, or two for a grid, got 3")])
        #expect(ScenarioErrorTests.problems("customers: 3\nsweep:\n  tellers.loan: [1]\n  tellers.deposit: [0, 1]\n")
            == [Diagnostic(line: 13, "sweep.tellers.deposit value 0 does not work: tellers.deposit is 0, but customers come for deposit (services.deposit.weight is above 0); give it a teller or set its weight to 0")])
    }

    @Test func costErrorsNameLineAndKey() {
        #expect(ScenarioErrorTests.problems("cost: {teller_per_hour: 25000, waiting: 100}\n")
            == [Diagnostic(line: 11, "unknown key \"cost.waiting\"; expected one of: teller_per_hour, waiting_per_hour, abandon, currency")])
        #expect(ScenarioErrorTests.problems("cost:\n  teller_per_hour: -5\n  currency: won\n")
            == [Diagnostic(line: 12, "cost.teller_per_hour must be an amount from 0 to 1,000,000,000,000, got \"-5\""),
                Diagnostic(line: 13, "cost.currency must be a three-letter currency code such as KRW or USD, got \"won\"")])
        #expect(ScenarioErrorTests.problems("cost: {waiting_per_hour: 100}\n")
            == [Diagnostic(line: 11, "cost needs teller_per_hour, what one teller costs an hour, e.g. {teller_per_hour: 25000}")])
        #expect(ScenarioErrorTests.problems("cost:\n  teller_per_hour: {deposit: 1, savings: 2}\n")
            == [Diagnostic(line: 12, "cost.teller_per_hour.savings names an unknown service \"savings\"; the services are: deposit, loan"),
                Diagnostic(line: 12, "cost.teller_per_hour must give a price for every service; missing: loan")])
    }
}
