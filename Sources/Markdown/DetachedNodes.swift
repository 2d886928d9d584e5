import CCmark

/// Owns the nodes the extension passes take out of a document, and the snippet trees they parse,
/// until the last pass is over.
///
/// The passes gather nodes into lists and dictionaries before they change the tree, and a node
/// one pass takes out may still be named by another pass's list (a text node split off and
/// merged into a strikethrough, an empty text after an autolink, a paragraph a table replaced).
/// Freeing it at once would leave those lists naming freed memory, and would let libcmark give
/// the same address to a node made later, so that a dictionary keyed by node finds the wrong
/// entry. So no pass frees a node: ``remove(_:)`` unlinks it and keeps it here, snippets are
/// kept here too, and everything is freed together when this owner goes, after the passes.
final class DetachedNodes {
    private var nodes: [OpaquePointer] = []
    private var snippets: [MarkdownSnippet] = []

    /// Unlinks `node` (with its children) from its tree; it is freed with this owner.
    func remove(_ node: OpaquePointer) {
        cmark_node_unlink(node)
        nodes.append(node)
    }

    /// Keeps a snippet's tree, and so every node still in it, alive as long as this owner.
    func keep(_ snippet: MarkdownSnippet) {
        snippets.append(snippet)
    }

    deinit {
        for node in nodes { cmark_node_free(node) }
    }
}
