/// Escaping and URL checks for HTML. Every piece of data written into HTML goes through ``escape(_:)``.
public enum HTML {
    /// Escapes text for element content and quoted attribute values (`& < > " '`).
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// The URL if it is an absolute `http` or `https` URL without characters that could break out
    /// of an attribute; nil otherwise (`javascript:`, `data:`, relative paths, garbage).
    public static func safeHTTPURL(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace, !text.isEmpty else { return nil }
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        let forbidden: Set<Character> = ["\"", "'", "<", ">", " ", "\\", "`", "\n", "\r", "\t"]
        guard !text.contains(where: { forbidden.contains($0) }), text.count > lower.prefix(8).count else { return nil }
        return text
    }
}

extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
