import BankReport
import BankSimulation
import Basics
import Foundation
import ReportKit
import Testing

/// A sweep over two settings (a grid) and costs, on a page and from the command line.
@Suite struct GridReportTests {
    /// Five deposit customers at opening, 1 s each; rows of 1 or 2 deposit tellers, columns of
    /// durations 1 and 2 s. Mean waits: one teller 0+1+2+3+4 = 10 d / 5 = 2 d; two tellers
    /// 0+0+d+d+2d = 0.8 d. Costs: a teller 3,600 an hour is 1 a second, waiting 3,600 an hour is
    /// 1 a second waited; each teller is paid until the deposit line's last customer leaves.
    static let yaml = """
        services:
          deposit: {duration: 1}
          loan: {duration: 1, weight: 0}
        tellers: {loan: 0}
        customers: 5
        cost: {teller_per_hour: 3600, waiting_per_hour: 3600}
        sweep: {tellers.deposit: [1, 2], services.deposit.duration: [1, 2]}

        """

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
