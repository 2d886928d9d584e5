import Basics
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
        if let mark = path.firstIndex(where: { $0 == "#" || $0 == "?" }) {
            suffix = String(path[mark...])
            path = path[..<mark]
        }
        let decoded = Self.percentDecoded(String(path))
        let joined = decoded.hasPrefix("/") ? decoded : SitePath.join(SitePath.parent(page.contentPath), decoded)
        guard let resolved = SitePath.normalize(joined) else {
            throw Diagnostic("link \"\(url)\" points outside the content folder")
        }
        let wantsFolder = decoded.hasSuffix("/") || resolved.isEmpty
        if resolved.hasSuffix(".md") || wantsFolder {
            let key = resolved.hasSuffix(".md") ? resolved : SitePath.join(resolved, "index.md")
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
        let shown = known.prefix(8).joined(separator: ", ") + (known.count > 8 ? ", …" : "")
        throw Diagnostic(
            "link \"\(url)\" points to no heading \"#\(id)\" in \(page.contentPath)"
                + (known.isEmpty ? " (it has no headings)" : " (its ids: \(shown))")
        )
    }

    /// True for `http:`, `mailto:` and any other `scheme:` prefix.
    static func hasScheme(_ url: String) -> Bool {
        // Most links are relative paths: no colon, no scheme (found without reading characters).
        guard url.utf8.contains(UInt8(ascii: ":")) else { return false }
        guard let colon = url.firstIndex(of: ":"), let first = url.first, first.isLetter else { return false }
        return url[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
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
