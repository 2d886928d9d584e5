import CCmark

/// A pipe table in a document's tree: custom nodes that render cmark-gfm's HTML, with each cell's
/// inline content as ordinary libcmark nodes (links in cells are real links).
final class PipeTable {
    /// The `<table>` block.
    let node: OpaquePointer
    let alignments: [PipeTableRow.Alignment]
    /// The cells of each row (header first), as custom inline nodes.
    let rows: [[OpaquePointer]]

    /// Builds the table's nodes; `cells` holds, for each row (header first), one node list per
    /// column: the inline content that moves into the cell.
    init(alignments: [PipeTableRow.Alignment], cells: [[[OpaquePointer]]]) {
        self.alignments = alignments
        node = Self.block("<table>\n", "</table>")
        var rows: [[OpaquePointer]] = []
        var section: OpaquePointer?
        for (index, row) in cells.enumerated() {
            if index == 0 {
                section = Self.block("<thead>\n", "</thead>")
            } else if index == 1 {
                section = Self.block("<tbody>\n", "</tbody>")
            }
            if index <= 1, let section { _ = cmark_node_append_child(node, section) }
            let rowNode = Self.block("<tr>\n", "</tr>")
            if let section { _ = cmark_node_append_child(section, rowNode) }
            let tag = index == 0 ? "th" : "td"
            var cellNodes: [OpaquePointer] = []
            for (column, content) in row.enumerated() {
                let style = Self.style(column < alignments.count ? alignments[column] : .none)
                let cell = Self.inline("<\(tag)\(style)>", "</\(tag)>\n")
                for child in content { _ = cmark_node_append_child(cell, child) }
                _ = cmark_node_append_child(rowNode, cell)
                cellNodes.append(cell)
            }
            rows.append(cellNodes)
        }
        self.rows = rows
    }

    /// The table in GFM syntax, cells rendered back to CommonMark with their pipes escaped.
    func commonMark(by renderer: MarkdownDocument.CommonMarkRenderer) -> String {
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            lines.append("| " + row.map { Self.cellMarkdown($0, by: renderer) }.joined(separator: " | ") + " |")
            if index == 0 {
                lines.append("| " + alignments.map(Self.delimiter).joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func cellMarkdown(_ cell: OpaquePointer, by renderer: MarkdownDocument.CommonMarkRenderer) -> String {
        let enter = cmark_node_get_on_enter(cell).map { String(cString: $0) } ?? ""
        let exit = cmark_node_get_on_exit(cell).map { String(cString: $0) } ?? ""
        _ = cmark_node_set_on_enter(cell, "")
        _ = cmark_node_set_on_exit(cell, "")
        defer {
            _ = cmark_node_set_on_enter(cell, enter)
            _ = cmark_node_set_on_exit(cell, exit)
        }
        var text = renderer.render(cell)
        while text.hasSuffix("\n") { text.removeLast() }
        return text.replacingPipes()
    }

    private static func delimiter(_ alignment: PipeTableRow.Alignment) -> String {
        switch alignment {
        case .none: "---"
        case .left: ":--"
        case .center: ":-:"
        case .right: "--:"
        }
    }

    private static func style(_ alignment: PipeTableRow.Alignment) -> String {
        switch alignment {
        case .none: ""
        case .left: " style=\"text-align: left\""
        case .center: " style=\"text-align: center\""
        case .right: " style=\"text-align: right\""
        }
    }

    static func block(_ enter: String, _ exit: String) -> OpaquePointer {
        custom(CMARK_NODE_CUSTOM_BLOCK, enter, exit)
    }

    static func inline(_ enter: String, _ exit: String) -> OpaquePointer {
        custom(CMARK_NODE_CUSTOM_INLINE, enter, exit)
    }

    private static func custom(_ type: cmark_node_type, _ enter: String, _ exit: String) -> OpaquePointer {
        // libcmark's allocator aborts the process itself when memory runs out; it never returns NULL.
        let node: OpaquePointer = cmark_node_new(type)
        _ = cmark_node_set_on_enter(node, enter)
        _ = cmark_node_set_on_exit(node, exit)
        return node
    }
}

private extension String {
    /// `|` → `\|`, so a cell's pipes stay inside the cell.
    func replacingPipes() -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            if character == "|" { out += "\\|" } else { out.append(character) }
        }
        return out
    }
}
