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

    @Test func singleLineRecordsAndExactNumbers() throws {
        struct Record: Encodable, SingleLineJSON {
            let number: Int
            let at: Ticks
            let tags: [String]
        }
        struct Whole: Encodable {
            let records: [Record]
            let map: KeyedValues<Int>
        }
        let whole = Whole(
            records: [Record(number: 1, at: Ticks(numberText: "0.700000"), tags: ["a"]), Record(number: 2, at: Ticks(numberText: "1.000001"), tags: [])],
            map: KeyedValues([("예금 1", 1), ("b", 2)]))
        #expect(try JSONText.encode(whole) == """
            {
              "records" : [
                {"number" : 1, "at" : 0.700000, "tags" : ["a"]},
                {"number" : 2, "at" : 1.000001, "tags" : []}
              ],
              "map" : {
                "예금 1" : 1,
                "b" : 2
              }
            }

            """)
    }
}
