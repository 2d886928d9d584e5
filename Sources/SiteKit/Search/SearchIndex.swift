import Foundation
import ReportKit

/// The site's search index: one entry per page a reader can land on — every content page and the
/// extra pages its reports add (a product's detail page) — in reading order, written as many
/// small scripts (``SearchFiles``) so that a query loads only the few it needs.
struct SearchIndex: Sendable, Equatable {
    /// A page as the search finds and shows it; every string plain text.
    struct Entry: Sendable, Equatable {
        /// The HTML file relative to the site root, percent-encoded (`bank/morning/index.html`).
        var path: String
        var title: String
        /// The navigation entry of the page's section, or the page an extra page belongs to; empty
        /// for pages at the root.
        var section: String
        /// Ranked next after the title: the page's headings below its title and its reports'.
        var headings: [String]
        /// What a result's snippet shows, in order: the page's description (else its first
        /// paragraph), then its reports' captions, short paragraphs and figures; at most
        /// ``SearchIndex/longestText`` characters in all.
        var text: [String]
        /// Found but never shown: the page's terms (tags) and its reports' column headers.
        var keywords: [String]
        /// For a page a report adds, its folder below the page's and its title: two blocks that
        /// show the same product add a page each, and the search lists only the first.
        var repeatKey: [String]? = nil
    }

    var entries: [Entry]

    /// The search page.
    static let pagePath = "search/index.html"
    /// The index's table of contents, beside the search page: how many pages, where the term
    /// files begin (``SearchFiles``).
    static let scriptPath = "search/search-index.js"
    /// The folder of the term files (`search/terms/NAME.js`, named by ``SearchTermFile``).
    static let termsFolder = "search/terms"
    /// The folder of the page files (`search/pages/0.js`, …), what results show.
    static let pagesFolder = "search/pages"
    /// An entry's text is cut here (at a part's end when it can be), so the index stays small
    /// however long the reports are.
    static let longestText = 1000

    /// The entries of one page: the page itself, then the extra pages its reports add.
    /// - Parameters:
    ///   - reports: the page's reports, in block order.
    ///   - sections: the navigation's title of each section folder.
    static func entries(of parsed: ParsedPage, reports: [Report], sections: [String: String]) -> [Entry] {
        let page = parsed.page
        let frontMatter = page.frontMatter
        let found = reports.map(\.document.searchText)
        let section = page.section
        var entries = [Entry(
            path: SitePath.percentEncoded(page.htmlPath), title: page.title,
            section: section.isEmpty ? "" : sections[section] ?? section,
            headings: lines(found.isEmpty ? parsed.headings : parsed.headings + found.flatMap(\.headings)),
            text: text([frontMatter.description ?? parsed.summary] + found.flatMap(\.text)),
            keywords: lines(frontMatter.terms.keys.sorted().flatMap { frontMatter.terms[$0] ?? [] } + found.flatMap(\.keywords))
        )]
        for extra in reports.flatMap(\.pages) {
            let found = extra.document.searchText
            entries.append(Entry(
                path: SitePath.percentEncoded(SitePath.join(SitePath.join(page.folder, extra.path), "index.html")),
                title: extra.title, section: page.title,
                headings: lines(found.headings), text: text(found.text), keywords: lines(found.keywords),
                repeatKey: [extra.path, extra.title]
            ))
        }
        return entries
    }

    /// The entries of `pages` (each page's ``entries(of:reports:sections:)``) in order, without
    /// the extra pages that repeat an earlier entry's ``Entry/repeatKey``.
    static func distinct(_ pages: [[Entry]]) -> [Entry] {
        var seen = Set<[String]>()
        return distinct(pages, seen: &seen)
    }

    /// ``distinct(_:)`` of pages that follow others, whose repeat keys are `seen` (and get theirs).
    static func distinct(_ pages: [[Entry]], seen: inout Set<[String]>) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(pages.count)
        for page in pages {
            for entry in page where entry.repeatKey.map({ seen.insert($0).inserted }) ?? true {
                entries.append(entry)
            }
        }
        return entries
    }

    /// `parts` with white space collapsed, without empty or repeated ones.
    static func lines(_ parts: [String]) -> [String] {
        var seen = Seen(parts.count)
        return parts.compactMap { part in
            let line = collapsingWhitespace(part).0
            return !line.isEmpty && seen.insert(line) ? line : nil
        }
    }

    /// ``lines(_:)`` of `parts`, as many as fit in ``longestText`` characters (the first one cut
    /// there when it alone is longer).
    static func text(_ parts: [String]) -> [String] {
        var seen = Seen(parts.count)
        var out: [String] = []
        var count = 0
        for part in parts {
            let (line, lineCount) = collapsingWhitespace(part)
            guard !line.isEmpty, seen.insert(line) else { continue }
            guard count + lineCount <= longestText else {
                if out.isEmpty { out = [String(line.prefix(longestText))] }
                break
            }
            out.append(line)
            count += lineCount
        }
        return out
    }

    /// The lines kept so far: a few (most pages have a few) looked up one by one, more in a set.
    private struct Seen {
        private var few: [String] = []
        private var many: Set<String>?

        init(_ count: Int) {
            if count > 8 { many = [] }
        }

        /// Whether `line` is new, noting it.
        mutating func insert(_ line: String) -> Bool {
            if let inserted = many?.insert(line).inserted { return inserted }
            guard !few.contains(line) else { return false }
            few.append(line)
            return true
        }
    }

    /// `text` with each run of white space made one space and none at the ends, and its length in
    /// characters; ASCII text is done over bytes, and returned as it is when it has no white space
    /// to change.
    static func collapsingWhitespace(_ text: String) -> (String, Int) {
        var text = text
        let ascii: [UInt8]?? = text.withUTF8 { bytes in
            // Nil when not ASCII, .some(nil) when there is nothing to change.
            var changes = false
            var afterSpace = true
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    if byte != 0x20 || afterSpace { changes = true }
                    afterSpace = true
                } else {
                    afterSpace = false
                }
            }
            guard changes || (afterSpace && !bytes.isEmpty) else { return .some(nil) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
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
        switch ascii {
        case .some(.some(let ascii)): return (String(decoding: ascii, as: UTF8.self), ascii.count)
        case .some(.none): return (text, text.utf8.count)
        case .none:
            let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return (line, line.count)
        }
    }

    /// A JSON string literal; line and paragraph separators escaped too, as some script parsers
    /// take them for line ends.
    static func json(_ text: String) -> String {
        var out: [UInt8] = []
        json(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``json(_:)`` of `text` to `out`: the runs that need no escape copied whole.
    static func json(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            let backslash = UInt8(ascii: "\\")
            out.append(UInt8(ascii: "\""))
            var index = 0
            var copied = 0
            func escape(_ escaped: some Sequence<UInt8>, skipping count: Int) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                out.append(contentsOf: escaped)
                index += count
                copied = index
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""), backslash: escape([backslash, byte], skipping: 1)
                case UInt8(ascii: "\n"): escape([backslash, UInt8(ascii: "n")], skipping: 1)
                case UInt8(ascii: "\r"): escape([backslash, UInt8(ascii: "r")], skipping: 1)
                case UInt8(ascii: "\t"): escape([backslash, UInt8(ascii: "t")], skipping: 1)
                case 0..<0x20: escape("\\u00".utf8 + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]], skipping: 1)
                // U+2028 and U+2029: E2 80 A8 and E2 80 A9 in UTF-8.
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape("\\u202".utf8 + [bytes[index + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9")], skipping: 3)
                default: index += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            out.append(UInt8(ascii: "\""))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
