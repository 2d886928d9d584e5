import CCmark

/// A fenced code block: its info string, its body and its line, replaceable by rendered output.
public struct FencedCodeBlock {
    let node: MarkdownNode

    /// The first word of the info string (`bank` in ```` ```bank title ````).
    public var language: String {
        let info = node.fenceInfo ?? ""
        return info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
    }

    /// The whole info string.
    public var info: String { node.fenceInfo ?? "" }

    /// The body between the fences.
    public var body: String { node.literal ?? "" }

    /// The 1-based line of the opening fence in the parsed text.
    public var line: Int { node.startLine }

    /// Replaces the block with output given separately for each renderer: `html` appears in
    /// ``MarkdownDocument/renderHTML(unsafe:)`` (even in safe mode) and `commonMark` in
    /// ``MarkdownDocument/renderCommonMark()``: the block shows its HTML until
    /// ``Replacement/showCommonMark()`` is called, so render HTML first.
    public func replace(html: String, commonMark: String) -> Replacement {
        guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else {
            return Replacement(node: nil, commonMark: commonMark)
        }
        _ = cmark_node_set_on_enter(custom, html)
        _ = cmark_node_replace(node.pointer, custom)
        cmark_node_free(node.pointer)
        return Replacement(node: custom, commonMark: commonMark)
    }

    /// A block replaced by report output.
    public struct Replacement {
        let node: OpaquePointer?
        let commonMark: String

        /// Makes the block render its CommonMark.
        public func showCommonMark() {
            if let node { _ = cmark_node_set_on_enter(node, commonMark.hasSuffix("\n") ? commonMark : commonMark + "\n") }
        }
    }
}
