import Basics
import Testing

@Suite struct DiagnosticTests {
    @Test func aColumnFollowsTheLine() {
        #expect(Diagnostic(file: "Content/shop/sales.csv", line: 14, column: 3, "price: \"12a\" is not a number").description
            == "Content/shop/sales.csv:14:3: price: \"12a\" is not a number")
        #expect(Diagnostic(line: 2, column: 7, "x").description == "line 2:7: x")
    }

    @Test func aColumnWithoutALineIsNotShown() {
        #expect(Diagnostic(file: "Content/a.csv", column: 3, "empty").description == "Content/a.csv: empty")
        #expect(Diagnostic(file: "Content/a.md", line: 4, "bad").description == "Content/a.md:4: bad")
    }

    @Test func locatingKeepsTheColumn() {
        let located = Diagnostic(line: 5, column: 2, "bad").located(in: "Content/a.csv", prefix: "table")
        #expect(located.description == "Content/a.csv:5:2: table: bad")
    }
}
