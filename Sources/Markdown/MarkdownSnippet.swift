import CCmark

/// A piece of Markdown parsed on its own (a table cell, the lines around a table), with the link
/// reference definitions of the whole page appended so that `[text][ref]` still resolves.
final class MarkdownSnippet {
    let document: OpaquePointer
    let source: SourceText
    /// The number of lines of the piece itself; blocks starting after it come from the references.
    let lineCount: Int

    init(_ text: String, references: String) {
        let full = references.isEmpty ? text : text + "\n\n" + references
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

    /// The lines of a page that look like link reference definitions (`[label]: /url`), with
    /// block quote markers removed, to append to snippets.
    static func references(in source: SourceText) -> String {
        var found: [String] = []
        for line in source.lines {
            var index = 0
            while index < line.count, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: ">") || line[index] == UInt8(ascii: "\t") {
                index += 1
            }
            guard index < line.count, line[index] == UInt8(ascii: "[") else { continue }
            let rest = line[index...]
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")), close + 1 < line.count,
                  line[close + 1] == UInt8(ascii: ":") else { continue }
            found.append(String(decoding: rest, as: UTF8.self))
        }
        return found.joined(separator: "\n")
    }
}
