import ReportKit

/// The site's search index: one entry per page a reader can land on — every content page and the
/// extra pages its reports add (a product's detail page) — in reading order. The search page loads
/// it as a script (``SearchIndex/scriptPath``) that sets `window.sitegenSearch`, because a page
/// opened from disk may not fetch files but may always load a script beside it.
struct SearchIndex: Sendable, Equatable {
    /// A page as the search shows and matches it.
    struct Entry: Sendable, Equatable {
        /// The HTML file relative to the site root, percent-encoded (`bank/morning/index.html`).
        var path: String
        var title: String
        /// The navigation entry of the page's section, or the page an extra page belongs to; empty
        /// for pages at the root.
        var section: String
        /// What else the page is found by, in order: its description (else its first paragraph),
        /// headings, terms and its reports' text, joined with ` · `, at most
        /// ``SearchIndex/longestText`` characters.
        var text: String
    }

    var entries: [Entry]

    /// The search page.
    static let pagePath = "search/index.html"
    /// The index, beside the search page.
    static let scriptPath = "search/search-index.js"
    /// An entry's text is cut here (at a separator when it can be), so the index stays small
    /// however long the reports are.
    static let longestText = 1000

    /// The entries of one page: the page itself, then the extra pages its reports add.
    /// - Parameters:
    ///   - reports: the page's reports, in block order.
    ///   - sections: the navigation's title of each section folder.
    static func entries(of parsed: ParsedPage, reports: [Report], sections: [String: String]) -> [Entry] {
        let page = parsed.page
        var parts = [page.frontMatter.description ?? parsed.summary] + parsed.headings
        parts += page.frontMatter.terms.keys.sorted().flatMap { page.frontMatter.terms[$0] ?? [] }
        parts += reports.flatMap { $0.document.searchText }
        var entries = [Entry(
            path: SitePath.percentEncoded(page.htmlPath), title: page.title,
            section: page.section.isEmpty ? "" : sections[page.section] ?? page.section,
            text: Self.text(parts)
        )]
        for extra in reports.flatMap(\.pages) {
            entries.append(Entry(
                path: SitePath.percentEncoded(SitePath.join(SitePath.join(page.folder, extra.path), "index.html")),
                title: extra.title, section: page.title, text: Self.text(extra.document.searchText)
            ))
        }
        return entries
    }

    /// `parts` without empty or repeated ones, joined with ` · ` and cut to ``longestText``.
    static func text(_ parts: [String]) -> String {
        var seen = Set<String>()
        var out = ""
        // The characters in `out`, kept as it grows rather than counted again for every part.
        var count = 0
        for part in parts {
            let (line, lineCount) = collapsingWhitespace(part)
            guard !line.isEmpty, seen.insert(line).inserted else { continue }
            var nextCount = out.isEmpty ? lineCount : count + 3 + lineCount
            // A line that starts with a combining mark joins the space before it into one character.
            if !out.isEmpty, let first = line.unicodeScalars.first, (" " + String(first)).count == 1 { nextCount -= 1 }
            guard nextCount <= longestText else {
                if out.isEmpty { out = String(line.prefix(longestText)) }
                break
            }
            out = out.isEmpty ? line : out + " · " + line
            count = nextCount
        }
        return out
    }

    /// `text` with each run of white space made one space and none at the ends, and its length in
    /// characters; ASCII text is done over bytes.
    static func collapsingWhitespace(_ text: String) -> (String, Int) {
        var text = text
        let ascii: [UInt8]? = text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = !out.isEmpty
                } else {
                    if pendingSpace { out.append(0x20) }
                    pendingSpace = false
                    out.append(byte)
                }
            }
            return out
        }
        if let ascii { return (String(decoding: ascii, as: UTF8.self), ascii.count) }
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return (line, line.count)
    }

    /// The script that carries the index: `window.sitegenSearch={"pages":[[path,title,section,text],…]};`
    /// with one page a line.
    var script: String {
        var out = "window.sitegenSearch={\"pages\":[\n"
        out += entries.map { entry in
            "[" + [entry.path, entry.title, entry.section, entry.text].map(Self.json).joined(separator: ",") + "]"
        }.joined(separator: ",\n")
        return out + "\n]};\n"
    }

    /// A JSON string literal; line and paragraph separators escaped too, as some script parsers
    /// take them for line ends.
    static func json(_ text: String) -> String {
        var text = text
        let bytes = text.withUTF8 { bytes -> [UInt8] in
            let backslash = UInt8(ascii: "\\")
            var out: [UInt8] = [UInt8(ascii: "\"")]
            out.reserveCapacity(bytes.count + 8)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""), backslash: out += [backslash, byte]
                case UInt8(ascii: "\n"): out += [backslash, UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): out += [backslash, UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): out += [backslash, UInt8(ascii: "t")]
                case 0..<0x20: out += Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
                // U+2028 and U+2029: E2 80 A8 and E2 80 A9 in UTF-8.
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    out += Array("\\u202".utf8) + [bytes[index + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9")]
                    index += 3
                    continue
                default: out.append(byte)
                }
                index += 1
            }
            out.append(UInt8(ascii: "\""))
            return out
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
