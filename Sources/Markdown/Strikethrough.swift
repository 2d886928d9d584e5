import CCmark

/// GFM strikethrough: runs of one or two `~` paired as cmark-gfm pairs them (flanking rules,
/// equal lengths, nearest opener first), within each inline container of a paragraph or heading.
/// Only for a container ``GFMInlines`` cannot line up with its written text: this pass works on
/// libcmark's emphasis as it is, so `~` does not share its delimiter stack.
struct Strikethrough {
    /// The strikethrough nodes made, with the run that opened each (`~` or `~~`).
    private(set) var marks: [InlineMark] = []
    /// Where the delimiter runs go once they are replaced by a strikethrough node.
    let detached: DetachedNodes

    /// Applies strikethrough under `container`. `masks` tells which bytes of a text node were
    /// written as themselves (an escaped `\~` never delimits); `autolinks` are links whose text
    /// counts as letters for the flanking rules, and whose own text is left alone.
    mutating func apply(in container: OpaquePointer, masks: [OpaquePointer: [Bool]], autolinks: Set<OpaquePointer>) {
        for node in Self.containers(in: container, skipping: autolinks) {
            process(node, masks: masks, autolinks: autolinks)
        }
    }

    private struct Delimiter {
        var node: OpaquePointer
        var length: Int
        var canOpen: Bool
        var canClose: Bool
        var previous: Int?
        var next: Int?
    }

    private mutating func process(_ container: OpaquePointer, masks: [OpaquePointer: [Bool]], autolinks: Set<OpaquePointer>) {
        let lineStart = [CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING].contains(cmark_node_get_type(container))
        var delimiters: [Delimiter] = []
        for child in InlineText.children(container) where cmark_node_get_type(child) == CMARK_NODE_TEXT {
            let bytes = InlineText.literal(child)
            guard bytes.contains(Self.tilde) else { continue }
            let mask = masks[child] ?? Array(repeating: true, count: bytes.count)
            var runs: [(start: Int, end: Int)] = []
            var index = 0
            while index < bytes.count {
                guard bytes[index] == Self.tilde, mask[index] else { index += 1; continue }
                let start = index
                while index < bytes.count, bytes[index] == Self.tilde, mask[index] { index += 1 }
                runs.append((start, index))
            }
            let before = Self.boundary(before: child, lineStart: lineStart, autolinks: autolinks)
            let after = Self.boundary(after: child, lineStart: lineStart, autolinks: autolinks)
            var flags: [(Bool, Bool)] = []
            for run in runs {
                let previous = Self.character(before: run.start, in: bytes, mask: mask) ?? before
                let following = Self.character(at: run.end, in: bytes, mask: mask) ?? after
                flags.append(Self.flanking(before: previous, after: following))
            }
            let runNodes = Self.split(child, bytes: bytes, runs: runs)
            for (position, run) in runs.enumerated() {
                let length = run.end - run.start
                let (left, right) = flags[position]
                guard left || right, length <= 2 else { continue }
                delimiters.append(Delimiter(node: runNodes[position], length: length, canOpen: left, canClose: right))
            }
        }
        guard !delimiters.isEmpty else { return }
        for index in delimiters.indices {
            delimiters[index].previous = index > 0 ? index - 1 : nil
            delimiters[index].next = index + 1 < delimiters.count ? index + 1 : nil
        }
        pair(&delimiters)
    }

    /// cmark's `process_emphasis`, for `~` only.
    private mutating func pair(_ delimiters: inout [Delimiter]) {
        // cmark's `openers_bottom`, one per closer length modulo 3.
        var bottoms: [Int: Int] = [:]
        var closer: Int? = 0
        func remove(_ index: Int) {
            if let previous = delimiters[index].previous { delimiters[previous].next = delimiters[index].next }
            if let next = delimiters[index].next { delimiters[next].previous = delimiters[index].previous }
        }
        while let current = closer {
            guard delimiters[current].canClose else { closer = delimiters[current].next; continue }
            var opener = delimiters[current].previous
            var found = false
            let bottom = bottoms[delimiters[current].length % 3]
            while let candidate = opener, candidate != bottom {
                if delimiters[candidate].canOpen,
                   !(delimiters[current].canOpen || delimiters[candidate].canClose)
                    || (delimiters[candidate].length + delimiters[current].length) % 3 != 0 {
                    found = true
                    break
                }
                opener = delimiters[candidate].previous
            }
            if found, let opener {
                let next = delimiters[current].next
                if delimiters[opener].length == delimiters[current].length {
                    strike(from: delimiters[opener].node, to: delimiters[current].node, length: delimiters[current].length)
                    var index: Int? = current
                    while let doomed = index, doomed != opener {
                        index = delimiters[doomed].previous
                        remove(doomed)
                    }
                    remove(opener)
                }
                closer = next
            } else {
                bottoms[delimiters[current].length % 3] = delimiters[current].previous
                closer = delimiters[current].next
                if !delimiters[current].canOpen { remove(current) }
            }
        }
    }

    /// Wraps the nodes between two delimiter runs in a strikethrough node and drops the runs.
    private mutating func strike(from opener: OpaquePointer, to closer: OpaquePointer, length: Int) {
        let run = String(repeating: "~", count: length)
        let node = PipeTable.inline("<del>", "</del>")
        _ = cmark_node_insert_before(opener, node)
        var child = cmark_node_next(opener)
        while let current = child, current != closer {
            child = cmark_node_next(current)
            _ = cmark_node_append_child(node, current)
        }
        detached.remove(opener)
        detached.remove(closer)
        marks.append(InlineMark(node: node, html: ("<del>", "</del>"), commonMark: (run, run)))
    }

    /// Splits a text node so that each run is a node of its own; returns the run nodes.
    private static func split(_ node: OpaquePointer, bytes: [UInt8], runs: [(start: Int, end: Int)]) -> [OpaquePointer] {
        var pieces: [(Range<Int>, Bool)] = []
        var position = 0
        for run in runs {
            if run.start > position { pieces.append((position..<run.start, false)) }
            pieces.append((run.start..<run.end, true))
            position = run.end
        }
        if position < bytes.count { pieces.append((position..<bytes.count, false)) }
        var runNodes: [OpaquePointer] = []
        var last = node
        for (index, piece) in pieces.enumerated() {
            let target: OpaquePointer
            if index == 0 {
                InlineText.setLiteral(node, bytes[piece.0])
                target = node
            } else {
                target = InlineText.text(bytes[piece.0])
                _ = cmark_node_insert_after(last, target)
            }
            last = target
            if piece.1 { runNodes.append(target) }
        }
        return runNodes
    }

    /// cmark's left- and right-flanking rules.
    private static func flanking(before: Unicode.Scalar, after: Unicode.Scalar) -> (Bool, Bool) {
        let spaceAfter = InlineText.isSpace(after), spaceBefore = InlineText.isSpace(before)
        let punctuationAfter = InlineText.isPunctuation(after), punctuationBefore = InlineText.isPunctuation(before)
        let left = !spaceAfter && (!punctuationAfter || spaceBefore || punctuationBefore)
        let right = !spaceBefore && (!punctuationBefore || spaceAfter || punctuationAfter)
        return (left, right)
    }

    private static func character(before index: Int, in bytes: [UInt8], mask: [Bool]) -> Unicode.Scalar? {
        guard index > 0 else { return nil }
        return mask[index - 1] ? InlineText.scalar(before: index, in: bytes) : "!"
    }

    private static func character(at index: Int, in bytes: [UInt8], mask: [Bool]) -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        return mask[index] ? InlineText.scalar(at: index, in: bytes) : "!"
    }

    /// The character written just before a node: a line start, the end of the text before, or
    /// the punctuation that closes any other inline (`*`, `` ` ``, `)`, `>`).
    private static func boundary(before node: OpaquePointer, lineStart: Bool, autolinks: Set<OpaquePointer>) -> Unicode.Scalar {
        guard let previous = cmark_node_previous(node) else { return lineStart ? "\n" : "!" }
        return edge(of: previous, last: true, autolinks: autolinks)
    }

    private static func boundary(after node: OpaquePointer, lineStart: Bool, autolinks: Set<OpaquePointer>) -> Unicode.Scalar {
        guard let next = cmark_node_next(node) else { return lineStart ? "\n" : "!" }
        return edge(of: next, last: false, autolinks: autolinks)
    }

    private static func edge(of node: OpaquePointer, last: Bool, autolinks: Set<OpaquePointer>) -> Unicode.Scalar {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            return "\n"
        case CMARK_NODE_TEXT:
            let bytes = InlineText.literal(node)
            return (last ? InlineText.scalar(before: bytes.count, in: bytes) : InlineText.scalar(at: 0, in: bytes)) ?? "\n"
        case CMARK_NODE_LINK where autolinks.contains(node):
            let bytes = cmark_node_first_child(node).map(InlineText.literal) ?? []
            return (last ? InlineText.scalar(before: bytes.count, in: bytes) : InlineText.scalar(at: 0, in: bytes)) ?? "!"
        default:
            return "!"
        }
    }

    /// The inline containers under `root` (itself included), outside autolinks.
    private static func containers(in root: OpaquePointer, skipping autolinks: Set<OpaquePointer>) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return found }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), !autolinks.contains(node) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_EMPH, CMARK_NODE_STRONG,
                 CMARK_NODE_LINK, CMARK_NODE_IMAGE, CMARK_NODE_CUSTOM_INLINE:
                found.append(node)
            default:
                break
            }
        }
        return found
    }

    private static let tilde = UInt8(ascii: "~")
}

/// A custom inline node that renders differently as HTML and as CommonMark.
struct InlineMark {
    let node: OpaquePointer
    let html: (String, String)
    let commonMark: (String, String)

    func show(commonMark showCommonMark: Bool) {
        let (enter, exit) = showCommonMark ? commonMark : html
        _ = cmark_node_set_on_enter(node, enter)
        _ = cmark_node_set_on_exit(node, exit)
    }
}
