import Basics
import ReportKit

/// A page file split into its front matter and its Markdown body.
struct SourceText: Equatable {
    /// The YAML between the `---` lines, nil when the file has no front matter.
    var frontMatter: String?
    /// The Markdown after the front matter.
    var body: String
    /// How many lines of the file come before the body: body line n is file line n + offset.
    var bodyLineOffset: Int

    /// Splits a page. A UTF-8 byte-order mark is dropped; CRLF line ends are accepted. Front matter
    /// exists only when the very first line is `---`; it ends at the next line that is `---` or `...`.
    /// A `---` later in the body is a thematic break, not front matter.
    init(_ text: String) throws {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }

        let lines = Self.lineRanges(bytes)
        guard let first = lines.first, Self.line(bytes, first, is: "---") else {
            frontMatter = nil
            body = String(decoding: bytes, as: UTF8.self)
            bodyLineOffset = 0
            return
        }
        guard let closing = lines.dropFirst().firstIndex(where: { Self.line(bytes, $0, is: "---") || Self.line(bytes, $0, is: "...") }) else {
            throw Diagnostic(line: 1, "front matter starts with --- but has no closing --- line")
        }
        let yamlStart = lines[1].lowerBound
        let yamlEnd = lines[closing].lowerBound
        frontMatter = String(decoding: bytes[min(yamlStart, yamlEnd)..<yamlEnd], as: UTF8.self)
        let bodyStart = closing + 1 < lines.count ? lines[closing + 1].lowerBound : bytes.count
        body = String(decoding: bytes[bodyStart...], as: UTF8.self)
        bodyLineOffset = closing + 1
    }

    /// The byte ranges of each line including its line end.
    private static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            ranges.append(start..<(index + 1))
            start = index + 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// True when the line is exactly `marker`, ignoring trailing spaces, tabs and CR.
    private static func line(_ bytes: [UInt8], _ range: Range<Int>, is marker: String) -> Bool {
        var end = range.upperBound
        while end > range.lowerBound, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
        return bytes[range.lowerBound..<end].elementsEqual(marker.utf8)
    }
}
