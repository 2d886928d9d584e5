import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A document rendered to HTML and CommonMark with some links' destinations left open, to be
/// filled in later (once every page of a site is known) without parsing the document again.
///
/// Each open destination is rendered as a placeholder of letters and digits, which both renderers
/// write as it is, and the output is cut at the placeholders. ``filled(html:commonMark:unsafe:)``
/// then writes each destination as libcmark writes a link's: the result is the same text that
/// setting the links' URLs and rendering would give.
public struct OpenLinkRendering: Sendable, Equatable {
    /// The HTML between the open destinations (one more piece than there are links).
    let htmlPieces: [String]
    /// The CommonMark between the open destinations.
    let commonMarkPieces: [String]
    /// Whether the HTML was rendered with raw HTML kept (``MarkdownDocument/renderHTML(unsafe:)``).
    public let unsafe: Bool

    /// How many destinations are open.
    public var count: Int { htmlPieces.count - 1 }

    /// The HTML and the CommonMark with the destinations in place, in the order the links were
    /// given: `html[i]` for the HTML and `commonMark[i]` for the CommonMark of link `i`.
    public func filled(html: [String], commonMark: [String]) -> (html: String, commonMark: String) {
        (Self.join(htmlPieces, html.map { LinkDestination.html($0, unsafe: unsafe) }),
         Self.join(commonMarkPieces, commonMark.map(LinkDestination.commonMark)))
    }

    private static func join(_ pieces: [String], _ fills: [String]) -> String {
        var out = pieces[0]
        out.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count } + fills.reduce(0) { $0 + $1.utf8.count })
        for (index, piece) in pieces.dropFirst().enumerated() {
            out += index < fills.count ? fills[index] : ""
            out += piece
        }
        return out
    }

    /// Cuts `text` at the placeholders `prefix0Q`, `prefix1Q`, … in order; nil unless each occurs
    /// exactly once and nothing else starts with `prefix` (text of the page that looks like one).
    /// With no placeholders (`count` 0) the text is the one piece.
    static func pieces(of text: String, prefix: String, count: Int) -> [String]? {
        guard count > 0 else { return [text] }
        var text = text
        let marker = Array(prefix.utf8)
        return text.withUTF8 { bytes -> [String]? in
            var pieces: [String] = []
            pieces.reserveCapacity(count + 1)
            var pieceStart = 0
            var index = 0
            let first = marker[0]
            while index + marker.count <= bytes.count {
                guard bytes[index] == first else {
                    // Straight to the next byte that could start a placeholder.
                    guard let base = bytes.baseAddress,
                          let next = memchr(base + index + 1, Int32(first), bytes.count - index - 1) else { break }
                    index = base.distance(to: next.assumingMemoryBound(to: UInt8.self))
                    continue
                }
                guard bytes[index..<(index + marker.count)].elementsEqual(marker) else {
                    index += 1
                    continue
                }
                guard pieces.count < count else { return nil }
                pieces.append(String(decoding: bytes[pieceStart..<index], as: UTF8.self))
                let mark = Array("\(pieces.count - 1)Q".utf8)
                let after = index + marker.count
                guard after + mark.count <= bytes.count, bytes[after..<(after + mark.count)].elementsEqual(mark) else { return nil }
                index = after + mark.count
                pieceStart = index
            }
            guard pieces.count == count else { return nil }
            pieces.append(String(decoding: bytes[pieceStart...], as: UTF8.self))
            return pieces
        }
    }
}

/// Link destinations as libcmark writes them.
public enum LinkDestination {
    /// `url` as libcmark's HTML renderer writes an `href` or `src`: percent-encoded where a URL
    /// may not hold the byte, `&` and `'` as entities; empty for a `javascript:`-like URL unless
    /// `unsafe`.
    public static func html(_ url: String, unsafe: Bool) -> String {
        if isWrittenAsIs(url) { return url }
        let rendered = renderLink(url) { cmark_render_html($0, unsafe ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT) }
        return between(rendered, "<p><a href=\"", "\">x</a></p>\n") ?? url
    }

    /// `url` as libcmark's CommonMark renderer writes a link's destination.
    public static func commonMark(_ url: String) -> String {
        if isWrittenAsIs(url) { return url }
        let rendered = renderLink(url) { cmark_render_commonmark($0, CMARK_OPT_DEFAULT, 0) }
        return between(rendered, "[x](", ")\n") ?? url
    }

    /// Whether both renderers write `url` exactly as it is: made only of ASCII letters, digits and
    /// `-._~/#?=%+` (no scheme, so never an unsafe one). Most links between pages are; the others
    /// are rendered by libcmark.
    static func isWrittenAsIs(_ url: String) -> Bool {
        !url.isEmpty && url.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"),
                 UInt8(ascii: "#"), UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: "%"), UInt8(ascii: "+"):
                true
            default:
                false
            }
        }
    }

    private static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard text.hasPrefix(start), text.hasSuffix(end), text.utf8.count >= start.utf8.count + end.utf8.count else { return nil }
        return String(decoding: text.utf8.dropFirst(start.utf8.count).dropLast(end.utf8.count), as: UTF8.self)
    }

    /// Renders a paragraph holding a link with text `x` to `url`.
    private static func renderLink(_ url: String, _ render: (OpaquePointer) -> UnsafeMutablePointer<CChar>?) -> String {
        let document: OpaquePointer = cmark_node_new(CMARK_NODE_DOCUMENT)
        defer { cmark_node_free(document) }
        let paragraph: OpaquePointer = cmark_node_new(CMARK_NODE_PARAGRAPH)
        let link: OpaquePointer = cmark_node_new(CMARK_NODE_LINK)
        let text: OpaquePointer = cmark_node_new(CMARK_NODE_TEXT)
        _ = cmark_node_set_literal(text, "x")
        _ = cmark_node_set_url(link, url)
        _ = cmark_node_append_child(link, text)
        _ = cmark_node_append_child(paragraph, link)
        _ = cmark_node_append_child(document, paragraph)
        return MarkdownDocument.take(render(document))
    }
}

extension MarkdownDocument {
    /// Renders HTML and CommonMark with the destinations of `links` (links or images of this
    /// document) left open; nil when the text of the page gets in the way of the placeholders
    /// (then set the URLs and render as usual). The links keep their URLs.
    public func renderWithOpenLinks(_ links: [MarkdownNode], unsafe: Bool) -> OpenLinkRendering? {
        let prefix = "XSGOPENLINKQ"
        let urls = links.map(\.url)
        for (index, link) in links.enumerated() { link.url = "\(prefix)\(index)Q" }
        let html = renderHTML(unsafe: unsafe)
        let commonMark = renderCommonMark()
        for (link, url) in zip(links, urls) { link.url = url }
        guard let htmlPieces = OpenLinkRendering.pieces(of: html, prefix: prefix, count: links.count),
              let commonMarkPieces = OpenLinkRendering.pieces(of: commonMark, prefix: prefix, count: links.count) else { return nil }
        return OpenLinkRendering(htmlPieces: htmlPieces, commonMarkPieces: commonMarkPieces, unsafe: unsafe)
    }
}
