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

    /// Issue 31: a 100,000-line block was worked out and rendered (74.6 s in a debug build)
    /// before its page was refused for its size. The tape's size is checked before any line is
    /// worked out: one error at the first expression past the limit, and no other (the malformed
    /// first line is never read).
    @Test("a tape of more expressions than the limit is refused before any is worked out")
    func tooManyExpressions() throws {
        let lines = ["1 + + 2"] + (2...CalcTape.maximumExpressions + 5).map { "\($0) × 2" }
        let expected = Diagnostic(
            line: 4 + CalcTape.maximumExpressions + 1,
            "the tape holds 10,005 expressions, more than the 10,000 a calc block may (this is the first past them); split it over several blocks or pages")
        #expect(throws: expected) { try CalcTape(source: lines.joined(separator: "\n"), lineOffset: 4) }
        // Empty lines do not count; 10,000 expressions are worked out.
        let full = (1...CalcTape.maximumExpressions).map { "\($0) + 1\n" }.joined(separator: "\n")
        #expect(try CalcTape(source: full, lineOffset: 4).entries.count == 10_000)
    }

    /// A few long lines are as much work as many short ones: the body's bytes are limited too.
    @Test("a block of more bytes than the limit is refused at its fence")
    func tooManyBytes() {
        let line = String(repeating: "1 + ", count: 25_000) + "1"
        let source = Array(repeating: line, count: 11).joined(separator: "\n")
        #expect(throws: Diagnostic(line: 4, "the block holds 1.1 MB, more than the 1 MB a calc block may; split it over several blocks or pages")) {
            try CalcTape(source: source, lineOffset: 4)
        }
    }
}

