import Basics
import Foundation

/// A simple condition on a row, as a block writes it: `stock < 5`, `region = 서울`,
/// `day >= 2024-03-01`, `note != ""`. The column comes first, then one of `=` `!=` `<` `<=` `>`
/// `>=`, then a value (quotes optional). Numbers and dates compare as such; text compares as
/// written. A missing value never matches, except `!= ""` and `= ""`, which test for one.
public struct RowCondition: Sendable, Equatable {
    public enum Operator: String, Sendable, CaseIterable {
        case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    public var column: String
    public var op: Operator
    /// The value as written, without quotes.
    public var value: String
    /// The line in the page.
    public var line: Int?

    /// Reads `stock < 5`.
    /// - Throws: a ``Diagnostic`` at `line` saying how a condition is written.
    public init(_ text: String, line: Int?, key: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // The first operator after the column name: two-character operators first.
        var found: (range: Range<String.Index>, op: Operator)?
        var index = trimmed.startIndex
        while index < trimmed.endIndex, found == nil {
            for op in [Operator.lessOrEqual, .greaterOrEqual, .notEqual, .less, .greater, .equal] where trimmed[index...].hasPrefix(op.rawValue) {
                var end = trimmed.index(index, offsetBy: op.rawValue.count)
                // `==` reads as `=`.
                if op == .equal, end < trimmed.endIndex, trimmed[end] == "=" { end = trimmed.index(after: end) }
                found = (index..<end, op)
                break
            }
            if found == nil { index = trimmed.index(after: index) }
        }
        guard let found else {
            throw Diagnostic(line: line, "\(key) must be a condition like \"stock < 5\" (a column, one of = != < <= > >=, a value), got \"\(text)\"")
        }
        column = String(trimmed[..<found.range.lowerBound]).trimmingCharacters(in: .whitespaces)
        var value = String(trimmed[found.range.upperBound...]).trimmingCharacters(in: .whitespaces)
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
        }
        guard !column.isEmpty else {
            throw Diagnostic(line: line, "\(key) must start with a column name, like \"stock < 5\", got \"\(text)\"")
        }
        op = found.op
        self.value = value
        self.line = line
    }

    /// Whether row `row` of `column` (the column this condition names) matches.
    public func matches(_ column: DataColumn, row: Int) -> Bool {
        let text = column.texts[row]
        if value.isEmpty {
            switch op {
            case .equal: return text.isEmpty
            case .notEqual: return !text.isEmpty
            default: return false
            }
        }
        guard !text.isEmpty else { return false }
        if column.type.isNumeric, let target = column.type.number(value) {
            let number = column.numbers[row]
            switch op {
            case .equal: return number == target
            case .notEqual: return number != target
            case .less: return number < target
            case .lessOrEqual: return number <= target
            case .greater: return number > target
            case .greaterOrEqual: return number >= target
            }
        }
        switch op {
        case .equal: return text == value
        case .notEqual: return text != value
        case .less: return text < value
        case .lessOrEqual: return text <= value
        case .greater: return text > value
        case .greaterOrEqual: return text >= value
        }
    }

    /// Checks that the value suits the column: a number for a number column, a date for a date
    /// column (text columns take any value).
    public func check(against column: DataColumn) throws {
        guard column.type.isNumeric, !value.isEmpty, column.type.number(value) == nil, op != .equal, op != .notEqual else { return }
        throw Diagnostic(line: line, "\(column.name) holds \(column.type == .date ? "dates (YYYY-MM-DD)" : "numbers"), so \"\(value)\" cannot be compared with it")
    }
}
