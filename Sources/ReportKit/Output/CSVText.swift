/// RFC 4180 CSV with `\n` line ends, safe to open in a spreadsheet.
///
/// Text cells follow OWASP's rule against formula injection: a text cell beginning with `=`, `+`,
/// `-`, `@`, a tab or a carriage return is prefixed with `'`, so a spreadsheet shows it as text and
/// never runs it (`=HYPERLINK(…)` → `'=HYPERLINK(…)`). Number cells (``CSVCell/number(_:)``) are
/// written as they are, so `-9` stays a number.
///
/// Files named `*.csv` that a report offers for download start with a UTF-8 byte-order mark
/// (``byteOrderMark``, added by ``ReportFile``): without it Excel on Windows reads the file in the
/// system code page and garbles Korean text. Output printed to a terminal (`--format csv`) has none.
public enum CSVText {
    /// U+FEFF, written first in CSV downloads.
    public static let byteOrderMark = "\u{FEFF}"

    /// A CSV document: a header row (text) then the rows.
    public static func document(header: [String], rows: [[CSVCell]]) -> String {
        var out = line(header)
        for row in rows { out += line(row) }
        return out
    }

    /// One CSV line of text cells, ending in `\n`.
    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    /// One CSV line ending in `\n`.
    public static func line(_ cells: [CSVCell]) -> String {
        cells.map(\.field).joined(separator: ",") + "\n"
    }

    /// A text cell: prefixed with `'` when a spreadsheet would read it as a formula, quoted when
    /// it holds a comma, quote or line break.
    public static func field(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, formulaStarts.contains(first) { text = "'" + text }
        return quoted(text)
    }

    /// The first characters that make a spreadsheet read a cell as a formula (OWASP).
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    static func quoted(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// One cell of a CSV row: text, or a number a spreadsheet should read as a number.
public enum CSVCell: Sendable, Equatable {
    /// Text: see ``CSVText/field(_:)``.
    case text(String)
    /// A number as written (`12000`, `-9`, `0.5`, `1.5e+21`, `3,000`, `NaN`). A value that is not a
    /// number after all is written as text, so this can never smuggle in a formula.
    case number(String)

    /// A whole number.
    public static func integer(_ value: some BinaryInteger) -> CSVCell { .number(String(value)) }

    /// The cell as it appears in the file.
    public var field: String {
        switch self {
        case .text(let text): CSVText.field(text)
        case .number(let text): Self.isNumber(text) ? CSVText.quoted(text) : CSVText.field(text)
        }
    }

    /// Digits with an optional sign, `,` group separators, fraction and exponent; or NaN/inf.
    static func isNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        if ["NaN", "nan", "inf", "Infinity"].contains(String(scalars)) { return true }
        let isDigit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
        guard let first = scalars.first, isDigit(first) else { return false }
        var seenDot = false, seenExponent = false
        var previous: Unicode.Scalar = first
        for scalar in scalars.dropFirst() {
            switch scalar {
            case "0"..."9": break
            case "," where !seenDot && !seenExponent && isDigit(previous): break
            case "." where !seenDot && !seenExponent && isDigit(previous): seenDot = true
            case "e" where !seenExponent && isDigit(previous), "E" where !seenExponent && isDigit(previous): seenExponent = true
            case "+" where previous == "e" || previous == "E", "-" where previous == "e" || previous == "E": break
            default: return false
            }
            previous = scalar
        }
        return isDigit(previous)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
