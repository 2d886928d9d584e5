import Basics
import CalcReport
import ReportKit
import Testing

@Suite("CalcTape")
struct CalcTapeTests {
    @Test("entries keep the page line, the trimmed expression, the value and its text")
    func entries() throws {
        let tape = try CalcTape(source: "\n  5 ÷ 2 \n10/0", lineOffset: 4)
        #expect(tape.entries.map(\.line) == [6, 7])
        #expect(tape.entries.map(\.expression) == ["5 ÷ 2", "10/0"])
        #expect(tape.entries.map(\.result) == ["2.5", "NaN"])
        #expect(tape.entries[0].value == 2.5)
        #expect(tape.entries[1].value.isNaN)
    }

    @Test("one expression evaluates to the text the CLI prints", arguments: [
        ("2 − 5 × 3", "-9"), ("  1,000 × 3 ", "3,000"), ("0.1+0.2", "0.30000000000000004"),
        ("1,000,000 × 1,000,000 × 1,000,000 × 1,000", "1e+21"), ("-0", "0"),
    ])
    func result(expression: String, expected: String) throws {
        #expect(try CalcTape.result(of: expression) == expected)
    }

    @Test("a malformed expression throws a diagnostic naming it")
    func resultError() {
        #expect(throws: Diagnostic(#""1 + + 2": expected a number after "+" at column 5, found "+""#)) {
            try CalcTape.result(of: "1 + + 2")
        }
        #expect(throws: Diagnostic("the expression is empty")) {
            try CalcTape.result(of: "  ")
        }
    }
}
