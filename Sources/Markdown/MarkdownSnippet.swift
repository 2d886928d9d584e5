import CCmark

/// A piece of Markdown parsed on its own (a table cell, the lines around a table), with the link
/// reference definitions of the whole page appended so that `[text][ref]` still resolves.
final class MarkdownSnippet {
    let document: OpaquePointer
    let source: SourceText
    /// The number of lines of the piece itself; blocks starting after it come from the references.
    let lineCount: Int

    init(_ text: String, references: ReferenceDefinitions) {
        let used = references.used(in: text)
        let full = used.isEmpty ? text : text + "\n\n" + used
        source = SourceText(full)
        lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        var bytes = full
        let parsed: OpaquePointer? = bytes.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                cmark_parse_document(characters.baseAddress, characters.count, CMARK_OPT_DEFAULT)
            }
        }
        document = parsed ?? cmark_node_new(CMARK_NODE_DOCUMENT)
    }

    deinit {
        cmark_node_free(document)
    }

    /// The top-level blocks that come from the piece, not from the appended references.
    var blocks: [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(document)
        while let node = child {
            if Int(cmark_node_get_start_line(node)) <= lineCount { result.append(node) }
            child = cmark_node_next(node)
        }
        return result
    }
}
