import Basics
import ReportKit

/// A page file split into its front matter and its Markdown body.
struct SourceText: Equatable {
    /// The languages front matter may be written in, as Hugo reads them.
    enum Format: Equatable {
        /// Between `---` lines.
        case yaml
        /// Between `+++` lines.
        case toml
        /// An object opening the file, `{` to its closing `}`.
        case json
    }

    /// The front matter's text (without its fences), nil when the file has none.
    var frontMatter: String?
    /// The language of ``frontMatter``.
    var format = Format.yaml
    /// The 1-based line of the first line of ``frontMatter`` (1 for JSON, which has no fence line).
    var frontMatterLine = 2
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
        if let first = lines.first, bytes[first].first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{") {
            self = try Self.json(bytes, lines: lines)
            return
        }
        let fence = lines.first.flatMap { first in ["---", "+++"].first { Self.line(bytes, first, is: $0) } }
        guard let fence else {
            frontMatter = nil
            body = String(decoding: bytes, as: UTF8.self)
            bodyLineOffset = 0
            return
        }
        format = fence == "+++" ? .toml : .yaml
        let ends = fence == "+++" ? ["+++"] : ["---", "..."]
        guard let closing = lines.dropFirst().firstIndex(where: { line in ends.contains { Self.line(bytes, line, is: $0) } }) else {
            throw Diagnostic(line: 1, "front matter starts with \(fence) but has no closing \(fence) line")
        }
        let yamlStart = lines[1].lowerBound
        let yamlEnd = lines[closing].lowerBound
        frontMatter = String(decoding: bytes[min(yamlStart, yamlEnd)..<yamlEnd], as: UTF8.self)
        let bodyStart = closing + 1 < lines.count ? lines[closing + 1].lowerBound : bytes.count
        body = String(decoding: bytes[bodyStart...], as: UTF8.self)
        bodyLineOffset = closing + 1
    }

    /// A file opening with `{`: JSON front matter up to the line of the `}` that closes it (braces
    /// inside strings do not count); the body starts on the next line.
    private static func json(_ bytes: [UInt8], lines: [Range<Int>]) throws -> SourceText {
        var depth = 0
        var inString = false
        var escaped = false
        var end: Int?
        scan: for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { end = index; break scan }
            default: continue
            }
        }
        guard let end else {
            throw Diagnostic(line: 1, "front matter starts with { (JSON) but its closing } is missing")
        }
        let closing = lines.firstIndex { $0.contains(end) } ?? lines.count - 1
        let bodyStart = closing + 1 < lines.count ? lines[closing + 1].lowerBound : bytes.count
        return SourceText(
            frontMatter: String(decoding: bytes[...end], as: UTF8.self), format: .json, frontMatterLine: 1,
            body: String(decoding: bytes[bodyStart...], as: UTF8.self), bodyLineOffset: closing + 1
        )
    }

    private init(frontMatter: String?, format: Format, frontMatterLine: Int, body: String, bodyLineOffset: Int) {
        self.frontMatter = frontMatter
        self.format = format
        self.frontMatterLine = frontMatterLine
        self.body = body
        self.bodyLineOffset = bodyLineOffset
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
