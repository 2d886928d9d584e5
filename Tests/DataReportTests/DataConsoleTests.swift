import Basics
import DataReport
import Foundation
import ReportKit
import Testing

/// `sitegen table|chart|figure FILE --format text|markdown|json|csv`: a block's YAML from a file,
/// its `source` beside it, printed in every format (`DataConsole`, which the commands call).
@Suite struct DataConsoleTests {
    private func folder() throws -> DataFolder {
        let folder = try DataFolder()
        try folder.write("shop/sales.csv", DataBlocksTests.sales)
        return folder
    }

    private func output(_ kind: String, _ yaml: String, _ format: OutputFormat, in folder: DataFolder) throws -> String {
        try DataConsole.report(kind: kind, yaml: yaml, folder: folder.url.appendingPathComponent("shop")).output(format)
    }

    @Test func aGroupedTableInEveryFormat() throws {
        let folder = try folder()
        let yaml = "source: sales.csv\ncolumns: [product, quantity]\ngroup: product\n"
        // 망고 주스: 10 + 6 + 12 + 8 = 36 in 4 rows; Kiwi, gold: 4 + 5 = 9 in 2.
        #expect(try output("table", yaml, .markdown, in: folder) == """
            ### Table of sales.csv

            6 rows in 2 groups.

            | product | quantity | Rows |
            | --- | ---: | ---: |
            | 망고 주스 | 36 | 4 |
            | Kiwi, gold | 9 | 2 |
            | Total | 45 | 6 |

            """)
        #expect(try output("table", yaml, .text, in: folder).contains("Total             45     6"))
        // The data is the rows the table was made from, as its downloads hold them.
        #expect(try output("table", yaml, .csv, in: folder) == "product,quantity\n망고 주스,10\n\"Kiwi, gold\",4\n망고 주스,6\n망고 주스,12\n\"Kiwi, gold\",5\n망고 주스,8\n")
        let json = try JSONSerialization.jsonObject(with: Data(try output("table", yaml, .json, in: folder).utf8)) as? [[String: Any]]
        #expect(json?.count == 6)
        #expect(json?.first?["product"] as? String == "망고 주스" && json?.first?["quantity"] as? Int == 10)
    }

    @Test func aChartGivesItsCaptionValuesAndRows() throws {
        let folder = try folder()
        let yaml = "source: sales.csv\ntype: bar\nx: day\ny: quantity\n"
        let markdown = try output("chart", yaml, .markdown, in: folder)
        #expect(markdown.hasPrefix("### quantity by day\n\nBar chart of quantity by day: 6 rows in 1 series.\n\n#### The chart's values\n"))
        #expect(markdown.contains("| May 6, 2024 | 12 |\n"))
        #expect(try output("chart", yaml, .text, in: folder).contains("Bar chart of quantity by day: 6 rows in 1 series."))
        #expect(try output("chart", yaml, .csv, in: folder) == "day,quantity\n2024-04-29,10\n2024-04-29,4\n2024-04-30,6\n2024-05-06,12\n2024-05-06,5\n2024-05-07,8\n")
        #expect(try output("chart", yaml, .json, in: folder).contains("\"day\": \"2024-05-07\""))
    }

    @Test func aFigureGivesItsValueAndTheOneBefore() throws {
        let folder = try folder()
        let yaml = "source: sales.csv\nvalue: quantity\ndate: day\nperiod: week\ncompare: previous\nlabel: Cups\n"
        // The week of May 6: 12 + 5 + 8 = 25; the week before: 10 + 4 + 6 = 20.
        #expect(try output("figure", yaml, .text, in: folder) == "Cups\n\nCups: 25\nPeriod: the week of May 6, 2024\n\n▲ +25.0%, +5 against the week of Apr 29, 2024 (20).\n")
        #expect(try output("figure", yaml, .markdown, in: folder).contains("- **Cups:** 25\n"))
        #expect(try output("figure", yaml, .csv, in: folder) == "value,previous\n25,20\n")
        let json = try JSONSerialization.jsonObject(with: Data(try output("figure", yaml, .json, in: folder).utf8)) as? [String: Any]
        #expect(json?["headline"] as? String == "Cups 25 (▲+25.0%)")
        #expect(json?["value"] as? Double == 25 && json?["previous"] as? Double == 20)
    }

    @Test func inKoreanAndWithProblemsAtTheirLines() throws {
        let folder = try folder()
        let text = try Strings.$current.withValue(Strings(language: .ko)) {
            try output("figure", "source: sales.csv\nvalue: quantity\ndate: day\nperiod: week\ncompare: previous\n", .text, in: folder)
        }
        #expect(text == "sales.csv의 수치\n\nquantity 합계: 25\n기간: 2024년 5월 6일부터 한 주\n\n▲ 2024년 4월 29일부터 한 주(20)보다 +25.0%, +5.\n")
        #expect(throws: Diagnostics([
            Diagnostic(line: 2, "unknown key \"valu\" (did you mean \"value\"?); expected one of: source, file_format, separator, types, filter, value, stat, label, format, currency, decimals, date, period, compare"),
            Diagnostic(line: 1, "needs value: the column to take the sum of"),
        ])) {
            try output("figure", "source: sales.csv\nvalu: quantity\n", .text, in: folder)
        }
    }
}
