/// Helpers for the `.md` reports, which must read well on their own.
public enum MarkdownText {
    /// Escapes text for a table cell or inline text: `|`, `\`, `*`, `_`, `` ` ``, `[`, `]`, `<`, `>`,
    /// and folds newlines.
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|", "\\", "*", "_", "`", "[", "]", "<", ">", "#":
                out.append("\\")
                out.append(character)
            case "\n", "\r":
                out.append(" ")
            default:
                out.append(character)
            }
        }
        return out
    }

    /// A GitHub-flavoured table. `alignRight` marks numeric columns by index.
    public static func table(headers: [String], rows: [[String]], alignRight: Set<Int> = []) -> String {
        var out = "| " + headers.map(escape).joined(separator: " | ") + " |\n"
        out += "|" + headers.indices.map { alignRight.contains($0) ? " ---: |" : " --- |" }.joined() + "\n"
        for row in rows {
            out += "| " + row.map(escape).joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// Summary figures as a bullet list: `- **Customers:** 23`.
    public static func figures(_ items: [(label: String, value: String)]) -> String {
        items.map { "- **\(escape($0.label)):** \(escape($0.value))" }.joined(separator: "\n") + "\n"
    }
}
