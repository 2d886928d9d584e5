/// Helpers for the `.md` reports, which must read well on their own.
public enum MarkdownText {
    /// Escapes text for a table cell or inline text: `|`, `\`, `*`, `_`, `` ` ``, `[`, `]`, `<`, `>`,
    /// `#`, `~`, and folds newlines.
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|", "\\", "*", "_", "`", "[", "]", "<", ">", "#", "~":
                out.append("\\")
                out.append(character)
            case _ where character.isNewline:
                out.append(" ")
            default:
                out.append(character)
            }
        }
        return out
    }

    /// A link target for `[text](url)` and `![alt](url)`: spaces, parentheses and angle brackets
    /// percent-encoded so the target cannot end early.
    public static func url(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case " ": out += "%20"
            case "(": out += "%28"
            case ")": out += "%29"
            case "<": out += "%3C"
            case ">": out += "%3E"
            case _ where character.isNewline: break
            default: out.append(character)
            }
        }
        return out
    }

    /// A code fence longer than any run of backticks in `lines` (at least three).
    public static func fence(for lines: [String]) -> String {
        var longest = 0
        for line in lines {
            var run = 0
            for character in line {
                run = character == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }
}
