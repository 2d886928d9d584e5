/// RFC 4180 CSV with `\n` line ends.
public enum CSVText {
    /// A CSV document: a header row then the rows; fields quoted when they need it.
    public static func document(header: [String], rows: [[String]]) -> String {
        var out = line(header)
        for row in rows { out += line(row) }
        return out
    }

    /// One CSV line ending in `\n`.
    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    /// A field, quoted when it holds a comma, quote or line break.
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
