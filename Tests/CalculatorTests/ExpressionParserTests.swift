import Calculator
import Testing

@Suite("ExpressionParser")
struct ExpressionParserTests {
    @Test("operands and operators land in their queues")
    func queues() throws {
        #expect(try ExpressionParser.parse("1 + 2 × 3") == Formula(operands: [1, 2, 3], operators: [.add, .multiply]))
        #expect(try ExpressionParser.parse("10 ÷ 4 − 1") == Formula(operands: [10, 4, 1], operators: [.divide, .subtract]))
    }

    @Test("ASCII operators and no spaces", arguments: [
        ("2*3/4", 1.5), ("2 * 3 / 4", 1.5), ("7-2", 5), ("7 - 2", 5), ("10/4", 2.5),
        ("1+2×3", 9), ("  42  ", 42), ("1 +\t2", 3),
    ])
    func asciiAndSpacing(expression: String, expected: Double) throws {
        #expect(try ExpressionParser.parse(expression).result() == expected)
    }

    @Test("ASCII minus is a sign at the start and after an operator, else it subtracts", arguments: [
        ("-5 − 3", -8), ("-5-3", -8), ("7 - -2", 9), ("7--2", 9), ("7 − -2", 9), ("-2 × -3", 6),
        ("- 5", -5), ("2 × - 3", -6), ("-0", 0),
    ])
    func signs(expression: String, expected: Double) throws {
        #expect(try ExpressionParser.parse(expression).result() == expected)
    }

    @Test("numbers with fractions and thousands separators", arguments: [
        ("1,000", 1_000), ("1,000,000.25", 1_000_000.25), ("999,999", 999_999), ("12,345.5", 12_345.5),
        ("1000000", 1_000_000), ("0.5", 0.5), ("007", 7), ("-1,234.5", -1_234.5),
    ])
    func numbers(expression: String, expected: Double) throws {
        let formula = try ExpressionParser.parse(expression)
        #expect(formula == Formula(operands: [expected], operators: []))
    }

    @Test("malformed expressions are rejected with what and where", arguments: [
        ("1 + + 2", #"expected a number after "+" at column 5, found "+""#, 5),
        ("abc", #"expected a number at column 1, found "abc""#, 1),
        ("1 +", #"expected a number after "+" at the end of the expression"#, 4),
        ("", "the expression is empty", 1),
        ("   ", "the expression is empty", 1),
        ("-", #"expected a number after "-" at the end of the expression"#, 2),
        ("1 + --2", #"expected a number after "-" at column 6, found "-""#, 6),
        ("+5", #"expected a number at column 1, found "+""#, 1),
        ("(1+2)", #"expected a number at column 1, found "(""#, 1),
        ("2 3", #"expected an operator after "2" at column 3, found "3""#, 3),
        ("2 x 3", #"expected an operator after "2" at column 3, found "x""#, 3),
        ("-2 % 3", #"expected an operator after "-2" at column 4, found "%""#, 4),
        ("1.5.3", #"expected an operator after "1.5" at column 4, found ".3""#, 4),
        ("5.", #"expected digits after "." at column 3"#, 3),
        (".5", #"expected a number at column 1, found ".5"; write a leading zero, like 0.5"#, 1),
    ])
    func malformed(expression: String, message: String, column: Int) {
        #expect(throws: CalculatorError(message, column: column)) {
            try ExpressionParser.parse(expression)
        }
    }

    @Test("thousands separators must split the integer part in threes", arguments: [
        ("1,00", 2, "1,00"), ("1,0000", 2, "1,0000"), ("1234,567", 5, "1234,567"), ("1,000,00", 6, "1,000,00"),
        ("1,", 2, "1,"), ("1, 000", 2, "1,"), ("1.000,5", 6, "1.000,5"), ("2 + 1,00 × 3", 6, "1,00"),
    ])
    func badSeparators(expression: String, column: Int, number: String) {
        let message = #"misplaced thousands separator "," at column \#(column) in "\#(number)"; group the digits before the "." in threes, like 1,000"#
        #expect(throws: CalculatorError(message, column: column)) {
            try ExpressionParser.parse(expression)
        }
    }

    @Test("exponent notation is rejected, not half-read", arguments: [("1e5", 2, "1e5"), ("2.5E3 + 1", 4, "2.5E3")])
    func exponentNotation(expression: String, column: Int, number: String) {
        let message = #"exponent notation is not supported ("\#(number)") at column \#(column); write the number out in full"#
        #expect(throws: CalculatorError(message, column: column)) {
            try ExpressionParser.parse(expression)
        }
    }

    @Test("the Unicode minus is only an operator: it cannot sign a number")
    func unicodeMinusIsNotASign() throws {
        #expect(try ExpressionParser.parse("5 − -3").result() == 8)
        #expect(try ExpressionParser.parse("5−3").result() == 2)
        let hint = #"; write a negative number with the ASCII sign "-", like -5"#
        #expect(throws: CalculatorError(#"expected a number after "−" at column 5, found "−""# + hint, column: 5)) {
            try ExpressionParser.parse("5 − −3")
        }
        #expect(throws: CalculatorError(#"expected a number at column 1, found "−""# + hint, column: 1)) {
            try ExpressionParser.parse("−5")
        }
    }

    @Test("a number too large for a Double is an error, not infinity")
    func tooLarge() {
        let huge = "1" + String(repeating: "0", count: 400)
        #expect(throws: CalculatorError("the number at column 5 is too large", column: 5)) {
            try ExpressionParser.parse("2 + " + huge)
        }
    }

    @Test("long words are cut short in messages")
    func longWordCut() {
        #expect(throws: CalculatorError(#"expected a number at column 1, found "abcdefghijklmnop…""#, column: 1)) {
            try ExpressionParser.parse("abcdefghijklmnopqrstuvwxyz")
        }
    }
}
