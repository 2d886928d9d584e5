import Basics
import DataReport
import Foundation
import ReportKit
import Testing

/// A table's CSV download gives back the file it was made from.
@Suite struct RoundTripTests {
    private func run(_ kind: some ReportKind, _ body: String, page: String = "shop/index.md", in folder: DataFolder) async throws -> Report {
        let block = ReportBlock(kind: kind.name, source: body, pagePath: page, line: 10, index: 0)
        return try await kind.run(block, context: ReportContext(contentDirectory: folder.url, cacheDirectory: folder.url))
    }

    @Test func aCSVWithQuotesLineBreaksABOMAndKoreanComesBackUnchanged() async throws {
        let folder = try DataFolder()
        let original = "\u{FEFF}상품,설명,가격,재고\n망고,\"달콤한 \"\"애플\"\" 망고\",\"12,000\",3\n키위,\"첫 줄\n둘째 줄\",900,\n\"Kiwi, gold\",plain,1500,12\n"
        try folder.write("shop/sales.csv", original)
        let report = try await run(TableReportKind(), "source: sales.csv\n", in: folder)
        let csv = try #require(report.files.first { $0.name == "table-1.csv" })
        #expect(String(decoding: csv.contents, as: UTF8.self) == original)
        #expect(csv.contents == Data(original.utf8))
        #expect(report.inputs == .files(["shop/sales.csv"]))
    }

    @Test func theJSONDownloadHoldsTypedValues() async throws {
        let folder = try DataFolder()
        try folder.write("data/q.csv", "week,arrivals,note\n2024-01-01,120,설날\n2024-01-08,98.5,\n")
        let report = try await run(TableReportKind(), "source: data/q.csv\n", in: folder)
        let json = try #require(report.files.first { $0.name == "table-1.json" })
        #expect(String(decoding: json.contents, as: UTF8.self) == """
            [
              {
                "week": "2024-01-01",
                "arrivals": 120,
                "note": "설날"
              },
              {
                "week": "2024-01-08",
                "arrivals": 98.5,
                "note": null
              }
            ]

            """)
        #expect(report.inputs == .files(["data/q.csv"]))
    }

    /// The JSON is written a thousand rows at a time: 2,500 rows read as one array, every row once.
    @Test func aLongJSONDownloadIsOneArray() async throws {
        let folder = try DataFolder()
        try folder.write("n.csv", "n,name\n" + (1...2_500).map { "\($0),r\($0)\n" }.joined())
        let report = try await run(TableReportKind(), "source: n.csv\n", page: "index.md", in: folder)
        let json = try #require(report.files.first { $0.name == "table-1.json" })
        let objects = (1...2_500).map { "  {\n    \"n\": \($0),\n    \"name\": \"r\($0)\"\n  }" }
        #expect(String(decoding: json.contents, as: UTF8.self) == "[\n" + objects.joined(separator: ",\n") + "\n]\n")
        let empty = try await run(TableReportKind(), "source: n.csv\nfilter: n > 9999\n", page: "index.md", in: folder)
        #expect(empty.files.first { $0.name == "table-1.json" }.map { String(decoding: $0.contents, as: UTF8.self) } == "[]\n")
    }

    @Test func spreadsheetFormulasAreDefusedButNumbersStayNumbers() async throws {
        let folder = try DataFolder()
        try folder.write("a.csv", "name,n\n=HYPERLINK(\"x\"),-3\n")
        let report = try await run(TableReportKind(), "source: a.csv\n", page: "index.md", in: folder)
        let csv = try #require(report.files.first { $0.name == "table-1.csv" })
        #expect(String(decoding: csv.contents, as: UTF8.self) == "\u{FEFF}name,n\n\"'=HYPERLINK(\"\"x\"\")\",-3\n")
    }
}
