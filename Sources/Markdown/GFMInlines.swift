import CCmark

/// GFM's strikethrough and bare autolinks as cmark-gfm parses them: `*`, `_` and `~` runs on one
/// delimiter stack, and `www.` and `http(s)://`/`ftp://` links found while the text is read left
/// to right, so that a link takes the delimiters, code spans and brackets up to its end.
///
/// libcmark stays the parser. Its inline tree for a paragraph or heading is lined up with the
/// text as written (code spans, raw HTML, links, images and line breaks keep their nodes), its
/// emphasis is undone, and the text between those nodes is read again as cmark-gfm reads it:
/// delimiter runs with their flanking, brackets, autolinks; then cmark-gfm's `process_emphasis`
/// pairs the runs. Link text is read the same way, on its own stack, without autolinks.
struct GFMInlines {
    /// Where the replaced nodes go.
    let detached: DetachedNodes
    let autolinks: Bool
    let strikethrough: Bool
    /// The strikethrough nodes made, with their runs.
    private(set) var marks: [InlineMark] = []

    init(detached: DetachedNodes, autolinks: Bool, strikethrough: Bool) {
        self.detached = detached
        self.autolinks = autolinks
        self.strikethrough = strikethrough
    }

    /// Applies the extensions to a paragraph or heading whose text is in `source`. Returns false,
    /// having changed nothing, when libcmark's nodes cannot be lined up with the written text.
    mutating func apply(to container: OpaquePointer, source: SourceText) -> Bool {
        guard let subject = Subject(container: container, source: source) else { return false }
        var context = Context(source: source, budget: 2 * subject.raw.count + 1_000)
        // A link that a bare URL took in is gone, with the link texts in it. Levels read again
        // after a link are added as they are found.
        var index = 0
        while index < subject.levels.count {
            let level = subject.levels[index]
            if level.isInside { read(level, in: subject, context: &context) }
            index += 1
        }
        consolidateText(under: container)
        return true
    }

    // MARK: Reading a level

    private struct Delimiter {
        var node: OpaquePointer
        var character: UInt8
        /// The run's length as written (cmark's rule of 3 uses it).
        var length: Int
        /// The characters not yet used by an emphasis.
        var remaining: Int
        var canOpen: Bool
        var canClose: Bool
        var previous: Int?
        var next: Int?
    }

    /// What reading the text again after a link needs: the page's reference definitions (made
    /// once, when first needed) and how many bytes may still be read again, so that many links
    /// ending inside an escape keep the work linear.
    private struct Context {
        let source: SourceText
        var budget: Int
        private var definitions: ReferenceDefinitions?

        init(source: SourceText, budget: Int) {
            self.source = source
            self.budget = budget
        }

        mutating func references() -> ReferenceDefinitions {
            if let definitions { return definitions }
            let made = ReferenceDefinitions(source)
            definitions = made
            return made
        }
    }

    /// Reads a level's text as cmark-gfm's `parse_inline` does, rebuilds its children, and pairs
    /// its delimiter runs.
    private mutating func read(_ level: Level, in subject: Subject, context: inout Context) {
        let raw = subject.raw
        var nodes: [OpaquePointer] = []
        var delimiters: [Delimiter] = []
        // The open brackets, as cmark-gfm's autolinks see them: any `[` left open stops them,
        // a `![` only until a link closes after it.
        var brackets: [(image: Bool, active: Bool)] = []
        var inBracket: Bool { brackets.contains { !$0.image || $0.active } }
        var position = level.start
        var pending = position
        var atomIndex = 0
        let linking = autolinks && !level.inBracket

        func flush(_ end: Int) {
            if end > pending { nodes.append(InlineText.text(subject.decode(pending..<end)[...])) }
        }
        func delimiter(_ character: UInt8, _ end: Int, pushed: Bool, canOpen: Bool, canClose: Bool) {
            flush(position)
            let node = InlineText.text(raw[position..<end])
            nodes.append(node)
            if pushed {
                delimiters.append(Delimiter(node: node, character: character, length: end - position, remaining: end - position,
                                            canOpen: canOpen, canClose: canClose))
            }
            position = end
            pending = end
        }

        while position < level.end {
            if atomIndex < level.atoms.count, level.atoms[atomIndex].range.lowerBound == position {
                let atom = level.atoms[atomIndex]
                atomIndex += 1
                flush(position)
                nodes.append(atom.node)
                if cmark_node_get_type(atom.node) == CMARK_NODE_LINK, raw[position] == UInt8(ascii: "[") {
                    for index in brackets.indices { brackets[index].active = false }
                }
                position = atom.range.upperBound
                pending = position
                continue
            }
            let unitEnd = subject.unitEnd[position]
            guard unitEnd > 0 else { position += 1; continue }
            guard subject.verbatim[position] else { position = unitEnd; continue }
            let byte = raw[position]
            var link: (start: Int, end: Int, url: String)?
            switch byte {
            case Self.asterisk, Self.underscore:
                var end = position
                while end < raw.count, raw[end] == byte { end += 1 }
                let flanks = subject.flanking(position, end, skippingTildes: strikethrough)
                let canOpen: Bool, canClose: Bool
                if byte == Self.underscore {
                    canOpen = flanks.left && (!flanks.right || InlineText.isPunctuation(flanks.before))
                    canClose = flanks.right && (!flanks.left || InlineText.isPunctuation(flanks.after))
                } else {
                    (canOpen, canClose) = (flanks.left, flanks.right)
                }
                delimiter(byte, end, pushed: canOpen || canClose, canOpen: canOpen, canClose: canClose)
                continue
            case Self.tilde where strikethrough:
                // cmark-gfm reads at most 100 `~` as one run.
                var end = position
                while end < raw.count, raw[end] == byte, end - position < 100 { end += 1 }
                let flanks = subject.flanking(position, end)
                delimiter(byte, end, pushed: (flanks.left || flanks.right) && end - position <= 2,
                          canOpen: flanks.left, canClose: flanks.right)
                continue
            case UInt8(ascii: "["):
                let image = position - 1 >= pending && raw[position - 1] == UInt8(ascii: "!") && subject.verbatim[position - 1]
                    && subject.unitEnd[position - 1] == position
                brackets.append((image, true))
            case UInt8(ascii: "]"):
                _ = brackets.popLast()
            case UInt8(ascii: ":") where linking && !inBracket:
                if let (start, end) = ExtendedAutolinks.urlRange(raw, colon: position, segmentStart: max(subject.start, pending)) {
                    link = (start, end, String(decoding: raw[start..<end], as: UTF8.self))
                }
            case UInt8(ascii: "w") where linking && !inBracket:
                let allowed = position == subject.start || ExtendedAutolinks.allowsWWW(after: raw[position - 1])
                if allowed, let end = ExtendedAutolinks.wwwEnd(raw, from: position) {
                    link = (position, end, "http://" + String(decoding: raw[position..<end], as: UTF8.self))
                }
            default:
                break
            }
            guard let link else { position = unitEnd; continue }
            flush(link.start)
            nodes.append(makeLink(url: link.url, text: raw[link.start..<link.end]))
            // The link takes what it runs over: the nodes it covers go. When it ends inside a
            // node, an escape or an entity, the text after it is parsed again from there, as
            // cmark-gfm goes on reading from the link's end.
            var cut: Range<Int>?
            while atomIndex < level.atoms.count, level.atoms[atomIndex].range.lowerBound < link.end {
                let atom = level.atoms[atomIndex]
                atomIndex += 1
                guard atom.range.upperBound > link.end else { continue }
                if cmark_node_get_type(atom.node) == CMARK_NODE_LINEBREAK {
                    // The link took the backslash of a hard break: the newline is a soft break,
                    // and the next line's spaces are skipped.
                    var end = atom.range.upperBound
                    while end < level.end, raw[end] == 32 || raw[end] == 9 { end += 1 }
                    atomIndex -= 1
                    level.atoms[atomIndex] = (link.end..<end, cmark_node_new(CMARK_NODE_SOFTBREAK))
                } else {
                    cut = link.end..<atom.range.upperBound
                }
            }
            let atAtom = atomIndex < level.atoms.count && level.atoms[atomIndex].range.lowerBound == link.end
            if cut == nil, link.end < level.end, !atAtom, subject.unitEnd[link.end] == 0 {
                var start = link.end
                while start > level.start, subject.unitEnd[start] == 0 { start -= 1 }
                cut = link.end..<max(subject.unitEnd[start], link.end + 1)
            }
            if let cut, !reparse(level, from: link.end, atomIndex: atomIndex, in: subject, context: &context) {
                // Out of budget or not lined up: the rest of the piece as plain text.
                subject.retokenize(cut)
            }
            position = link.end
            pending = position
        }
        flush(level.end)

        // The old children go, except the nodes kept as they were (put back in order below).
        let kept = Set(nodes)
        var child = cmark_node_first_child(level.container)
        while let node = child {
            child = cmark_node_next(node)
            if node != subject.checkbox, !kept.contains(node) { detached.remove(node) }
        }
        for node in nodes { _ = cmark_node_append_child(level.container, node) }
        for index in delimiters.indices {
            delimiters[index].previous = index > 0 ? index - 1 : nil
            delimiters[index].next = index + 1 < delimiters.count ? index + 1 : nil
        }
        if !delimiters.isEmpty { processEmphasis(&delimiters) }
    }

    /// Parses the text from `start` to the end on its own (behind an empty link, as a table cell
    /// is) and puts its pieces and nodes in place of `level`'s from `atomIndex` on. False when the
    /// budget is spent or the parse does not line up with the text.
    private func reparse(_ level: Level, from start: Int, atomIndex: Int, in subject: Subject, context: inout Context) -> Bool {
        let rest = subject.raw[start...]
        guard rest.count <= context.budget else { return false }
        context.budget -= rest.count
        let marker = "[](#)"
        // Continuation lines indented 4 spaces stay in the paragraph (`===` makes no heading,
        // `- ` no list), and lose the spaces again as paragraph lines do.
        var text: [UInt8] = []
        text.reserveCapacity(rest.count)
        for byte in rest {
            text.append(byte)
            if byte == 10 { text += [32, 32, 32, 32] }
        }
        let snippet = MarkdownSnippet(marker + String(decoding: text, as: UTF8.self), references: context.references())
        let blocks = snippet.blocks
        guard blocks.count == 1, cmark_node_get_type(blocks[0]) == CMARK_NODE_PARAGRAPH,
              let first = cmark_node_first_child(blocks[0]) else { return false }
        detached.remove(first)
        detached.keep(snippet)
        guard let parsed = Subject(container: blocks[0], source: snippet.source), parsed.start == marker.utf8.count,
              parsed.raw[parsed.start...].elementsEqual(rest) else { return false }
        subject.splice(parsed, at: start)
        let shift = start - parsed.start
        func shifted(_ atoms: [(range: Range<Int>, node: OpaquePointer)]) -> [(range: Range<Int>, node: OpaquePointer)] {
            atoms.map { atom in
                let range: Range<Int> = (atom.range.lowerBound + shift)..<(atom.range.upperBound + shift)
                return (range, atom.node)
            }
        }
        level.atoms = Array(level.atoms[..<atomIndex]) + shifted(parsed.levels[0].atoms)
        // The parsed levels keep their nesting: the parse's top level stands for `level`.
        var movedLevels: [ObjectIdentifier: Level] = [ObjectIdentifier(parsed.levels[0]): level]
        for inner in parsed.levels.dropFirst() {
            let parent = inner.parent.flatMap { movedLevels[ObjectIdentifier($0)] } ?? level
            let moved = Level(container: inner.container, start: inner.start + shift, inBracket: true, parent: parent)
            moved.end = inner.end + shift
            moved.atoms = shifted(inner.atoms)
            movedLevels[ObjectIdentifier(inner)] = moved
            subject.levels.append(moved)
        }
        return true
    }

    /// cmark-gfm's `process_emphasis` over one level's runs of `*`, `_` and `~`.
    private mutating func processEmphasis(_ delimiters: inout [Delimiter]) {
        // cmark's `openers_bottom`, by character and closer length modulo 3.
        var bottoms: [Int: Int?] = [:]
        var closer: Int? = 0
        while let current = closer {
            let closing = delimiters[current]
            guard closing.canClose else { closer = closing.next; continue }
            let key = Int(closing.character) * 3 + closing.length % 3
            let bottom = bottoms[key] ?? nil
            var opener = closing.previous
            var found = false
            while let candidate = opener, candidate != bottom {
                let opening = delimiters[candidate]
                if opening.canOpen, opening.character == closing.character,
                   !(closing.canOpen || opening.canClose) || closing.length % 3 == 0 || (opening.length + closing.length) % 3 != 0 {
                    found = true
                    break
                }
                opener = opening.previous
            }
            if found, let opener {
                if closing.character == Self.tilde {
                    closer = strike(opener, current, &delimiters)
                } else {
                    closer = emphasize(opener, current, &delimiters)
                }
            } else {
                closer = closing.next
                bottoms[key] = closing.previous
                if !closing.canOpen { Self.remove(current, &delimiters) }
            }
        }
    }

    /// cmark's `S_insert_emph`: uses one or two characters of each run for an emphasis or strong
    /// emphasis around the nodes between; returns the next closer to look at.
    private func emphasize(_ opener: Int, _ closer: Int, _ delimiters: inout [Delimiter]) -> Int? {
        let use = delimiters[closer].remaining >= 2 && delimiters[opener].remaining >= 2 ? 2 : 1
        delimiters[opener].remaining -= use
        delimiters[closer].remaining -= use
        let character = Character(Unicode.Scalar(delimiters[opener].character))
        let openerNode = delimiters[opener].node, closerNode = delimiters[closer].node
        _ = cmark_node_set_literal(openerNode, String(repeating: character, count: delimiters[opener].remaining))
        _ = cmark_node_set_literal(closerNode, String(repeating: character, count: delimiters[closer].remaining))
        var between = delimiters[closer].previous
        while let index = between, index != opener {
            between = delimiters[index].previous
            Self.remove(index, &delimiters)
        }
        let emphasis: OpaquePointer = cmark_node_new(use == 1 ? CMARK_NODE_EMPH : CMARK_NODE_STRONG)
        wrap(from: openerNode, to: closerNode, in: emphasis)
        if delimiters[opener].remaining == 0 {
            detached.remove(openerNode)
            Self.remove(opener, &delimiters)
        }
        if delimiters[closer].remaining == 0 {
            detached.remove(closerNode)
            let next = delimiters[closer].next
            Self.remove(closer, &delimiters)
            return next
        }
        return closer
    }

    /// cmark-gfm's strikethrough `insert`: runs of the same length strike the nodes between;
    /// returns the next closer to look at.
    private mutating func strike(_ opener: Int, _ closer: Int, _ delimiters: inout [Delimiter]) -> Int? {
        let next = delimiters[closer].next
        guard delimiters[opener].length == delimiters[closer].length else { return next }
        let run = String(repeating: "~", count: delimiters[opener].length)
        let node = PipeTable.inline("<del>", "</del>")
        wrap(from: delimiters[opener].node, to: delimiters[closer].node, in: node)
        detached.remove(delimiters[opener].node)
        detached.remove(delimiters[closer].node)
        var index: Int? = closer
        while let current = index, current != opener {
            index = delimiters[current].previous
            Self.remove(current, &delimiters)
        }
        Self.remove(opener, &delimiters)
        marks.append(InlineMark(node: node, html: ("<del>", "</del>"), commonMark: (run, run)))
        return next
    }

    /// Takes a delimiter out of the list.
    private static func remove(_ index: Int, _ delimiters: inout [Delimiter]) {
        if let previous = delimiters[index].previous { delimiters[previous].next = delimiters[index].next }
        if let next = delimiters[index].next { delimiters[next].previous = delimiters[index].previous }
    }

    /// Moves the nodes between two siblings into `wrapper`, placed after the first.
    private func wrap(from opener: OpaquePointer, to closer: OpaquePointer, in wrapper: OpaquePointer) {
        var node = cmark_node_next(opener)
        while let current = node, current != closer {
            node = cmark_node_next(current)
            _ = cmark_node_append_child(wrapper, current)
        }
        _ = cmark_node_insert_after(opener, wrapper)
    }

    private func makeLink(url: String, text: ArraySlice<UInt8>) -> OpaquePointer {
        let link: OpaquePointer = cmark_node_new(CMARK_NODE_LINK)
        _ = cmark_node_set_url(link, url)
        _ = cmark_node_append_child(link, InlineText.text(text))
        return link
    }

    /// Merges neighbouring text nodes, as cmark-gfm does before it looks for e-mail addresses.
    private func consolidateText(under root: OpaquePointer) {
        var parents: [OpaquePointer] = [root]
        if let iterator = cmark_iter_new(root) {
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), node != root,
                   cmark_node_first_child(node) != nil {
                    parents.append(node)
                }
            }
            cmark_iter_free(iterator)
        }
        for parent in parents {
            var child = cmark_node_first_child(parent)
            while let node = child {
                child = cmark_node_next(node)
                guard cmark_node_get_type(node) == CMARK_NODE_TEXT, let following = child,
                      cmark_node_get_type(following) == CMARK_NODE_TEXT else { continue }
                var text = InlineText.literal(node)
                while let next = child, cmark_node_get_type(next) == CMARK_NODE_TEXT {
                    text += InlineText.literal(next)
                    child = cmark_node_next(next)
                    detached.remove(next)
                }
                InlineText.setLiteral(node, text[...])
            }
        }
    }

    private static let asterisk = UInt8(ascii: "*")
    private static let underscore = UInt8(ascii: "_")
    private static let tilde = UInt8(ascii: "~")
}

/// A stretch of a container read on one delimiter stack: the container itself, or the text of
/// a link or image in it. Between its atoms (nodes kept as libcmark made them) is text.
private final class Level {
    let container: OpaquePointer
    let start: Int
    var end: Int
    let inBracket: Bool
    var atoms: [(range: Range<Int>, node: OpaquePointer)] = []
    /// The level whose text holds this one's link or image; nil for the paragraph itself.
    let parent: Level?
    /// Whether the link or image is still in the paragraph, once its parent level was read.
    private var inside: Bool?

    init(container: OpaquePointer, start: Int, inBracket: Bool, parent: Level?) {
        self.container = container
        self.start = start
        self.end = start
        self.inBracket = inBracket
        self.parent = parent
    }

    /// Whether this level's link or image is still in the paragraph (a bare URL may have taken
    /// it in, with the link texts inside it): its parent is, and its node still hangs under the
    /// parent's (perhaps inside emphasis made since). Asked in reading order, after the parent
    /// was read, so each level climbs only the nodes between it and its parent: linear in the
    /// nesting, where climbing to the paragraph from every level was quadratic.
    var isInside: Bool {
        if let inside { return inside }
        guard let parent else { return true }
        var result = false
        if parent.isInside {
            var node = cmark_node_parent(container)
            while let current = node {
                if current == parent.container { result = true; break }
                // Another link or image in between: this one was moved out of its parent's text.
                let type = cmark_node_get_type(current)
                if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE || type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING { break }
                node = cmark_node_parent(current)
            }
        }
        inside = result
        return result
    }
}

/// A paragraph's or heading's text as cmark's inline parser reads it (container prefixes and
/// leading spaces removed, lines joined by newlines), lined up with libcmark's nodes.
private final class Subject {
    /// The text, up to the end of the last inline.
    var raw: [UInt8]
    /// Where the inlines start (after reference definitions, a heading's `#`, a task's `[ ]`).
    var start = 0
    /// For each byte that starts a piece of text (a byte written as itself, an escape, an entity):
    /// where the piece ends; 0 elsewhere.
    var unitEnd: [Int]
    /// Whether the piece starting here was written as itself.
    var verbatim: [Bool]
    /// The text of each entity, by where it starts.
    var entities: [Int: ArraySlice<UInt8>] = [:]
    /// The container and the link texts in it, outermost first.
    var levels: [Level] = []
    /// A task list item's checkbox, which stays first.
    var checkbox: OpaquePointer?

    init?(container: OpaquePointer, source: SourceText) {
        let lines = source.contentLines(of: container, through: Int(cmark_node_get_end_line(container)), lazyAfterMatched: true)
        guard !lines.isEmpty, cmark_node_first_child(container) != nil else { return nil }
        raw = Array(lines.map(\.text).joined(separator: [10]))
        unitEnd = Array(repeating: 0, count: raw.count + 1)
        verbatim = Array(repeating: false, count: raw.count + 1)
        var first = 0
        if cmark_node_get_type(container) == CMARK_NODE_HEADING {
            while first < raw.count, raw[first] == 32 { first += 1 }
            var hashes = first
            while hashes < raw.count, raw[hashes] == UInt8(ascii: "#") { hashes += 1 }
            if hashes > first, hashes - first <= 6, hashes == raw.count || raw[hashes] == 32 || raw[hashes] == 9 {
                first = hashes
                while first < raw.count, raw[first] == 32 || raw[first] == 9 { first += 1 }
            } else {
                first = 0
            }
        }
        var skip: OpaquePointer?
        if let node = cmark_node_first_child(container), cmark_node_get_type(node) == CMARK_NODE_CUSTOM_INLINE {
            guard first + 3 <= raw.count, raw[first] == UInt8(ascii: "["), raw[first + 2] == UInt8(ascii: "]") else { return nil }
            first += 3
            while first < raw.count, raw[first] == 32 || raw[first] == 9 { first += 1 }
            checkbox = node
            skip = node
        }
        let firstNode = skip.flatMap(cmark_node_next) ?? (skip == nil ? cmark_node_first_child(container) : nil)
        guard let firstNode else { return nil }
        // Reference definitions before the text leave lines libcmark has taken out: the text
        // starts at the first line start where the first node fits.
        var candidates = [first]
        var index = first
        while let newline = raw[index...].firstIndex(of: 10) {
            candidates.append(newline + 1)
            index = newline + 1
        }
        // A table cell is parsed behind an empty link that the table has taken out already.
        let marker = Array("[](#)".utf8)
        if raw[first...].starts(with: marker),
           !(cmark_node_get_type(firstNode) == CMARK_NODE_LINK && cmark_node_first_child(firstNode) == nil) {
            candidates = [first + marker.count]
        }
        // A walk from a line start that only looked right fails; a few are tried.
        var found: (begin: Int, end: Int)?
        var tries = 0
        for candidate in candidates where tries < 8 && fits(firstNode, at: candidate) {
            tries += 1
            if let end = walk(container, from: candidate, skipping: skip) {
                found = (candidate, end)
                break
            }
        }
        guard let found else { return nil }
        start = found.begin
        raw.removeSubrange(found.end...)
    }

    /// Whether a node can start at `position` (a cheap look before the whole walk).
    private func fits(_ node: OpaquePointer, at position: Int) -> Bool {
        guard position <= raw.count else { return false }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            var at = position
            return lineUp(InlineText.literal(node), at: &at, recording: false)
        case CMARK_NODE_CODE: return position < raw.count && raw[position] == UInt8(ascii: "`")
        case CMARK_NODE_HTML_INLINE, CMARK_NODE_LINK: return position < raw.count && (raw[position] == UInt8(ascii: "<") || raw[position] == UInt8(ascii: "["))
        case CMARK_NODE_IMAGE: return position < raw.count && raw[position] == UInt8(ascii: "!")
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG: return position < raw.count && (raw[position] == UInt8(ascii: "*") || raw[position] == UInt8(ascii: "_"))
        default: return true
        }
    }

    /// Lines every inline under `container` up with the text from `begin`, recording the pieces
    /// of text and the atoms of each level; returns where the last inline ends.
    private func walk(_ container: OpaquePointer, from begin: Int, skipping skip: OpaquePointer?) -> Int? {
        guard let iterator = cmark_iter_new(container) else { return nil }
        defer { cmark_iter_free(iterator) }
        let raw = self.raw
        var position = begin
        var stack: [Level] = [Level(container: container, start: begin, inBracket: false, parent: nil)]
        levels = [stack[0]]
        // The start of each open link or image, and each open emphasis's character.
        var linkStarts: [Int] = []
        var emphasis: [UInt8] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { return nil }
            if node == container || node == skip { continue }
            let type = cmark_node_get_type(node)
            let level = stack[stack.count - 1]
            let entering = event == CMARK_EVENT_ENTER
            switch type {
            case CMARK_NODE_TEXT:
                guard lineUp(InlineText.literal(node), at: &position) else { return nil }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                let start = position
                while position < raw.count, raw[position] == 32 || raw[position] == 9 { position += 1 }
                let backslash = type == CMARK_NODE_LINEBREAK && position < raw.count && raw[position] == UInt8(ascii: "\\")
                if backslash { position += 1 }
                guard position < raw.count, raw[position] == 10 else { return nil }
                position += 1
                // cmark skips the next line's leading spaces (kept on a lazy line) unless a
                // backslash made the break.
                while !backslash, position < raw.count, raw[position] == 32 || raw[position] == 9 { position += 1 }
                level.atoms.append((start..<position, node))
            case CMARK_NODE_CODE:
                guard let end = codeSpanEnd(from: position) else { return nil }
                level.atoms.append((position..<end, node))
                position = end
            case CMARK_NODE_HTML_INLINE:
                let literal = InlineText.literal(node)
                guard raw[position...].starts(with: literal) else { return nil }
                level.atoms.append((position..<(position + literal.count), node))
                position += literal.count
            case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
                let count = type == CMARK_NODE_EMPH ? 1 : 2
                if entering {
                    guard position < raw.count, raw[position] == UInt8(ascii: "*") || raw[position] == UInt8(ascii: "_") else { return nil }
                    emphasis.append(raw[position])
                }
                guard let character = emphasis.last, position + count <= raw.count,
                      raw[position..<(position + count)].allSatisfy({ $0 == character }) else { return nil }
                for offset in position..<(position + count) {
                    unitEnd[offset] = offset + 1
                    verbatim[offset] = true
                }
                position += count
                if !entering { emphasis.removeLast() }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if entering {
                    let start = position
                    if type == CMARK_NODE_LINK, position < raw.count, raw[position] == UInt8(ascii: "<") {
                        // An autolink: its text is never read for inlines.
                        guard let close = raw[position...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                        position = close + 1
                        level.atoms.append((start..<position, node))
                        cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
                        continue
                    }
                    let opening: [UInt8] = type == CMARK_NODE_IMAGE ? [33, 91] : [91]
                    guard raw[position...].starts(with: opening) else { return nil }
                    position += opening.count
                    let inner = Level(container: node, start: position, inBracket: true, parent: level)
                    linkStarts.append(start)
                    stack.append(inner)
                    levels.append(inner)
                } else {
                    guard stack.count > 1, let start = linkStarts.popLast(), position < raw.count,
                          raw[position] == UInt8(ascii: "]") else { return nil }
                    level.end = position
                    stack.removeLast()
                    position = linkTailEnd(after: position + 1)
                    stack[stack.count - 1].atoms.append((start..<position, node))
                }
            default:
                return nil
            }
        }
        guard stack.count == 1 else { return nil }
        stack[0].end = position
        return position
    }

    /// Walks a text node's literal along the text from `position`: an escape or an entity is one
    /// piece for several written bytes. Records the pieces; false when the two do not match.
    /// With `recording` false it only looks (for ``fits(_:at:)``).
    private func lineUp(_ literal: [UInt8], at position: inout Int, recording: Bool = true) -> Bool {
        // The arrays are taken out for the walk, so each byte is not a checked access to the class.
        let raw = self.raw
        var unitEnd: [Int] = []
        var verbatim: [Bool] = []
        if recording {
            swap(&unitEnd, &self.unitEnd)
            swap(&verbatim, &self.verbatim)
        }
        defer {
            if recording {
                swap(&unitEnd, &self.unitEnd)
                swap(&verbatim, &self.verbatim)
            }
        }
        var l = 0
        while l < literal.count {
            guard position < raw.count else { return false }
            let byte = raw[position]
            if byte == UInt8(ascii: "\\"), position + 1 < raw.count, InlineText.isASCIIPunctuation(raw[position + 1]),
               literal[l] == raw[position + 1] {
                if recording {
                    unitEnd[position] = position + 2
                    verbatim[position] = false
                }
                position += 2
                l += 1
            } else if byte == UInt8(ascii: "&"), let end = InlineText.entityEnd(raw[...], from: position),
                      !literal[l...].starts(with: raw[position..<end]) {
                let width = min(InlineText.scalarWidth(literal[l]), literal.count - l)
                if recording {
                    entities[position] = literal[l..<(l + width)]
                    unitEnd[position] = end
                    verbatim[position] = false
                }
                position = end
                l += width
            } else {
                guard byte == literal[l] else { return false }
                if recording {
                    unitEnd[position] = position + 1
                    verbatim[position] = true
                }
                position += 1
                l += 1
            }
        }
        return true
    }

    /// The end of the code span whose opening backticks start at `position`.
    private func codeSpanEnd(from position: Int) -> Int? {
        var index = position
        while index < raw.count, raw[index] == UInt8(ascii: "`") { index += 1 }
        let length = index - position
        guard length > 0 else { return nil }
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "`") else { index += 1; continue }
            let run = index
            while index < raw.count, raw[index] == UInt8(ascii: "`") { index += 1 }
            if index - run == length { return index }
        }
        return nil
    }

    /// Where a link's or image's destination, title or label ends, read as cmark reads it after
    /// the `]` (an inline `(…)`, a `[label]` or `[]`, or nothing for a shortcut reference).
    private func linkTailEnd(after position: Int) -> Int {
        if position < raw.count, raw[position] == UInt8(ascii: "(") {
            let urlStart = skipSpaces(from: position + 1)
            if let urlLength = linkDestinationLength(at: urlStart) {
                let urlEnd = urlStart + urlLength
                let titleStart = skipSpaces(from: urlEnd)
                let titleEnd = titleStart == urlEnd ? titleStart : titleStart + titleLength(at: titleStart)
                let end = skipSpaces(from: titleEnd)
                if end < raw.count, raw[end] == UInt8(ascii: ")") { return end + 1 }
            }
        }
        return labelEnd(at: position) ?? position
    }

    private func skipSpaces(from position: Int) -> Int {
        var index = position
        while index < raw.count, [32, 9, 10, 11, 12, 13].contains(raw[index]) { index += 1 }
        return index
    }

    /// cmark's `manual_scan_link_url`.
    private func linkDestinationLength(at start: Int) -> Int? {
        var index = start
        if index < raw.count, raw[index] == UInt8(ascii: "<") {
            index += 1
            while index < raw.count {
                let byte = raw[index]
                if byte == UInt8(ascii: ">") { index += 1; break }
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == 10 || byte == UInt8(ascii: "<") { return nil }
                index += 1
            }
        } else {
            var depth = 0
            while index < raw.count {
                let byte = raw[index]
                if byte == UInt8(ascii: "\\"), index + 1 < raw.count, InlineText.isASCIIPunctuation(raw[index + 1]) {
                    index += 2
                } else if byte == UInt8(ascii: "(") {
                    depth += 1
                    index += 1
                    if depth > 32 { return nil }
                } else if byte == UInt8(ascii: ")") {
                    if depth == 0 { break }
                    depth -= 1
                    index += 1
                } else if [32, 9, 10, 11, 12, 13].contains(byte) {
                    if index == start { return nil }
                    break
                } else {
                    index += 1
                }
            }
        }
        guard index < raw.count else { return nil }
        return index - start
    }

    /// cmark's `scan_link_title`: a `"…"`, `'…'` or `(…)` title, 0 when there is none.
    private func titleLength(at start: Int) -> Int {
        guard start < raw.count else { return 0 }
        let open = raw[start]
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): close = open
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return 0
        }
        var index = start + 1
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "\\"), index + 1 < raw.count, InlineText.isASCIIPunctuation(raw[index + 1]) {
                index += 2
            } else if byte == close {
                return index + 1 - start
            } else if open == UInt8(ascii: "("), byte == open {
                return 0
            } else {
                index += 1
            }
        }
        return 0
    }

    /// cmark's `link_label`: the end of a `[label]` (or `[]`) at `start`.
    private func labelEnd(at start: Int) -> Int? {
        guard start < raw.count, raw[start] == UInt8(ascii: "[") else { return nil }
        var index = start + 1
        var length = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "[") { return nil }
            if byte == UInt8(ascii: "]") { return length <= 999 ? index + 1 : nil }
            if byte == UInt8(ascii: "\\"), index + 1 < raw.count, InlineText.isASCIIPunctuation(raw[index + 1]) {
                index += 2
                length += 2
            } else {
                index += 1
                length += 1
            }
            if length > 999 { return nil }
        }
        return nil
    }

    /// The text of `range`: each piece's literal (the rest of a piece cut by a link as written).
    func decode(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let end = unitEnd[index]
            guard end > 0, end <= range.upperBound else {
                out.append(raw[index])
                index += 1
                continue
            }
            if verbatim[index] {
                out.append(raw[index])
            } else if raw[index] == UInt8(ascii: "\\"), end == index + 2 {
                out.append(raw[index + 1])
            } else {
                out += entities[index] ?? raw[index..<end]
            }
            index = end
        }
        return out
    }

    /// Takes the pieces of text of `other`, a parse of this text from `start` on.
    func splice(_ other: Subject, at start: Int) {
        let shift = start - other.start
        for index in other.start..<other.raw.count {
            unitEnd[index + shift] = other.unitEnd[index] > 0 ? other.unitEnd[index] + shift : 0
            verbatim[index + shift] = other.verbatim[index]
        }
        for (index, text) in other.entities where index >= other.start {
            entities[index + shift] = text
        }
    }

    /// Makes `range` plain text as written, as cmark-gfm reads what follows a link that ended
    /// inside a code span, a link or an escape: escapes are escapes, every other byte itself.
    func retokenize(_ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            if raw[index] == UInt8(ascii: "\\"), index + 1 < range.upperBound, InlineText.isASCIIPunctuation(raw[index + 1]) {
                unitEnd[index] = index + 2
                verbatim[index] = false
                unitEnd[index + 1] = 0
                index += 2
            } else {
                unitEnd[index] = index + 1
                verbatim[index] = true
                index += 1
            }
        }
    }

    /// cmark's flanking rules for the run `start..<end`, with the characters either side (a
    /// newline at the start and end of the text). With `skippingTildes`, as cmark-gfm reads `*`
    /// and `_` runs when strikethrough is on, `~` next to the run is looked through.
    func flanking(_ start: Int, _ end: Int, skippingTildes: Bool = false) -> (left: Bool, right: Bool, before: Unicode.Scalar, after: Unicode.Scalar) {
        let tilde = UInt8(ascii: "~")
        var before: Unicode.Scalar = "\n"
        if start > self.start {
            var index = start - 1
            while index > self.start, raw[index] & 0xC0 == 0x80 || (skippingTildes && raw[index] == tilde) { index -= 1 }
            if let scalar = InlineText.scalar(at: index, in: raw), !(skippingTildes && scalar == "~") { before = scalar }
        }
        var after: Unicode.Scalar = "\n"
        var index = end
        while skippingTildes, index < raw.count, raw[index] == tilde { index += 1 }
        if index < raw.count, let scalar = InlineText.scalar(at: index, in: raw) { after = scalar }
        let spaceAfter = InlineText.isSpace(after), spaceBefore = InlineText.isSpace(before)
        let punctuationAfter = InlineText.isPunctuation(after), punctuationBefore = InlineText.isPunctuation(before)
        let left = !spaceAfter && (!punctuationAfter || spaceBefore || punctuationBefore)
        let right = !spaceBefore && (!punctuationBefore || spaceAfter || punctuationAfter)
        return (left, right, before, after)
    }
}
