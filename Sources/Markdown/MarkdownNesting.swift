import CCmark

/// How deep a page may nest what libcmark and sitegen's passes walk: block quotes and list items
/// inside one another, and links, images and emphasis inside one another.
///
/// libcmark's CommonMark renderer (the `.md` twin) takes time that grows with the square of
/// inline nesting (20,000 images nested in one another's text: five seconds), and so did some of
/// sitegen's passes over deep nesting. ``MarkdownDocument`` measures the nesting right after
/// libcmark parses, in one walk, and runs no pass over a document nested deeper than these
/// limits; the page is then an error naming the line where the limit is passed.
public enum MarkdownNesting {
    /// Block quotes and list items inside one another: 1,000.
    public static let maximumBlockDepth = 1_000
    /// Links, images and emphasis inside one another: 32.
    public static let maximumInlineDepth = 32

    /// Nesting past a limit: where, how deep, and what nests.
    public struct Problem: Sendable, Equatable {
        /// The 1-based line where the nesting passes the limit.
        public let line: Int
        /// How deep it nests there, at least.
        public let depth: Int
        /// `lists and block quotes` or `links, images and emphasis`.
        public let what: String
        public let limit: Int

        public init(line: Int, depth: Int, what: String, limit: Int) {
            self.line = line
            self.depth = depth
            self.what = what
            self.limit = limit
        }
    }

    /// The first place the document under `document` nests past a limit, or nil: one walk.
    static func problem(in document: OpaquePointer) -> Problem? {
        guard let iterator = cmark_iter_new(document) else { return nil }
        defer { cmark_iter_free(iterator) }
        var blocks = 0
        var inlines = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { break }
            let type = cmark_node_get_type(node)
            let change = event == CMARK_EVENT_ENTER ? 1 : event == CMARK_EVENT_EXIT ? -1 : 0
            switch type {
            case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_ITEM:
                blocks += change
                if blocks > maximumBlockDepth {
                    return Problem(line: Int(cmark_node_get_start_line(node)), depth: blocks, what: "lists and block quotes", limit: maximumBlockDepth)
                }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE, CMARK_NODE_EMPH, CMARK_NODE_STRONG:
                inlines += change
                if inlines > maximumInlineDepth {
                    return Problem(line: lineOfInline(node), depth: inlines, what: "links, images and emphasis", limit: maximumInlineDepth)
                }
            default:
                break
            }
        }
        return nil
    }

    /// The line of an inline node: libcmark gives inlines no position, so their block's.
    private static func lineOfInline(_ node: OpaquePointer) -> Int {
        var current: OpaquePointer? = node
        while let inline = current {
            let line = Int(cmark_node_get_start_line(inline))
            if line > 0 { return line }
            current = cmark_node_parent(inline)
        }
        return 1
    }
}
