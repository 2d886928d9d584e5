import CCmark

/// A node of a ``MarkdownDocument``, valid while its document lives.
public struct MarkdownNode {
    let pointer: OpaquePointer

    /// The kinds of node sitegen looks at; everything else is `.other`.
    public enum Kind: Equatable, Sendable {
        case document, heading, paragraph, codeBlock, htmlBlock, customBlock
        case link, image, text, code, htmlInline, other
    }

    /// The node's kind.
    public var type: Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_DOCUMENT: .document
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: .customBlock
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_IMAGE: .image
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_HTML_INLINE: .htmlInline
        default: .other
        }
    }

    /// The 1-based line where the node starts in the parsed text; for inline nodes libcmark may
    /// not know it, so the nearest block ancestor's line is used.
    public var startLine: Int {
        var node: OpaquePointer? = pointer
        while let current = node {
            let line = Int(cmark_node_get_start_line(current))
            if line > 0 { return line }
            node = cmark_node_parent(current)
        }
        return 1
    }

    /// The 1-based line where a block node ends in the parsed text (0 when libcmark does not know).
    public var endLine: Int { Int(cmark_node_get_end_line(pointer)) }

    /// The literal text of text, code and code-block nodes.
    public var literal: String? {
        cmark_node_get_literal(pointer).map { String(cString: $0) }
    }

    /// The destination of a link or image.
    public var url: String? {
        get { cmark_node_get_url(pointer).map { String(cString: $0) } }
        nonmutating set { _ = cmark_node_set_url(pointer, newValue) }
    }

    /// The info string of a fenced code block.
    public var fenceInfo: String? {
        cmark_node_get_fence_info(pointer).map { String(cString: $0) }
    }

    /// The level of a heading (1–6), 0 for other nodes.
    public var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }

    /// The node's text with all markup removed (for titles).
    public var plainText: String {
        var out = ""
        for node in descendants() where node.type == .text || node.type == .code {
            out += node.literal ?? ""
        }
        return out
    }

    /// Whether the node has no children (a leaf such as a line break).
    public var isLeaf: Bool { cmark_node_first_child(pointer) == nil }

    /// This node's descendants in document order (not including itself).
    public func descendants() -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        guard let iterator = cmark_iter_new(pointer) else { return result }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), node != pointer else { continue }
            result.append(MarkdownNode(pointer: node))
        }
        return result
    }
}
