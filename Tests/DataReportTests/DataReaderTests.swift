import Basics
import DataReport
import Foundation
import Testing

@Suite struct DataReaderTests {
    private func read(_ url: URL, _ format: DataFormat? = nil, _ request: DataRequest = DataRequest(everyColumn: true)) throws -> DataTable {
        try DataReader.read(url, shown: "Content/" + url.lastPathComponent, format: format ?? DataFormat(fileName: url.lastPathComponent) ?? .csv(separator: nil), request: request)
    }

    private func place(_ column: DataColumn?, _ row: Int) -> [Int] {
        column.map { [$0.place(of: row).line, $0.place(of: row).column] } ?? []
    }

    private func problems(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch {
            return Diagnostics.from(error).map(\.description)
        }
    }

    @Test func csvWithBOMQuotesLineBreaksAndKorean() throws {
        let folder = try DataFolder()
        let text = "\u{FEFF}name,note,stock\r\n망고,\"sweet, \"\"ripe\"\"\",3\r\n\"키위\",\"two\nlines\",12\r\nplain,,7\r\n"
        let table = try read(folder.write("fruit.csv", text))
        #expect(table.rowCount == 3)
        #expect(table.columns.map(\.name) == ["name", "note", "stock"])
        #expect(table["name"]?.texts == ["망고", "키위", "plain"])
        #expect(table["note"]?.texts == ["sweet, \"ripe\"", "two\nlines", ""])
        #expect(table["stock"]?.type == .integer)
        #expect(table["stock"]?.numbers == [3, 12, 7])
        #expect(table["name"]?.type == .text)
        // Lines count the line break inside the quoted field.
        #expect(place(table["stock"], 1) == [4, 3])
        #expect(place(table["stock"], 2) == [5, 3])
    }

    @Test func separatorsAreFoundFromTheHeader() throws {
        let folder = try DataFolder()
        let semicolons = try read(folder.write("a.csv", "day;amount\n2024-01-01;1,5\n2024-01-02;2\n"))
        #expect(semicolons["amount"]?.texts == ["1,5", "2"])
        #expect(semicolons["day"]?.type == .date)
        #expect(semicolons["day"]?.numbers == [19_723, 19_724])
        let tabs = try read(folder.write("b.csv", "a\tb\n1\t\"x;y,z\"\n"))
        #expect(tabs["b"]?.texts == ["x;y,z"])
        let tsv = try read(folder.write("c.tsv", "a,b\tc\n1,2\t3\n"))
        #expect(tsv.columns.map(\.name) == ["a,b", "c"])
        let declared = try read(folder.write("d.csv", "a;b,c\n1;2,3\n"), .csv(separator: ";"))
        #expect(declared.columns.map(\.name) == ["a", "b,c"])
    }

    @Test func emptyLinesAreSkipped() throws {
        let folder = try DataFolder()
        let table = try read(folder.write("a.csv", "a,b\n1,2\n\n3,4\n"))
        #expect(table["a"]?.texts == ["1", "3"])
        #expect(place(table["a"], 1) == [4, 1])
    }

    @Test func onlyTheUsedColumnsAreKept() throws {
        let folder = try DataFolder()
        let url = try folder.write("a.csv", "a,b,c\n1,x,2.5\n2,y,3\n")
        let table = try read(url, nil, DataRequest(uses: [.init("c"), .init("a"), .init("c")]))
        #expect(table.columns.map(\.name) == ["c", "a"])
        #expect(table["c"]?.type == .decimal)
        #expect(table["c"]?.numbers == [2.5, 3])
    }

    @Test func badDataIsReportedAtFileLineAndColumnAllAtOnce() throws {
        let folder = try DataFolder()
        let url = try folder.write("sales.csv", "day,product,price,stock\n2024-01-01,망고,1200,3\n2024-01-02,키위,12a,4\n2024-01-03,사과,900\n2024-13-01,배,800,x\n")
        let request = DataRequest(
            uses: [.init("day"), .init("price", numbersFor: "y"), .init("stock")],
            types: ["stock": .init(.integer, line: 9), "day": .init(.date, line: 10)]
        )
        #expect(problems { _ = try read(url, nil, request) } == [
            "Content/sales.csv:4:3: this row has 3 fields, the header has 4",
            "Content/sales.csv:5:1: day: \"2024-13-01\" is not a date (YYYY-MM-DD) (types sets day: date)",
            "Content/sales.csv:3:3: price: \"12a\" is not a whole number (y needs numbers)",
            "Content/sales.csv:5:4: stock: \"x\" is not a whole number (types sets stock: integer)",
        ])
    }

    @Test func aTextColumnUsedAsNumbersIsOneProblemAtThePage() throws {
        let folder = try DataFolder()
        let url = try folder.write("a.csv", "name,n\n망고,1\n키위,2\n")
        #expect(problems { _ = try read(url, nil, DataRequest(uses: [.init("name", line: 14, numbersFor: "y")])) } == [
            "line 14: column \"name\" of Content/a.csv holds text (\"망고\" on line 2), but y needs numbers",
        ])
    }

    @Test func unknownColumnsAreReportedAtThePageBeforeAnyRowIsRead() throws {
        let folder = try DataFolder()
        let url = try folder.write("a.csv", "day,price\n2024-01-01,oops,extra\n")
        #expect(problems { _ = try read(url, nil, DataRequest(uses: [.init("prize", line: 12), .init("qty", line: 13)])) } == [
            "line 12: Content/a.csv has no column \"prize\" (did you mean \"price\"?); its columns are \"day\", \"price\"",
            "line 13: Content/a.csv has no column \"qty\" (did you mean \"day\"?); its columns are \"day\", \"price\"",
        ])
    }

    @Test func headerProblemsAndWidths() throws {
        let folder = try DataFolder()
        #expect(problems { _ = try read(folder.write("a.csv", "a,,a\n1,2,3\n1,2\n1,2,3,4\n")) } == [
            "Content/a.csv:1:2: column 2 has no name in the header row",
            "Content/a.csv:1:3: column \"a\" appears twice in the header row (columns 1 and 3)",
            "Content/a.csv:3:2: this row has 2 fields, the header has 3",
            "Content/a.csv:4:4: this row has 4 fields, the header has 3",
        ])
        #expect(problems { _ = try read(folder.write("b.csv", "")) } == [
            "Content/b.csv: is empty; a CSV data file starts with a header row naming its columns",
        ])
        #expect(problems { _ = try read(folder.write("c.csv", "a,b\n1,\"open\n2,3\n")) } == [
            "Content/c.csv:2: a quote opened in this row is never closed, so the rest of the file became one value",
        ])
    }

    @Test func manyProblemsAreCounted() throws {
        let folder = try DataFolder()
        let rows = (1...50).map { "\($0),x\($0)\n" }.joined()
        let found = problems { _ = try read(folder.write("a.csv", "n,v\n" + rows), nil, DataRequest(uses: [.init("v")], types: ["v": .init(.integer)])) }
        #expect(found.count == 21)
        #expect(found.first == "Content/a.csv:2:2: v: \"x1\" is not a whole number (types sets v: integer)")
        #expect(found.last == "Content/a.csv: 30 more problems like these")
    }

    @Test func notUTF8() throws {
        let folder = try DataFolder()
        let url = try folder.write("a.csv", bytes: Array("a,b\n1,2\n".utf8) + [0xFF, 0xFE, 0x41, 0x0A])
        #expect(problems { _ = try read(url) } == ["Content/a.csv:3: is not UTF-8 text from about this line on; save the file as UTF-8"])
    }

    @Test func jsonKeepsTheKeyOrderAndPlacesValues() throws {
        let folder = try DataFolder()
        let url = try folder.write("q.json", """
            [
              {"week": "2024-01-01", "arrivals": 120, "note": "설날 \\"rush\\""},
              {"week": "2024-01-08", "arrivals": 98.5, "note": null},
              {"arrivals": 101, "extra": true}
            ]
            """)
        let table = try read(url)
        #expect(table.columns.map(\.name) == ["week", "arrivals", "note", "extra"])
        #expect(table["note"]?.texts == ["설날 \"rush\"", "", ""])
        #expect(table["arrivals"]?.type == .decimal)
        #expect(table["week"]?.texts == ["2024-01-01", "2024-01-08", ""])
        #expect(table["extra"]?.texts == ["", "", "true"])
        #expect(place(table["arrivals"], 1) == [3, 38])
    }

    @Test func jsonProblems() throws {
        let folder = try DataFolder()
        #expect(problems { _ = try read(folder.write("a.json", "[\n  {\"a\": 1},\n  {\"a\": tru}\n]")) } == [
            "Content/a.json:3:12: is not valid JSON: invalid value",
        ])
        #expect(problems { _ = try read(folder.write("e.json", "")) } == ["Content/e.json: is empty; it must hold an array of objects, one per row"])
        #expect(problems { _ = try read(folder.write("b.json", "{\"a\": 1}")) } == [
            "Content/b.json:1:1: must hold an array of objects, one per row; found a mapping",
        ])
        #expect(problems { _ = try read(folder.write("c.json", "[{\"a\": [1]}, 3, {\"a\": \"x\"}]"), nil, DataRequest(uses: [.init("a")], types: ["a": .init(.integer)])) } == [
            "Content/c.json:1:14: each item must be an object of column names and values",
            "Content/c.json:1:8: a: a value must be text, a number or null, not an array",
            "Content/c.json:1:23: a: \"x\" is not a whole number (types sets a: integer)",
        ])
    }

    @Test func yaml() throws {
        let folder = try DataFolder()
        let table = try read(folder.write("s.yml", "- product: 망고\n  sold: 3\n- product: 키위\n  sold: ~\n"))
        #expect(table["product"]?.texts == ["망고", "키위"])
        #expect(table["sold"]?.numbers.first == 3)
        #expect(table["sold"]?.numbers.last?.isNaN == true)
        #expect(place(table["sold"], 0) == [2, 9])
        #expect(problems { _ = try read(folder.write("t.yml", "- a: [1\n")) }.first?.hasPrefix("Content/t.yml:") == true)
    }
}
