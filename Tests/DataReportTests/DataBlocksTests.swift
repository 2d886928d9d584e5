import Basics
import DataReport
import Foundation
import ReportKit
import Testing

/// The three blocks on a small shop's sales, checked by hand.
@Suite struct DataBlocksTests {
    /// Two weeks of two products; 2024-04-29 is a Monday, so the second week is May's first.
    static let sales = """
        day,product,category,quantity,price,stock
        2024-04-29,망고 주스,주스,10,4500,12
        2024-04-29,"Kiwi, gold",간식,4,7900,3
        2024-04-30,망고 주스,주스,6,4500,6
        2024-05-06,망고 주스,주스,12,4500,20
        2024-05-06,"Kiwi, gold",간식,5,7900,2
        2024-05-07,망고 주스,주스,8,4500,
        """ + "\n"

    private func run(_ kind: some ReportKind, _ body: String, in folder: DataFolder) async throws -> Report {
        let block = ReportBlock(kind: kind.name, source: body, pagePath: "shop/index.md", line: 10, index: 0)
        return try await kind.run(block, context: ReportContext(contentDirectory: folder.url, cacheDirectory: folder.url))
    }

    private func folder() throws -> DataFolder {
        let folder = try DataFolder()
        try folder.write("shop/sales.csv", Self.sales)
        return folder
    }

    private func table(_ report: Report) -> Table? {
        for node in report.document.body { if case .table(let table) = node { return table } }
        return nil
    }

    private func texts(_ rows: [[Table.Cell]]) -> [[String]] {
        rows.map { $0.map { cell in cell.content.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined() } }
    }

    @Test func tableColumnsChosenRenamedFormattedSortedFilteredAndHighlighted() async throws {
        let report = try await run(TableReportKind(), """
            source: sales.csv
            title: Mango and kiwi
            columns:
              - column: day
                title: Day
                format: date
              - product
              - column: price
                title: Price
                format: currency
              - column: stock
                title: In stock
            filter: quantity >= 5
            sort: [-day, product]
            highlight: stock < 5
            highlight_label: Low stock
            totals: true
            """, in: try folder())
        #expect(report.document.title == "Mango and kiwi")
        let shown = try #require(table(report))
        #expect(shown.caption == "5 rows")
        #expect(shown.columns.map(\.header) == ["Day", "product", "Price", "In stock"])
        #expect(shown.columns.map(\.kind) == [.text, .text, .number, .number])
        #expect(texts(shown.rows) == [
            ["May 7, 2024", "망고 주스", "₩4,500", ""],
            ["May 6, 2024", "Kiwi, gold", "₩7,900", "2"],
            ["May 6, 2024", "망고 주스", "₩4,500", "20"],
            ["Apr 30, 2024", "망고 주스", "₩4,500", "6"],
            ["Apr 29, 2024", "망고 주스", "₩4,500", "12"],
        ])
        // The highlighted row is marked and named for screen readers, not only tinted.
        #expect(shown.rows[1][0].content == [.decoration("▲ ", className: "data-mark"), .spoken("Low stock: "), .text("May 6, 2024")])
        #expect(shown.rows[1].allSatisfy { $0.classes == ["data-highlight"] })
        #expect(shown.rows[0][0].classes.isEmpty)
        #expect(texts(shown.footer) == [["Total", "", "₩25,900", "40"]])
        #expect(report.headlines == ["5 rows"])
        let csv = try #require(report.files.first { $0.name == "table-1.csv" })
        #expect(String(decoding: csv.contents, as: UTF8.self) == "\u{FEFF}day,product,price,stock\n2024-05-07,망고 주스,4500,\n2024-05-06,\"Kiwi, gold\",7900,2\n2024-05-06,망고 주스,4500,20\n2024-04-30,망고 주스,4500,6\n2024-04-29,망고 주스,4500,12\n")
    }

    @Test func groupedTableSumsEachGroupWithATotal() async throws {
        let report = try await run(TableReportKind(), "source: sales.csv\ncolumns: [category, quantity, price]\ngroup: category\n", in: try folder())
        let shown = try #require(table(report))
        #expect(shown.columns.map(\.header) == ["category", "quantity", "price", "Rows"])
        #expect(texts(shown.rows) == [["주스", "36", "18,000", "4"], ["간식", "9", "15,800", "2"]])
        #expect(texts(shown.footer) == [["Total", "45", "33,800", "6"]])
        #expect(shown.hasRowHeaders)
        // Sorted by a summed column, the groups go by their sums.
        let sorted = try await run(TableReportKind(), "source: sales.csv\ncolumns: [category, quantity]\ngroup: category\nsort: quantity\n", in: try folder())
        #expect(texts(try #require(table(sorted)).rows) == [["간식", "9", "2"], ["주스", "36", "4"]])
    }

    @Test func figureComparesTheLatestPeriodWithTheOneBefore() async throws {
        let report = try await run(FigureReportKind(), """
            source: sales.csv
            value: quantity
            label: Cups sold
            date: day
            period: week
            compare: previous
            """, in: try folder())
        // The week of May 6: 12 + 5 + 8 = 25; the week before: 10 + 4 + 6 = 20; +25%.
        guard case .figures(let figures) = report.document.body[0] else { Issue.record("no figures"); return }
        #expect(figures == [Figure("Cups sold", "25"), Figure("Period", "the week of May 6, 2024")])
        guard case .paragraph(let change) = report.document.body[1] else { Issue.record("no change"); return }
        #expect(change.content == [
            .decoration("▲ ", className: "data-change-mark"), .spoken("Up: "),
            .text("+25.0%, +5 against the week of Apr 29, 2024 (20)."),
        ])
        #expect(report.headlines == ["Cups sold 25 (▲+25.0%)"])
        // The dashboard card: the figure, its change and its period; the trend is the two weeks.
        #expect(report.document.card == ReportCard(
            figures: [
                .init(key: "value", label: "Cups sold", value: "25"), .init(key: "change", label: "Change", value: "▲+25.0%"),
                .init(key: "period", label: "Period", value: "the week of May 6, 2024"),
            ],
            trend: .init(label: "Cups sold, the last 2", values: [20, 25])
        ))
    }

    @Test func figureStatistics() async throws {
        let folder = try folder()
        func headline(_ body: String) async throws -> String {
            try await run(FigureReportKind(), "source: sales.csv\n" + body, in: folder).headlines.first ?? ""
        }
        #expect(try await headline("value: quantity\n") == "Total quantity 45")
        #expect(try await headline("value: price\nstat: mean\nformat: currency\ncurrency: USD\n") == "Mean price $5,633.33")
        #expect(try await headline("stat: count\nfilter: category = 간식\n") == "Rows 2")
        #expect(try await headline("value: stock\nstat: min\n") == "Lowest stock 2")
        #expect(try await headline("value: stock\nstat: max\n") == "Highest stock 20")
        #expect(try await headline("value: quantity\nstat: last\ndate: day\ncompare: previous\n") == "Latest quantity 8 (▲+60.0%)")
    }

    @Test func chartsOfEveryType() async throws {
        let folder = try folder()
        let bar = try await run(ChartReportKind(), "source: sales.csv\ntype: bar\nx: day\ny: quantity\nseries: product\nstacked: true\n", in: folder)
        let svg = bar.files.first { $0.name == "chart-1.svg" }.map { String(decoding: $0.contents, as: UTF8.self) } ?? ""
        #expect(svg.contains("class=\"bar-chart\""))
        #expect(svg.contains("<title>May 6, 2024 · Kiwi, gold: 5</title>"))
        #expect(bar.document.title == "quantity by day")
        let line = try await run(ChartReportKind(), "source: sales.csv\nx: day\ny: [quantity, stock]\n", in: folder)
        #expect(line.files.contains { $0.name == "chart-1.svg" && String(decoding: $0.contents, as: UTF8.self).contains("class=\"line-chart\"") })
        let scatter = try await run(ChartReportKind(), "source: sales.csv\ntype: scatter\nx: quantity\ny: stock\n", in: folder)
        #expect(scatter.files.contains { String(decoding: $0.contents, as: UTF8.self).contains("<title>stock: 10, 12</title>") })
        #expect(scatter.inputs == .files(["shop/sales.csv"]))
    }

    @Test func blockProblemsAllAtOnceWithTheirLines() async throws {
        let folder = try folder()
        await #expect(throws: Diagnostics([
            Diagnostic(line: 12, "unknown key \"colums\" (did you mean \"columns\"?); expected one of: \(["source", "file_format", "separator", "types", "filter", "title", "columns", "sort", "group", "totals", "highlight", "highlight_label", "max_rows"].joined(separator: ", "))"),
            Diagnostic(line: 13, "filter must be a condition like \"stock < 5\" (a column, one of = != < <= > >=, a value), got \"stock\""),
        ])) {
            try await run(TableReportKind(), "source: sales.csv\ncolums: [day]\nfilter: stock\n", in: folder)
        }
        await #expect(throws: Diagnostic(line: 11, "source names a file that does not exist: \(folder.url.lastPathComponent)/shop/nothing.csv or \(folder.url.lastPathComponent)/nothing.csv")) {
            try await run(TableReportKind(), "source: nothing.csv\n", in: folder)
        }
        await #expect(throws: Diagnostic(line: 12, "\(folder.url.lastPathComponent)/shop/sales.csv has no column \"qty\" (did you mean \"day\"?); its columns are \"day\", \"product\", \"category\", \"quantity\", \"price\", \"stock\"")) {
            try await run(FigureReportKind(), "source: sales.csv\nvalue: qty\n", in: folder)
        }
        await #expect(throws: Diagnostic(file: "\(folder.url.lastPathComponent)/shop/bad.csv", line: 3, column: 2, "n: \"x\" is not a number (y needs numbers)")) {
            try folder.write("shop/bad.csv", "day,n\n2024-01-01,1.5\n2024-01-02,x\n2024-01-03,2\n")
            return try await run(ChartReportKind(), "source: bad.csv\nx: day\ny: n\n", in: folder)
        }
    }

    @Test func koreanFormats() async throws {
        let folder = try folder()
        let report = try await Strings.$current.withValue(Strings(language: .ko)) {
            try await run(FigureReportKind(), "source: sales.csv\nvalue: price\nstat: max\nformat: currency\ndate: day\nperiod: month\ncompare: previous\n", in: folder)
        }
        #expect(report.headlines == ["최고 price 7,900원 (=+0.0%)"])
        guard case .figures(let figures) = report.document.body[0] else { Issue.record("no figures"); return }
        #expect(figures.last == Figure("기간", "2024년 5월"))
    }
}
