import CCmark

/// GFM task list items: a list item whose text starts with `[ ]`, `[x]` or `[X]` and a space
/// gets a disabled checkbox instead (cmark-gfm's HTML; `[ ]`/`[x]` again in CommonMark).
enum TaskListItems {
    /// A task item: its checkbox node and the item.
    struct Task {
        let mark: InlineMark
        let item: OpaquePointer
    }

    /// Marks the task items under `root`; `source` gives the text a paragraph was parsed from, and
    /// a text left empty by its `[ ]` goes to `detached`.
    static func apply(in root: OpaquePointer, detached: DetachedNodes, source: (OpaquePointer) -> SourceText) -> [Task] {
        var items: [OpaquePointer] = []
        if let iterator = cmark_iter_new(root) {
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_ITEM {
                    items.append(node)
                }
            }
            cmark_iter_free(iterator)
        }
        return items.compactMap { mark($0, detached: detached, source: source) }
    }

    private static func mark(_ item: OpaquePointer, detached: DetachedNodes, source: (OpaquePointer) -> SourceText) -> Task? {
        guard let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
              cmark_node_get_start_line(paragraph) == cmark_node_get_start_line(item),
              let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT
        else { return nil }
        // cmark-gfm looks for the checkbox on the item's line as a whole, so an item behind a
        // block quote marker (`> - [ ] x`) or another item's marker (`- - [ ] x`) is no task.
        let line = source(paragraph).line(Int(cmark_node_get_start_line(paragraph)))
        let start = Int(cmark_node_get_start_column(paragraph)) - 1
        let marker = Int(cmark_node_get_start_column(item)) - 1
        guard marker >= 0, marker < line.count, line[..<marker].allSatisfy(PipeTableRow.isSpaceChar),
              start >= 0, start + 3 < line.count, line[start] == UInt8(ascii: "["), line[start + 2] == UInt8(ascii: "]"),
              PipeTableRow.isSpaceChar(line[start + 3])
        else { return nil }
        let state = line[start + 1]
        guard state == UInt8(ascii: " ") || state == UInt8(ascii: "x") || state == UInt8(ascii: "X") else { return nil }
        let literal = InlineText.literal(text)
        guard literal.count >= 3, literal[0] == UInt8(ascii: "["), literal[2] == UInt8(ascii: "]") else { return nil }
        var rest = literal.dropFirst(3)
        while let first = rest.first, PipeTableRow.isSpaceChar(first) { rest = rest.dropFirst() }
        if rest.isEmpty {
            detached.remove(text)
        } else {
            InlineText.setLiteral(text, rest)
        }
        let checked = state != UInt8(ascii: " ")
        let html = checked ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> " : "<input type=\"checkbox\" disabled=\"\" /> "
        let node = PipeTable.inline(html, "")
        if let first = cmark_node_first_child(paragraph) {
            _ = cmark_node_insert_before(first, node)
        } else {
            _ = cmark_node_append_child(paragraph, node)
        }
        return Task(mark: InlineMark(node: node, html: (html, ""), commonMark: (checked ? "[x] " : "[ ] ", "")), item: item)
    }

    /// Runs `body` with each loose list that holds tasks swapped for custom nodes that put the
    /// checkbox right after `<li>`, before the item's first `<p>`, as cmark-gfm does; then puts
    /// the lists back. (In tight lists the checkbox node in the paragraph renders the same.)
    static func withLooseLists<T>(_ tasks: [Task], _ body: () -> T) -> T {
        var lists: [OpaquePointer] = []
        var checkbox: [OpaquePointer: InlineMark] = [:]
        for task in tasks {
            checkbox[task.item] = task.mark
            if let list = cmark_node_parent(task.item), cmark_node_get_list_tight(list) == 0, !lists.contains(list) {
                lists.append(list)
            }
        }
        var swaps: [(list: OpaquePointer, block: OpaquePointer, items: [(OpaquePointer, OpaquePointer)])] = []
        for list in lists {
            let ordered = cmark_node_get_list_type(list) == CMARK_ORDERED_LIST
            let start = cmark_node_get_list_start(list)
            let open = ordered ? (start == 1 ? "<ol>\n" : "<ol start=\"\(start)\">\n") : "<ul>\n"
            let block = PipeTable.block(open, ordered ? "</ol>" : "</ul>")
            var items: [(OpaquePointer, OpaquePointer)] = []
            for item in InlineText.children(list) {
                let mark = checkbox[item]
                mark.map { _ = cmark_node_set_on_enter($0.node, "") }
                let itemBlock = PipeTable.block("<li>" + (mark?.html.0 ?? ""), "</li>")
                for child in InlineText.children(item) { _ = cmark_node_append_child(itemBlock, child) }
                _ = cmark_node_append_child(block, itemBlock)
                items.append((item, itemBlock))
            }
            _ = cmark_node_replace(list, block)
            swaps.append((list, block, items))
        }
        let result = body()
        for swap in swaps.reversed() {
            for (item, itemBlock) in swap.items {
                for child in InlineText.children(itemBlock) { _ = cmark_node_append_child(item, child) }
                checkbox[item]?.show(commonMark: false)
            }
            _ = cmark_node_replace(swap.block, swap.list)
            cmark_node_free(swap.block)
        }
        return result
    }
}
