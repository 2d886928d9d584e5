/// The rows of a GFM pipe table, split into cells as cmark-gfm's table extension splits them.
enum PipeTableRow {
    /// How a column is aligned, from the colons of the delimiter row.
    enum Alignment: Equatable {
        case none, left, center, right
    }

    /// The cells of a row (`| a | b \| c |` → `a`, `b | c`): split at unescaped pipes, with `\|`
    /// turned into `|` and each cell trimmed. A leading and a trailing pipe are optional. Every
    /// non-blank line is a row of at least one cell.
    static func cells(_ line: [UInt8]) -> [[UInt8]] {
        var cells: [[UInt8]] = []
        var index = 0
        let count = line.count
        if index < count, line[index] == pipe {
            index += 1
            while index < count, isSpaceChar(line[index]) { index += 1 }
        }
        while index < count {
            let start = index
            while index < count, line[index] != pipe {
                index += (line[index] == backslash && index + 1 < count && line[index + 1] == pipe) ? 2 : 1
            }
            let end = index
            let hasPipe = index < count
            if end > start || hasPipe {
                cells.append(trimmed(unescapingPipes(line[start..<end])))
            }
            guard hasPipe else { break }
            index += 1
            while index < count, isSpaceChar(line[index]) { index += 1 }
        }
        return cells
    }

    /// The alignments of a delimiter row (`| :-- | --: | :-: | --- |`), or nil when the line is
    /// not one.
    static func delimiter(_ line: [UInt8]) -> [Alignment]? {
        var index = 0
        let count = line.count
        if index < count, line[index] == pipe { index += 1 }
        var alignments: [Alignment] = []
        while true {
            while index < count, isSpaceChar(line[index]) { index += 1 }
            let left = index < count && line[index] == colon
            if left { index += 1 }
            var dashes = 0
            while index < count, line[index] == dash { index += 1; dashes += 1 }
            guard dashes > 0 else { return nil }
            let right = index < count && line[index] == colon
            if right { index += 1 }
            while index < count, isSpaceChar(line[index]) { index += 1 }
            alignments.append(left && right ? .center : left ? .left : right ? .right : .none)
            guard index < count, line[index] == pipe else { break }
            index += 1
            var rest = index
            while rest < count, isSpaceChar(line[rest]) { rest += 1 }
            if rest == count { index = rest; break }
        }
        return index == count ? alignments : nil
    }

    /// True for a line with nothing but spaces and tabs.
    static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { isSpaceChar($0) || $0 == 13 }
    }

    private static func unescapingPipes(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == backslash, index + 1 < bytes.endIndex, bytes[index + 1] == pipe {
                index += 1
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return Array(bytes[start..<end])
    }

    /// cmark's `spacechar`: space, tab, vertical tab, form feed.
    static func isSpaceChar(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 11 || byte == 12
    }

    /// cmark's `isspace`: `spacechar` plus line endings.
    private static func isSpace(_ byte: UInt8) -> Bool {
        isSpaceChar(byte) || byte == 10 || byte == 13
    }

    private static let pipe = UInt8(ascii: "|")
    private static let backslash = UInt8(ascii: "\\")
    private static let colon = UInt8(ascii: ":")
    private static let dash = UInt8(ascii: "-")
}
