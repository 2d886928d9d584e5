/// Turns an expression such as `1,000 × -3 + 0.5` into a ``Formula``.
///
/// Grammar: an operand, then any number of operator–operand pairs. An operand is an optional
/// ASCII `-` sign and a number: ASCII digits, optionally grouped in threes with `,`, then an
/// optional `.` and more digits. Operators are `+ − × ÷` and the ASCII stand-ins `- * /`; an
/// ASCII `-` where an operand is expected (at the start, right after an operator) is a sign,
/// elsewhere it subtracts. Whitespace between tokens is optional and ignored. Exponent notation
/// (`1e5`) is not accepted.
public enum ExpressionParser {
    /// Parses `input`, or throws a ``CalculatorError`` naming what is wrong and at which column.
    public static func parse(_ input: String) throws(CalculatorError) -> Formula {
        var scanner = Scanner(Array(input))
        return try scanner.formula()
    }
}

/// Reads an expression character by character, keeping the position for messages.
private struct Scanner {
    let characters: [Character]
    var position = 0

    init(_ characters: [Character]) {
        self.characters = characters
    }

    /// The 1-based column of the current position.
    var column: Int { position + 1 }
    var current: Character? { position < characters.count ? characters[position] : nil }
    var atEnd: Bool { position >= characters.count }

    mutating func formula() throws(CalculatorError) -> Formula {
        skipWhitespace()
        guard !atEnd else { throw CalculatorError("the expression is empty", column: 1) }
        var operands = CalculatorItemQueue<Double>()
        var operators = CalculatorItemQueue<Operator>()
        var previous: String?
        while true {
            let operand = try self.operand(after: previous)
            operands.enqueue(operand.value)
            skipWhitespace()
            guard let symbol = current else { break }
            guard let nextOperator = Operator(symbol: symbol) else {
                throw CalculatorError(
                    "expected an operator after \(quoted(operand.text)) at column \(column), found \(quoted(word()))",
                    column: column)
            }
            operators.enqueue(nextOperator)
            previous = String(symbol)
            position += 1
        }
        return Formula(operands: operands, operators: operators)
    }

    /// An optionally signed number; `previous` is the operator before it, for messages.
    private mutating func operand(after previous: String?) throws(CalculatorError) -> (value: Double, text: String) {
        skipWhitespace()
        var negative = false
        var last = previous
        if current == "-" {
            negative = true
            last = "-"
            position += 1
            skipWhitespace()
        }
        guard let first = current, first.isDigit else {
            throw expectedNumber(after: last)
        }
        let number = try self.number()
        return (negative ? -number.value : number.value, (negative ? "-" : "") + number.text)
    }

    private func expectedNumber(after previous: String?) -> CalculatorError {
        let afterText = previous.map { " after \(quoted($0))" } ?? ""
        guard let found = current else {
            return CalculatorError("expected a number\(afterText) at the end of the expression", column: column)
        }
        var message = "expected a number\(afterText) at column \(column), found \(quoted(word()))"
        if found == Operator.subtract.rawValue {
            message += "; write a negative number with the ASCII sign \"-\", like -5"
        } else if found == "." {
            message += "; write a leading zero, like 0.5"
        }
        return CalculatorError(message, column: column)
    }

    /// Digits grouped by `,` in threes or not at all, then an optional `.` fraction.
    private mutating func number() throws(CalculatorError) -> (value: Double, text: String) {
        let start = position
        var plain = digits()
        let leadingGroupLength = plain.count
        while current == "," {
            let commaColumn = column
            position += 1
            let group = digits()
            guard leadingGroupLength <= 3, group.count == 3 else {
                throw misplacedSeparator(column: commaColumn, numberStart: start)
            }
            plain += group
        }
        if current == "." {
            position += 1
            let fraction = digits()
            guard !fraction.isEmpty else {
                throw CalculatorError("expected digits after \".\" at column \(column)", column: column)
            }
            plain += "." + fraction
            if current == "," {
                throw misplacedSeparator(column: column, numberStart: start)
            }
        }
        if current == "e" || current == "E" {
            throw CalculatorError(
                "exponent notation is not supported (\(quoted(word(from: start)))) at column \(column); write the number out in full",
                column: column)
        }
        let text = String(characters[start..<position])
        guard let value = Double(plain), value.isFinite else {
            throw CalculatorError("the number at column \(start + 1) is too large", column: start + 1)
        }
        return (value, text)
    }

    private func misplacedSeparator(column: Int, numberStart: Int) -> CalculatorError {
        CalculatorError(
            "misplaced thousands separator \",\" at column \(column) in \(quoted(word(from: numberStart))); group the digits before the \".\" in threes, like 1,000",
            column: column)
    }

    /// The ASCII digits at the current position (possibly none).
    private mutating func digits() -> String {
        var out = ""
        while let character = current, character.isDigit {
            out.append(character)
            position += 1
        }
        return out
    }

    private mutating func skipWhitespace() {
        while let character = current, character.isWhitespace { position += 1 }
    }

    /// The token starting at `start` (default: the current position), for messages: a run of
    /// letters, digits, `.` and `,`, or a single other character; long runs are cut short.
    private func word(from start: Int? = nil) -> String {
        let start = start ?? position
        guard start < characters.count else { return "" }
        guard characters[start].isWordPart else { return String(characters[start]) }
        var end = start
        while end < characters.count, characters[end].isWordPart { end += 1 }
        let limit = 16
        return end - start > limit ? String(characters[start..<start + limit]) + "…" : String(characters[start..<end])
    }

    private func quoted(_ text: String) -> String { "\"\(text)\"" }
}

extension Character {
    fileprivate var isDigit: Bool { ("0"..."9").contains(self) }
    fileprivate var isWordPart: Bool { isLetter || isNumber || self == "." || self == "," || self == "_" }
}
