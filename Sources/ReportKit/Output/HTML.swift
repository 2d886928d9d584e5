/// Small helpers for writing HTML fragments safely. Every piece of data goes through ``escape(_:)``.
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

    /// A table with a caption and scoped header cells. Cells are escaped unless given as ``Cell/html(_:)``.
    public static func table(caption: String, headers: [String], rows: [[Cell]], className: String? = nil) -> String {
        var out = "<div class=\"table-wrap\"><table\(className.map { " class=\"\(escape($0))\"" } ?? "")>\n"
        out += "<caption>\(escape(caption))</caption>\n<thead><tr>"
        for header in headers { out += "<th scope=\"col\">\(escape(header))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr>"
            for cell in row { out += cell.rendered }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table></div>\n"
        return out
    }

    /// A table cell.
    public struct Cell: Sendable {
        let rendered: String

        /// A data cell with escaped text, optionally with classes (e.g. `num`, `changed`).
        public static func text(_ text: String, classes: String? = nil) -> Cell {
            Cell(rendered: "<td\(classAttribute(classes))>\(escape(text))</td>")
        }

        /// A numeric cell, right-aligned by the stylesheet.
        public static func number(_ text: String, classes: String? = nil) -> Cell {
            let all = ["num", classes].compactMap { $0 }.joined(separator: " ")
            return Cell(rendered: "<td class=\"\(escape(all))\">\(escape(text))</td>")
        }

        /// A row header cell (`<th scope="row">`).
        public static func header(_ text: String, classes: String? = nil) -> Cell {
            Cell(rendered: "<th scope=\"row\"\(classAttribute(classes))>\(escape(text))</th>")
        }

        /// A cell whose content is already-safe HTML.
        public static func html(_ html: String, classes: String? = nil) -> Cell {
            Cell(rendered: "<td\(classAttribute(classes))>\(html)</td>")
        }

        private static func classAttribute(_ classes: String?) -> String {
            guard let classes, !classes.isEmpty else { return "" }
            return " class=\"\(escape(classes))\""
        }
    }

    /// Summary figures as a definition list: `<dl class="figures">`.
    public static func figures(_ items: [(label: String, value: String)]) -> String {
        var out = "<dl class=\"figures\">\n"
        for item in items {
            out += "<div><dt>\(escape(item.label))</dt><dd>\(escape(item.value))</dd></div>\n"
        }
        return out + "</dl>\n"
    }

    /// Download links for a report's data files: `<p class="downloads">`.
    public static func downloads(_ links: [(label: String, file: String)]) -> String {
        let items = links.map { "<a href=\"\(escape($0.file))\" download>\(escape($0.label))</a>" }
        return "<p class=\"downloads\">Download: \(items.joined(separator: " · "))</p>\n"
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
