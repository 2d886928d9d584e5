import ReportKit
import Testing

private struct Product: Encodable {
    var id: Int
    var name: String
    var vendor: String?
    var price: Double
    var tags: [String]
    var nested: [String: Int]
}

@Suite("JSONText")
struct JSONTextTests {
    @Test func keepsDeclarationOrderAndEscapes() throws {
        let json = try JSONText.encode(["products": [Product(id: 7, name: "\"딸기\"\n/<x>", vendor: nil, price: 12000.5, tags: [], nested: ["only": 1])]])
        #expect(json == """
        {
          "products": [
            {
              "id": 7,
              "name": "\\"딸기\\"\\n/<x>",
              "price": 12000.5,
              "tags": [],
              "nested": {
                "only": 1
              }
            }
          ]
        }

        """)
    }

    @Test func numbersAreShortestAndNonFiniteAreStrings() throws {
        #expect(try JSONText.encode([8.0, 8.4, 0.1 + 0.2, .nan, -.infinity]) == "[\n  8,\n  8.4,\n  0.30000000000000004,\n  \"NaN\",\n  \"-Infinity\"\n]\n")
    }

    @Test func sameValueSameBytes() throws {
        let value = ["b": 1, "a": 2, "c": 3]
        let first = try JSONText.encode(value)
        for _ in 0..<20 { #expect(try JSONText.encode(value) == first) }
    }
}
