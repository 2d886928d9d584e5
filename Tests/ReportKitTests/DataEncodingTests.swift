import ReportKit
import Testing

/// CSV and JSON from `Codable` models.
@Suite struct DataEncodingTests {
    struct Row: Encodable {
        let name: String
        let count: Int
        let share: Double?
        let ok: Bool
        let skipped: String
    }

    struct Ticks: ExactNumber {
        let numberText: String
    }

    @Test func csvPlacesEachKeyInItsColumn() throws {
        let rows = [
            Row(name: "a, \"b\"", count: 12_000, share: 0.25, ok: true, skipped: "x"),
            Row(name: "망고", count: -1, share: nil, ok: false, skipped: "y"),
        ]
        #expect(try CSVText.encode(rows, columns: ["share", "name", "count", "ok"])
            == "share,name,count,ok\n0.25,\"a, \"\"b\"\"\",12000,true\n,망고,-1,false\n")
        #expect(try CSVText.encode([Row](), columns: ["name"]) == "name\n")
    }

    @Test func csvRefusesNestedValues() {
        struct Nested: Encodable { let list: [Int] }
        #expect(throws: EncodingError.self) { try CSVText.encode([Nested(list: [1])], columns: ["list"]) }
    }

    @Test func numbersHaveOneText() {
        #expect(CSVText.number(24_400) == "24400")
        #expect(CSVText.number(0.1 + 0.2) == "0.30000000000000004")
        #expect(CSVText.number(1e21) == "1e+21")
        #expect(CSVText.number(-0.5) == "-0.5")
    }

    /// A flat record: one line in JSON, one row in CSV, from the same fields.
    struct Visit: FlatRecord {
        let number: Int
        let at: Ticks
        let teller: String?

        static let fieldNames = ["number", "at", "teller"]

        func writeFields(_ field: (ScalarValue) -> Void) {
            field(number.scalarValue)
            field(at.scalarValue)
            field(teller.scalarValue)
        }
    }

    @Test func flatRecordsAndExactNumbers() throws {
        struct Whole: Encodable {
            let records: [Visit]
            let map: KeyedValues<Int>
        }
        let visits = [
            Visit(number: 1, at: Ticks(numberText: "0.700000"), teller: "예금 1, \"a\""),
            Visit(number: 2, at: Ticks(numberText: "1.000001"), teller: nil),
        ]
        #expect(try JSONText.encode(Whole(records: visits, map: KeyedValues([("예금 1", 1), ("b", 2)]))) == """
            {
              "records": [
                {"number": 1, "at": 0.700000, "teller": "예금 1, \\"a\\""},
                {"number": 2, "at": 1.000001, "teller": null}
              ],
              "map": {
                "예금 1": 1,
                "b": 2
              }
            }

            """)
        #expect(CSVText.records(visits, columns: Visit.fieldNames)
            == "number,at,teller\n1,0.700000,\"예금 1, \"\"a\"\"\"\n2,1.000001,\n")
    }

    @Test func oneCellWriterQuotesOnlyText() {
        #expect(CSVText.cell(.string("a,b")) == "\"a,b\"")
        #expect(CSVText.cell(.number("-9")) == "-9")
        #expect(CSVText.cell(.bool(false)) == "false")
        #expect(CSVText.cell(.null) == "")
    }
}
