import CCmark

/// A fenced code block: its info string, its body and its line, replaceable by rendered output.
/// It keeps its document alive.
public struct FencedCodeBlock {
    let node: MarkdownNode
    let document: MarkdownDocument

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
    /// ``Replacement/showCommonMark()`` is called, so render HTML first. The block taken out stays
    /// owned by the document; replacing a block a second time changes nothing.
    public func replace(html: String, commonMark: String) -> Replacement {
        guard cmark_node_parent(node.pointer) != nil else {
            return Replacement(node: nil, document: document, commonMark: commonMark)
        }
        let custom = PipeTable.block(html, "")
        _ = cmark_node_replace(node.pointer, custom)
        document.detached.remove(node.pointer)
        return Replacement(node: custom, document: document, commonMark: commonMark)
    }

    /// A block replaced by report output. It keeps its document alive.
    public struct Replacement {
        let node: OpaquePointer?
        let document: MarkdownDocument
        let commonMark: String

        /// Makes the block render its CommonMark.
        public func showCommonMark() {
            if let node { _ = cmark_node_set_on_enter(node, commonMark.hasSuffix("\n") ? commonMark : commonMark + "\n") }
        }
    }
}
