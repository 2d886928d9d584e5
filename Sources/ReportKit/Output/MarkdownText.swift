/// Helpers for the `.md` reports, which must read well on their own.
public enum MarkdownText {
    /// Escapes text for a table cell or inline text: `|`, `\`, `*`, `_`, `` ` ``, `[`, `]`, `<`, `>`,
    /// `#`, `~`, and folds newlines.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { isMark($0) || isLineEnd($0) }) else { return text }
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
        guard text.utf8.contains(where: { isURLMark($0) || isLineEnd($0) }) else { return text }
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

    // The bytes a character that ``escape(_:)`` or ``url(_:)`` changes must hold: text without
    // them is returned as it is, without walking its characters.

    /// The ASCII marks ``escape(_:)`` puts a backslash before.
    private static func isMark(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "#"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// What ``url(_:)`` percent-encodes.
    private static func isURLMark(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
    }

    /// The bytes line ends start with: 0A–0D, C2 (U+0085), E2 (U+2028, U+2029).
    private static func isLineEnd(_ byte: UInt8) -> Bool {
        (0x0A...0x0D).contains(byte) || byte == 0xC2 || byte == 0xE2
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
