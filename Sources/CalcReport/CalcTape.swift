import Basics
import Calculator
import ReportKit

/// A calculator tape: every expression of a `calc` block worked out, in the order written.
public struct CalcTape: Sendable, Equatable {
    /// One line of the tape: `2 − 5 × 3 = -9`.
    public struct Entry: Sendable, Equatable {
        /// The line in the page's file.
        public var line: Int
        /// The expression as written, without surrounding whitespace.
        public var expression: String
        /// The value, worked strictly left to right.
        public var value: Double
        /// The value as the tape shows it (`3,000`, `NaN`).
        public var result: String
    }

    /// The expressions in the order written.
    public var entries: [Entry]

    /// The most expressions of one block (100,000 lines made a 10 MB page).
    public static let maximumExpressions = 10_000
    /// The most bytes of one block's body: a few long lines are as much work as many short ones.
    public static let maximumBytes = 1 << 20

    /// Works out every non-empty line of a block body.
    ///
    /// Throws one ``Diagnostic`` per malformed line — all of them, not just the first — each at
    /// its line in the page (`lineOffset` + the 1-based body line), and one at `lineOffset` when
    /// the body holds no expression at all. A body larger than ``maximumBytes`` or with more than
    /// ``maximumExpressions`` is refused before any line is worked out.
    public init(source: String, lineOffset: Int) throws {
        let bytes = source.utf8.count
        if bytes > Self.maximumBytes {
            throw Diagnostic(
                line: lineOffset,
                "the block holds \(FileInput.roughSize(bytes)), more than the \(FileInput.size(Self.maximumBytes)) a calc block may; split it over several blocks or pages")
        }
        let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let expressions = lines.indices.compactMap { index in
            let expression = String(lines[index]).trimmingWhitespace
            return expression.isEmpty ? nil : (line: lineOffset + index + 1, expression: expression)
        }
        if expressions.count > Self.maximumExpressions {
            throw Diagnostic(
                line: expressions[Self.maximumExpressions].line,
                "the tape holds \(NumberText.grouped(expressions.count)) expressions, more than the \(NumberText.grouped(Self.maximumExpressions)) a calc block may (this is the first past them); split it over several blocks or pages")
        }
        var collector = DiagnosticCollector()
        var entries: [Entry] = []
        for (line, expression) in expressions {
            do {
                let value = try ExpressionParser.parse(expression).result()
                entries.append(Entry(line: line, expression: expression, value: value, result: CalculatorNumberFormat.text(value)))
            } catch {
                collector.add(Diagnostic(line: line, Self.message(for: error, in: expression)))
            }
        }
        if entries.isEmpty && collector.items.isEmpty {
            collector.add(Diagnostic(line: lineOffset, "the block has no expressions; write one per line, like \"2 − 5 × 3\""))
        }
        try collector.check()
        self.entries = entries
    }

    /// Works out one expression and gives the result as the tape shows it: `"2 − 5 × 3"` → `"-9"`.
    /// Throws a ``Diagnostic`` naming the expression, what is wrong and the column.
    public static func result(of expression: String) throws -> String {
        try entry(of: expression).result
    }

    /// `sitegen calc`: one expression as a report whose text is the result alone (`-9`), whose
    /// Markdown is a tape of one line, and whose data is that tape's JSON and CSV.
    /// Throws as ``result(of:)`` does.
    public static func report(of expression: String) throws -> CommandReport {
        let entry = try entry(of: expression)
        let tape = CalcTape(entries: [entry])
        return CommandReport(document: { try tape.document(id: "calc-1") }, text: entry.result, json: { try tape.json() }, csv: { try tape.csv() })
    }

    private init(entries: [Entry]) {
        self.entries = entries
    }

    /// One expression worked out, as line 1 of a tape.
    private static func entry(of expression: String) throws -> Entry {
        let trimmed = expression.trimmingWhitespace
        do {
            let value = try ExpressionParser.parse(trimmed).result()
            return Entry(line: 1, expression: trimmed, value: value, result: CalculatorNumberFormat.text(value))
        } catch {
            throw Diagnostic(trimmed.isEmpty ? error.message : message(for: error, in: trimmed))
        }
    }

    /// `"1 + + 2": expected a number after "+" at column 5, found "+"`.
    private static func message(for error: CalculatorError, in expression: String) -> String {
        "\"\(expression)\": \(error.message)"
    }
}

extension String {
    /// The text without leading and trailing whitespace.
    var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
