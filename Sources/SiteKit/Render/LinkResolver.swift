import Basics
import Markdown
import ReportKit

/// Rewrites links between pages, written as links to `.md` files relative to the page, into links
/// to the target's output (`../../juice/day/index.html`), and reports links to nothing.
struct LinkResolver: Sendable {
    /// Pages by content path.
    let pages: [String: Page]
    /// Other content files by content path.
    let files: Set<String>
    /// Drafts left out of this build.
    let drafts: Set<String>

    /// Where a link leads, as relative links for the HTML page and for the Markdown report.
    struct Target: Equatable {
        var html: String
        var markdown: String
    }

    /// Resolves `url` written on `page`; nil means "leave it alone" (external, fragment-only, empty).
    /// - Parameter folder: the output folder the link will be written in (the page's, or an extra page's).
    func resolve(_ url: String, on page: Page, writtenIn folder: String) throws -> Target? {
        if url.hasPrefix("#") {
            try Self.check(fragment: String(url.dropFirst()), of: page, in: url)
            return nil
        }
        guard Self.rewrites(url) else { return nil }
        var path = Substring(url)
        var suffix = ""
        let isMark = { (byte: UInt8) in byte == UInt8(ascii: "#") || byte == UInt8(ascii: "?") }
        // In an ASCII URL each byte is a character: the mark is found without reading characters.
        if let mark = SitePath.isASCII(path) ? path.utf8.firstIndex(where: isMark) : path.firstIndex(where: { $0 == "#" || $0 == "?" }) {
            suffix = String(path[mark...])
            path = path[..<mark]
        }
        // Zola's internal links, `@/blog/post.md`, are written from the content folder.
        let decoded = Self.percentDecoded(path.hasPrefix("@/") ? String(path.dropFirst()) : String(path))
        let joined = decoded.hasPrefix("/") ? decoded : SitePath.join(SitePath.parent(page.contentPath), decoded)
        guard let resolved = SitePath.normalize(joined) else {
            throw Diagnostic("link \"\(url)\" points outside the content folder")
        }
        let wantsFolder = decoded.hasSuffix("/") || resolved.isEmpty
        if resolved.hasSuffix(".md") || wantsFolder {
            let key = SectionPages.indexPath(resolved.hasSuffix(".md") ? resolved : SitePath.join(resolved, "index.md"))
            guard let target = pages[key] else {
                if drafts.contains(key) {
                    throw Diagnostic("link \"\(url)\" points to a draft page (build with --drafts, or remove the link)")
                }
                throw Diagnostic("link \"\(url)\" points to no page (no file \(key) in the content folder)")
            }
            if suffix.hasPrefix("#") { try Self.check(fragment: String(suffix.dropFirst()), of: target, in: url) }
            return Target(
                html: SitePath.relative(from: folder, to: target.htmlPath) + suffix,
                markdown: SitePath.relative(from: folder, to: target.markdownPath) + suffix
            )
        }
        guard files.contains(resolved) else {
            if pages[SitePath.join(resolved, "index.md")] != nil {
                throw Diagnostic("link \"\(url)\" points to a folder; link to \(SitePath.join(resolved, "index.md")) instead")
            }
            throw Diagnostic("link \"\(url)\" points to no file (no \(resolved) in the content folder)")
        }
        let relative = SitePath.relative(from: folder, to: resolved) + suffix
        return Target(html: relative, markdown: relative)
    }

    /// True for a URL that ``resolve(_:on:writtenIn:)`` rewrites (or rejects): a relative link to
    /// a page, folder or file; false for `#id`, `//host`, `scheme:` and empty URLs, which stay as written.
    static func rewrites(_ url: String) -> Bool {
        !url.isEmpty && !url.hasPrefix("#") && !url.hasPrefix("//") && !hasScheme(url)
    }

    /// Throws unless `fragment` names a heading or report id of `page`.
    private static func check(fragment: String, of page: Page, in url: String) throws {
        let id = percentDecoded(fragment)
        guard !id.isEmpty, !page.anchors.contains(id) else { return }
        let known = page.anchors.sorted()
        let shown = known.prefix(8).joined(separator: ", ") + (known.count > 8 ? ", … \(known.count) in all" : "")
        let guess = closestAnchor(to: id, in: known).map { near in
            // A link written for Zola's ids: say how to get them.
            let zola = HeadingSlugger.zolaSlug(near) == id ? " heading_ids: zola in site.yml gives Zola's ids;" : ""
            return "did you mean \"#\(near)\"?\(zola) "
        } ?? ""
        throw Diagnostic(
            "link \"\(url)\" points to no heading \"#\(id)\" in \(page.contentPath)"
                + (known.isEmpty ? " (it has no headings)" : " (\(guess)its ids: \(shown))")
        )
    }

    /// The id among all of a page's `ids` that `id` most likely meant: the one that reads the same
    /// once case, `_`, `-` and spaces are set aside (`get-page` for `get_page`, as Zola and GitHub
    /// differ), else the nearest within a few edits; nil when none is near.
    static func closestAnchor(to id: String, in ids: [String]) -> String? {
        func folded(_ text: String) -> String { String(text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }) }
        let target = folded(id)
        if let same = ids.first(where: { folded($0) == target }) { return same }
        let limit = max(2, id.count / 4)
        let scored = ids.map { ($0, editDistance(Array(target), Array(folded($0)), limit: limit)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    /// Levenshtein distance, or `limit + 1` as soon as it must exceed `limit`.
    private static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min() ?? 0 > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }

    /// True for `http:`, `mailto:` and any other `scheme:` prefix.
    static func hasScheme(_ url: String) -> Bool {
        // Most links are relative paths: no colon, no scheme (found without reading characters).
        guard let byteColon = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let scheme = url.utf8[..<byteColon]
        // An ASCII scheme is read in bytes (unless what follows the colon could join it in one
        // character); others by the character rules below.
        let after = url.utf8.index(after: byteColon)
        if scheme.allSatisfy({ $0 < 0x80 }), after == url.utf8.endIndex || url.utf8[after] < 0x80 {
            guard let first = scheme.first, Self.isASCIILetter(first) else { return false }
            return scheme.allSatisfy { Self.isASCIILetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
        }
        guard let colon = url.firstIndex(of: ":"), let first = url.first, first.isLetter else { return false }
        return url[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
               let value = UInt8(String(decoding: source[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
