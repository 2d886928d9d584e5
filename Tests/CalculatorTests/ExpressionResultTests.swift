import Calculator
import Testing

/// Whole expressions, parsed, worked out and formatted as the tape shows them.
@Suite("Expression results")
struct ExpressionResultTests {
    private func tape(_ expression: String) throws -> String {
        CalculatorNumberFormat.text(try ExpressionParser.parse(expression).result())
    }

    @Test("results from the specification", arguments: [
        ("1 + 2 × 3", "9"), ("2 − 5 × 3", "-9"), ("10 ÷ 0", "NaN"), ("1,000 × 3", "3,000"),
        ("0.1 + 0.2", "0.30000000000000004"), ("-5 − 3", "-8"), ("5 ÷ 2", "2.5"), ("7 - -2", "9"),
    ])
    func specification(expression: String, expected: String) throws {
        #expect(try tape(expression) == expected)
    }

    @Test("more results", arguments: [
        ("2*3/4", "1.5"), ("1,000,000 × 1,000,000 × 1,000,000", "1,000,000,000,000,000,000"),
        ("1,000,000 × 1,000,000 × 1,000,000 × 1,000", "1e+21"), ("1 ÷ 3", "0.3333333333333333"),
        ("3 − 3", "0"), ("-1 × 0", "0"), ("0 ÷ 0", "NaN"), ("10 ÷ 0 + 1", "NaN"),
        ("1,234.5 − 2,469", "-1,234.5"), ("19.99 + 5.01", "25"), ("42", "42"),
    ])
    func more(expression: String, expected: String) throws {
        #expect(try tape(expression) == expected)
    }
}
