import CCmark

/// Markdown text split into lines of bytes, to read what libcmark parsed by line and column.
final class SourceText {
    /// Line `n` (1-based) is `lines[n - 1]`, without its line ending.
    let lines: [[UInt8]]
    /// The containers around each block quote and list item read so far (itself included), by
    /// node and boundary: nested containers share their outer chain, so a list 1,000 levels
    /// deep is read once, not once per paragraph.
    private var chains: [ChainKey: [Container]] = [:]

    private struct ChainKey: Hashable {
        let node: OpaquePointer
        let boundary: OpaquePointer?
    }

    init(_ text: String) {
        var text = text
        lines = text.withUTF8 { bytes in
            var lines: [[UInt8]] = []
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                let end = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                lines.append(Array(bytes[start..<end]))
                start = index + 1
            }
            lines.append(Array(bytes[start...]))
            return lines
        }
    }

    /// What in lines `first...last` (1-based, prefixes included) may make GitHub's inline
    /// extensions read the text differently from libcmark: `~` runs (strikethrough shares the
    /// delimiter stack with `*` and `_`), `www.` or `://` (bare URLs, which take delimiters in),
    /// and `@` (email addresses). Emphasis of `*` and `_` alone reads the same in both, and so does
    /// a URL written as an autolink (`<https://…>`), which both read before any bare URL.
    func inlineTriggers(from first: Int, through last: Int) -> (tildesOrURLs: Bool, at: Bool) {
        var at = false
        for number in max(first, 1)...max(min(last, lines.count), max(first, 1)) where number <= lines.count {
            let bytes = lines[number - 1]
            var autolinkEnd = -1
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case UInt8(ascii: "~"):
                    return (true, true)
                case UInt8(ascii: "@"):
                    at = true
                case UInt8(ascii: "<"):
                    if index > autolinkEnd, index == 0 || bytes[index - 1] != UInt8(ascii: "\\") {
                        autolinkEnd = Self.autolinkEnd(in: bytes, from: index) ?? -1
                    }
                case UInt8(ascii: ":"):
                    if index < autolinkEnd { continue }
                    if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") { return (true, true) }
                case UInt8(ascii: "."):
                    if index < autolinkEnd { continue }
                    if index >= 3, bytes[(index - 3)..<index].allSatisfy({ $0 | 0x20 == UInt8(ascii: "w") }) { return (true, true) }
                default:
                    continue
                }
            }
        }
        return (false, at)
    }

    /// The index of the `>` that closes a CommonMark URI autolink opening at `start` (`<`, a
    /// scheme of 2 to 32 letters, digits, `+`, `.` or `-` starting with a letter, `:`, then no
    /// space, control character, `<` or `>`), or nil when none does. A backquote inside also
    /// gives nil: the caller only skips what is surely inside an autolink.
    static func autolinkEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        guard index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") else { return nil }
        while index < bytes.count, index - start <= 33 {
            let byte = bytes[index]
            let lower = byte | 0x20
            guard (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") else { break }
            index += 1
        }
        let schemeLength = index - start - 1
        guard schemeLength >= 2, schemeLength <= 32, index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return index }
            // A backquote could end a code span begun before the `<`, leaving the rest as text.
            if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "`") { return nil }
            index += 1
        }
        return nil
    }

    /// The bytes of a 1-based line, empty when out of range.
    func line(_ number: Int) -> [UInt8] {
        number >= 1 && number <= lines.count ? lines[number - 1] : []
    }
}

/// One line of a paragraph with the prefixes of its block quotes and list items removed.
struct ContentLine {
    /// The line's text after the container prefixes and leading spaces.
    var text: [UInt8]
    /// The spaces before `text` (beyond the containers' own indentation).
    var indent: Int
    /// True when the line did not carry its containers' prefixes (a lazy continuation line).
    var lazy: Bool
}

extension SourceText {
    /// The lines of a paragraph or setext heading, from its start line to `lastLine`, with the
    /// prefixes of its enclosing block quotes and list items removed. Tabs count as one column.
    /// With `lazyAfterMatched`, a lazy line keeps what follows the prefixes it does carry, its
    /// leading spaces included (as cmark's inline parser reads it), instead of being read from
    /// its start.
    func contentLines(of node: OpaquePointer, through lastLine: Int, boundary: OpaquePointer? = nil,
                      lazyAfterMatched: Bool = false) -> [ContentLine] {
        let first = Int(cmark_node_get_start_line(node))
        let column = Int(cmark_node_get_start_column(node))
        guard first >= 1, lastLine >= first else { return [] }
        let containers = containers(of: node, boundary: boundary)
        var result: [ContentLine] = []
        for number in first...lastLine {
            let bytes = line(number)
            if number == first {
                let start = min(max(column - 1, 0), bytes.count)
                result.append(ContentLine(text: Array(bytes[start...]), indent: 0, lazy: false))
                continue
            }
            var (position, lazy) = Self.strip(containers, from: bytes)
            if lazy { position = lazyAfterMatched ? Self.matchedPrefixEnd(containers, in: bytes) : 0 }
            var indent = 0
            while !(lazy && lazyAfterMatched), position < bytes.count, Self.isSpaceOrTab(bytes[position]) { position += 1; indent += 1 }
            result.append(ContentLine(text: Array(bytes[position...]), indent: indent, lazy: lazy))
        }
        return result
    }

    enum Container {
        case quote
        /// A list item whose content is indented this many columns past its container's content.
        case item(Int)
    }

    /// The block quotes and list items around a node, outermost first.
    /// Containers from `boundary` up are left out (their prefixes were removed before parsing).
    func containers(of node: OpaquePointer, boundary: OpaquePointer?) -> [Container] {
        // The containers up to the nearest one already read, innermost first.
        var pending: [OpaquePointer] = []
        var chain: [Container] = []
        var current = cmark_node_parent(node)
        while let parent = current, parent != boundary {
            let type = cmark_node_get_type(parent)
            if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_ITEM {
                if let known = chains[ChainKey(node: parent, boundary: boundary)] {
                    chain = known
                    break
                }
                pending.append(parent)
            }
            current = cmark_node_parent(parent)
        }
        for container in pending.reversed() {
            if cmark_node_get_type(container) == CMARK_NODE_BLOCK_QUOTE {
                chain.append(.quote)
            } else {
                chain.append(.item(contentIndent(ofItem: container, inside: chain)))
            }
            chains[ChainKey(node: container, boundary: boundary)] = chain
        }
        return chain
    }

    /// Removes the prefixes of `containers` from a line: where the rest starts, and whether a
    /// prefix was missing (then the position is 0).
    static func strip(_ containers: [Container], from bytes: [UInt8]) -> (Int, Bool) {
        let (position, matched) = match(containers[...], in: bytes)
        return matched == containers.count ? (position, false) : (0, true)
    }

    /// Reads the prefixes of `containers` from the start of a line, in one pass: how many of
    /// them the line carries, and where the last of those ends.
    static func match(_ containers: ArraySlice<Container>, in bytes: [UInt8]) -> (position: Int, matched: Int) {
        var position = 0
        // The column of `position`: a tab goes to the next multiple of 4 columns, as in cmark.
        var column = 0
        func advance() {
            column = bytes[position] == 9 ? column + 4 - column % 4 : column + 1
            position += 1
        }
        var matched = 0
        for container in containers {
            let (startPosition, startColumn) = (position, column)
            switch container {
            case .quote:
                var spaces = 0
                while spaces < 3, position < bytes.count, bytes[position] == UInt8(ascii: " ") { advance(); spaces += 1 }
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else { return (startPosition, matched) }
                advance()
                if position < bytes.count, isSpaceOrTab(bytes[position]) { advance() }
            case .item(let indent):
                while column - startColumn < indent, position < bytes.count, isSpaceOrTab(bytes[position]) { advance() }
                guard column - startColumn >= indent else { return (startPosition, matched) }
            }
            matched += 1
        }
        return (position, matched)
    }

    /// Where the prefixes of the leading `containers` that a line does carry end (all but the
    /// last at most; 0 when it carries none).
    static func matchedPrefixEnd(_ containers: [Container], in bytes: [UInt8]) -> Int {
        guard containers.count > 1 else { return 0 }
        let (position, matched) = match(containers.dropLast(), in: bytes)
        return matched > 0 ? position : 0
    }

    /// The columns a list item's continuation lines are indented by, past its outer containers'
    /// prefixes: spaces before the marker, the marker, and the spaces after it (one when five or
    /// more follow, or nothing does).
    func contentIndent(ofItem item: OpaquePointer, inside outer: [Container]) -> Int {
        let bytes = line(Int(cmark_node_get_start_line(item)))
        let (contentStart, _) = Self.strip(outer, from: bytes)
        var position = max(Int(cmark_node_get_start_column(item)) - 1, 0)
        guard position < bytes.count else { return 2 }
        let before = min(max(position - contentStart, 0), 3)
        let markerStart = position
        if bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "*") {
            position += 1
        } else {
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
            position += 1
        }
        let width = position - markerStart
        var spaces = 0
        while position + spaces < bytes.count, Self.isSpaceOrTab(bytes[position + spaces]) { spaces += 1 }
        let padding = (spaces >= 5 || position + spaces >= bytes.count) ? 1 : spaces
        return before + width + padding
    }

    static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
