/// Text made safe for a terminal: messages quote user content (page text, calc lines, product
/// names), which must never move the cursor, change colours, retitle the window or flood the
/// screen.
public enum TerminalText {
    /// The longest line printed whole; a longer one keeps its start and says how much was cut.
    public static let maxLineLength = 1_000

    /// `text` with control and bidirectional-formatting characters other than line feeds and tabs
    /// written as `\u{1B}`-style escapes, and each line longer than `maxLength` Unicode scalars cut
    /// to its first `maxLength` with `… (N more characters)`.
    public static func safe(_ text: String, maxLength: Int = maxLineLength) -> String {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var out = String.UnicodeScalarView()
            for (index, scalar) in line.enumerated() {
                if index == maxLength {
                    return String(out) + "… (\(line.count - index) more characters)"
                }
                if scalar != "\t" && (scalar.properties.generalCategory == .control || isBidiControl(scalar)) {
                    out.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}").unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
            return String(out)
        }.joined(separator: "\n")
    }

    /// Marks that reorder text on screen (U+202A…U+202E, U+2066…U+2069, U+200E, U+200F).
    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x200E || scalar.value == 0x200F
    }
}
