import CCmark

/// Helpers shared by the inline extensions: text nodes, their bytes as written, and the character
/// classes cmark uses for delimiters and autolinks.
enum InlineText {
    /// The text of a text node.
    static func literal(_ node: OpaquePointer) -> [UInt8] {
        guard let text = cmark_node_get_literal(node) else { return [] }
        return Array(String(cString: text).utf8)
    }

    static func setLiteral(_ node: OpaquePointer, _ bytes: ArraySlice<UInt8>) {
        _ = cmark_node_set_literal(node, String(decoding: bytes, as: UTF8.self))
    }

    /// A new text node.
    static func text(_ bytes: ArraySlice<UInt8>) -> OpaquePointer {
        // libcmark's allocator aborts the process itself when memory runs out; it never returns NULL.
        let node: OpaquePointer = cmark_node_new(CMARK_NODE_TEXT)
        setLiteral(node, bytes)
        return node
    }

    /// How a text node's literal lines up with the text it was written as.
    struct Alignment {
        /// For each literal byte, whether it was written as itself (false for bytes that come from
        /// a backslash escape or an entity).
        var verbatim: [Bool]
        /// For each literal byte, and one past the end, its offset from `start`.
        var rawOffsets: [Int]
        /// The written line the node is on (shared with the source, not copied).
        var line: [UInt8]
        /// Where the node's written text starts in `line`; from there to the end of the line is
        /// what the extensions may read.
        var start: Int
        /// The length of the node's own written text from `start`.
        var rawCount: Int

        /// The alignment of a text that was written as itself.
        init(literal: [UInt8]) {
            verbatim = Array(repeating: true, count: literal.count)
            rawOffsets = Array(0...literal.count)
            line = literal
            start = 0
            rawCount = literal.count
        }

        init(verbatim: [Bool], rawOffsets: [Int], line: [UInt8], start: Int, rawCount: Int) {
            self.verbatim = verbatim
            self.rawOffsets = rawOffsets
            self.line = line
            self.start = start
            self.rawCount = rawCount
        }

        /// Whether raw offset `offset` falls inside one escape or entity (a single literal
        /// character written as several bytes).
        func isInsideWrittenCharacter(raw offset: Int) -> Bool {
            let index = literalOffset(raw: offset)
            return index > 0 && rawOffsets[index - 1] < offset && rawOffsets[index] > offset
        }

        /// The literal offset of the first literal byte written at or after raw offset `offset`.
        func literalOffset(raw offset: Int) -> Int {
            var low = 0, high = rawOffsets.count - 1
            while low < high {
                let middle = (low + high) / 2
                if rawOffsets[middle] >= offset { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }

    /// Lines a text node's literal up with its written text; nil when libcmark recorded no usable
    /// span or the two cannot be matched.
    /// Whether the inline extensions need a text's written form: it has a `~`, a bracket, a `:`
    /// or a `www.` (otherwise its literal serves).
    static func mayNeedWrittenText(_ literal: [UInt8]) -> Bool {
        for (index, byte) in literal.enumerated() {
            switch byte {
            case UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"):
                return true
            case UInt8(ascii: "w") where literal[index...].starts(with: [119, 119, 119, 46]):
                return true
            default:
                continue
            }
        }
        return false
    }

    /// libcmark's columns can be a little off (after a code span's backtick, after a code span
    /// over several lines, on lazy lines), so a few starts are tried; the text must match byte
    /// for byte.
    static func alignment(_ node: OpaquePointer, literal: [UInt8], source: SourceText) -> Alignment? {
        let column = Int(cmark_node_get_start_column(node))
        guard column >= 1, cmark_node_get_start_line(node) == cmark_node_get_end_line(node) else { return nil }
        let line = source.line(Int(cmark_node_get_start_line(node)))
        // Also the line's first text after spaces and `>` markers: libcmark places the start of a
        // lazy continuation line at its container's indentation.
        var contentStart = 0
        while contentStart < line.count, [32, 9, 62].contains(line[contentStart]) { contentStart += 1 }
        for start in [column - 1, column - 2, column, column - 3, column + 1, contentStart] {
            guard start >= 0, start < line.count else { continue }
            if let found = alignment(line: line, start: start, literal: literal) { return found }
        }
        return nil
    }

    /// Walks the literal along the written text from `start`: escapes and entities are one
    /// literal character (or a few bytes) for several written ones. Reads no further than the
    /// literal needs, so a long line costs nothing per node.
    private static func alignment(line: [UInt8], start: Int, literal: [UInt8]) -> Alignment? {
        if line[start...].starts(with: literal) {
            return Alignment(verbatim: Array(repeating: true, count: literal.count), rawOffsets: Array(0...literal.count),
                             line: line, start: start, rawCount: literal.count)
        }
        var verbatim: [Bool] = []
        var offsets: [Int] = []
        verbatim.reserveCapacity(literal.count)
        offsets.reserveCapacity(literal.count + 1)
        var r = start
        var l = 0
        let end = line.count
        while r < end, l < literal.count {
            if line[r] == backslash, r + 1 < end, isASCIIPunctuation(line[r + 1]), literal[l] == line[r + 1] {
                verbatim.append(false)
                offsets.append(r - start)
                r += 2
                l += 1
            } else if line[r] == UInt8(ascii: "&"), let entityEnd = entityEnd(line[...], from: r),
                      !literal[l...].starts(with: line[r..<entityEnd]) {
                let width = min(scalarWidth(literal[l]), literal.count - l)
                for _ in 0..<width {
                    verbatim.append(false)
                    offsets.append(r - start)
                }
                l += width
                r = entityEnd
            } else {
                guard line[r] == literal[l] else { return nil }
                verbatim.append(true)
                offsets.append(r - start)
                r += 1
                l += 1
            }
        }
        guard l == literal.count else { return nil }
        offsets.append(r - start)
        return Alignment(verbatim: verbatim, rawOffsets: offsets, line: line, start: start, rawCount: r - start)
    }

    /// The end of an entity reference starting at `start` (`&amp;`, `&#35;`, `&#x23;`).
    static func entityEnd(_ raw: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        let limit = min(raw.endIndex, start + 34)
        while index < limit, raw[index] != UInt8(ascii: ";") {
            let byte = raw[index]
            let ok = isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "#")
            if !ok { return nil }
            index += 1
        }
        guard index < limit, index > start + 1 else { return nil }
        return index + 1
    }

    /// The UTF-8 length of the scalar starting with `byte`.
    static func scalarWidth(_ byte: UInt8) -> Int {
        byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    }

    /// The scalar ending just before `index`.
    static func scalar(before index: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        guard index > 0 else { return nil }
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80, index - start < 4 { start -= 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars.first
    }

    /// The scalar starting at `index`.
    static func scalar(at index: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        let end = min(bytes.count, index + scalarWidth(bytes[index]))
        return String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first
    }

    /// cmark's `cmark_utf8proc_is_space`.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 9, 10, 12, 13, 32: return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// cmark's `cmark_utf8proc_is_punctuation`: ASCII punctuation and symbols, and Unicode
    /// punctuation.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 128 { return isASCIIPunctuation(UInt8(scalar.value)) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (33...47).contains(byte) || (58...64).contains(byte) || (91...96).contains(byte) || (123...126).contains(byte)
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIIAlpha(byte) || (byte >= 48 && byte <= 57)
    }

    static func isASCIIAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 97 && (byte | 0x20) <= 122
    }

    /// The children of a node, in order.
    static func children(_ node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    private static let backslash = UInt8(ascii: "\\")
}
