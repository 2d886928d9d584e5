import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A CommonMark document parsed by libcmark, which can be inspected, edited and rendered.
///
/// The document owns its libcmark tree; nodes handed out by ``root`` and ``fencedCodeBlocks()``
/// are valid while the document lives. A document is not safe to use from two threads at once,
/// but separate documents can be parsed and rendered in parallel.
public final class MarkdownDocument {
    let pointer: OpaquePointer

    /// Parses CommonMark text. libcmark accepts any input, so parsing cannot fail.
    public init(parsing text: String) {
        var text = text
        let parsed: OpaquePointer? = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                cmark_parse_document(characters.baseAddress, characters.count, CMARK_OPT_DEFAULT)
            }
        }
        // libcmark only returns NULL when it cannot allocate memory, which it treats as fatal itself.
        pointer = parsed ?? cmark_node_new(CMARK_NODE_DOCUMENT)
    }

    deinit {
        cmark_node_free(pointer)
    }

    /// The document node.
    public var root: MarkdownNode { MarkdownNode(pointer: pointer) }

    /// Every fenced code block with an info string, in document order (indented code blocks never
    /// have one; libcmark 0.30 does not tell fenced and indented blocks apart otherwise).
    public func fencedCodeBlocks() -> [FencedCodeBlock] {
        root.descendants().compactMap { node in
            guard node.type == .codeBlock, !(node.fenceInfo ?? "").isEmpty else { return nil }
            return FencedCodeBlock(node: node)
        }
    }

    /// Every link and image, in document order.
    public func links() -> [MarkdownNode] {
        root.descendants().filter { $0.type == .link || $0.type == .image }
    }

    /// The text of the first level-1 heading, if any.
    public var firstHeading: String? {
        root.descendants().first { $0.type == .heading && $0.headingLevel == 1 }?.plainText
    }

    /// Renders HTML. Raw HTML is replaced by a comment and unsafe link schemes are dropped unless
    /// `unsafe` is set (libcmark's own safe default).
    public func renderHTML(unsafe: Bool = false) -> String {
        let options = unsafe ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT
        return Self.take(cmark_render_html(pointer, options))
    }

    /// Renders the document back to CommonMark (no line wrapping).
    public func renderCommonMark() -> String {
        Self.take(cmark_render_commonmark(pointer, CMARK_OPT_DEFAULT | CMARK_OPT_UNSAFE, 0))
    }

    /// Copies a string libcmark allocated and frees it.
    static func take(_ bytes: UnsafeMutablePointer<CChar>?) -> String {
        guard let bytes else { return "" }
        defer { free(bytes) }
        return String(cString: bytes)
    }
}
