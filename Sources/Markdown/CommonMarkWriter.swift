import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a libcmark tree back to CommonMark, byte for byte as libcmark 0.30's own renderer
/// (`cmark_render_commonmark` with no line width and none of the options that change its output:
/// SMART, HARDBREAKS, NOBREAKS), but over bytes. libcmark's renderer decodes every character,
/// decides its escaping through a call per character and encodes it again; for a page's Markdown
/// twin it took eight times as long as rendering the same tree to HTML.
///
/// The rules are libcmark's, including its quirks: a character's escaping looks at the next byte
/// of the same string only; a list marker's digits keep "the start of the content" open; a link
/// that reads like an autolink has its first child's text nodes merged (the tree is changed as
/// libcmark changes it); a string with a byte that is not UTF-8 stops there. `CommonMarkWriterTests`
/// compare the two renderers on every node type, the GFM spec's examples and random documents.
/// U+FFFE and U+FFFF are written as the characters they are, where libcmark 0.30 writes single
/// bytes that are not UTF-8 (the tests read those back as the characters libcmark meant).
struct CommonMarkWriter {
    private enum Escaping { case literal, normal, url, title }

    private var out: [UInt8] = []
    /// What every new line starts with inside block quotes and list items.
    private var prefix: [UInt8] = []
    /// Line ends owed before the next text: 1 a line end, 2 a blank line.
    private var needCR = 0
    private var beginLine = true
    /// At the start of a block's content (list markers' digits keep it so).
    private var beginContent = true
    /// Inside a heading: soft breaks are spaces.
    private var noLineBreaks = false
    private var inTightListItem = false

    /// The CommonMark of the tree at `root` (a document or any node).
    static func render(_ root: OpaquePointer) -> String {
        var writer = CommonMarkWriter()
        writer.out.reserveCapacity(4096)
        guard let iterator = cmark_iter_new(root) else { return "\n" }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator) else { break }
            if !writer.visit(node, entering: event == CMARK_EVENT_ENTER) {
                // An autolink is written whole when entered: its text and its exit are skipped.
                cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
            }
        }
        if writer.out.last != UInt8(ascii: "\n") { writer.out.append(UInt8(ascii: "\n")) }
        return String(decoding: writer.out, as: UTF8.self)
    }

    /// Writes what a node's entry or exit writes; false to skip the node's contents.
    private mutating func visit(_ node: OpaquePointer, entering: Bool) -> Bool {
        let type = cmark_node_get_type(node)
        // The tight list state is kept when entering a list's first item, so that the blank line
        // between a paragraph and the list that follows it stays.
        if !(type == CMARK_NODE_ITEM && entering && cmark_node_previous(node) == nil) {
            inTightListItem = Self.isInTightListItem(node)
        }
        switch type {
        case CMARK_NODE_BLOCK_QUOTE:
            if entering {
                literal("> ")
                beginContent = true
                prefix += [UInt8(ascii: ">"), UInt8(ascii: " ")]
            } else {
                prefix.removeLast(min(2, prefix.count))
                blankLine()
            }
        case CMARK_NODE_LIST:
            if !entering, let next = cmark_node_next(node), cmark_node_get_type(next) == CMARK_NODE_LIST {
                // So that a list or indented code after it is read as written.
                cr()
                literal("<!-- end list -->")
                blankLine()
            }
        case CMARK_NODE_ITEM:
            item(node, entering: entering)
        case CMARK_NODE_HEADING:
            if entering {
                for _ in stride(from: Int(cmark_node_get_heading_level(node)), to: 0, by: -1) { literal("#") }
                literal(" ")
                beginContent = true
                noLineBreaks = true
            } else {
                noLineBreaks = false
                blankLine()
            }
        case CMARK_NODE_CODE_BLOCK:
            codeBlock(node)
        case CMARK_NODE_HTML_BLOCK:
            blankLine()
            write(cmark_node_get_literal(node), .literal)
            blankLine()
        case CMARK_NODE_CUSTOM_BLOCK:
            blankLine()
            write(entering ? cmark_node_get_on_enter(node) : cmark_node_get_on_exit(node), .literal)
            blankLine()
        case CMARK_NODE_THEMATIC_BREAK:
            blankLine()
            literal("-----")
            blankLine()
        case CMARK_NODE_PARAGRAPH:
            if !entering { blankLine() }
        case CMARK_NODE_TEXT:
            write(cmark_node_get_literal(node), .normal)
        case CMARK_NODE_LINEBREAK:
            literal("  ")
            cr()
        case CMARK_NODE_SOFTBREAK:
            if noLineBreaks { literal(" ") } else { cr() }
        case CMARK_NODE_CODE:
            code(node)
        case CMARK_NODE_HTML_INLINE:
            write(cmark_node_get_literal(node), .literal)
        case CMARK_NODE_CUSTOM_INLINE:
            write(entering ? cmark_node_get_on_enter(node) : cmark_node_get_on_exit(node), .literal)
        case CMARK_NODE_STRONG:
            literal("**")
        case CMARK_NODE_EMPH:
            // EMPH(EMPH(x)) is written *_x_*, as **x** would be STRONG(x).
            let parent = cmark_node_parent(node)
            let nested = parent.map { cmark_node_get_type($0) == CMARK_NODE_EMPH } ?? false
                && cmark_node_next(node) == nil && cmark_node_previous(node) == nil
            literal(nested ? "_" : "*")
        case CMARK_NODE_LINK:
            if Self.isAutolink(node) {
                guard entering, let url = cmark_node_get_url(node) else { break }
                literal("<")
                let start = Self.hasMailtoPrefix(url) ? url + 7 : url
                write(start, .literal)
                literal(">")
                return false
            }
            if entering {
                literal("[")
            } else {
                closeLink(node)
            }
        case CMARK_NODE_IMAGE:
            if entering {
                literal("![")
            } else {
                closeLink(node)
            }
        default:
            break
        }
        return true
    }

    private mutating func item(_ node: OpaquePointer, entering: Bool) {
        let list = cmark_node_parent(node)
        let bullet = cmark_node_get_list_type(list) == CMARK_BULLET_LIST
        var marker: [UInt8] = []
        if !bullet {
            var number = Int(cmark_node_get_list_start(list))
            var sibling = cmark_node_previous(node)
            while let previous = sibling {
                number += 1
                sibling = cmark_node_previous(previous)
            }
            // At least four wide, so that items 9 and 10 line up.
            marker = Array(String(number).utf8)
            marker.append(cmark_node_get_list_delim(list) == CMARK_PAREN_DELIM ? UInt8(ascii: ")") : UInt8(ascii: "."))
            marker += number < 10 ? [0x20, 0x20] : [0x20]
        }
        let width = bullet ? 4 : marker.count
        if entering {
            if bullet { literal("  - ") } else { marker.withUnsafeBufferPointer { put($0, .literal) } }
            beginContent = true
            prefix += repeatElement(0x20, count: width)
        } else {
            prefix.removeLast(min(width, prefix.count))
            cr()
        }
    }

    private mutating func codeBlock(_ node: OpaquePointer) {
        let parent = cmark_node_parent(node)
        let firstInListItem = cmark_node_previous(node) == nil && parent.map { cmark_node_get_type($0) == CMARK_NODE_ITEM } ?? false
        if !firstInListItem { blankLine() }
        let info = cmark_node_get_fence_info(node)
        let code = cmark_node_get_literal(node)
        let hasBacktick = info.map { strchr($0, Int32(UInt8(ascii: "`"))) != nil } ?? false
        let fence: StaticString = hasBacktick ? "~" : "`"
        let ticks = max(3, Self.longestBacktickRun(code) + 1)
        for _ in 0..<ticks { literal(fence) }
        literal(" ")
        write(info, .literal)
        cr()
        write(code, .literal)
        cr()
        for _ in 0..<ticks { literal(fence) }
        blankLine()
    }

    private mutating func code(_ node: OpaquePointer) {
        let code = Self.bytes(cmark_node_get_literal(node))
        let ticks = Self.shortestUnusedBacktickRun(code)
        let hasNonSpace = code.contains { $0 != 0x20 }
        let extraSpaces = code.isEmpty || code.first == UInt8(ascii: "`") || code.last == UInt8(ascii: "`")
            || (hasNonSpace && code.first == 0x20 && code.last == 0x20)
        for _ in 0..<ticks { literal("`") }
        if extraSpaces { literal(" ") }
        code.withUnsafeBufferPointer { put($0, .literal) }
        if extraSpaces { literal(" ") }
        for _ in 0..<ticks { literal("`") }
    }

    /// `](url "title")` after a link's or image's text.
    private mutating func closeLink(_ node: OpaquePointer) {
        literal("](")
        write(cmark_node_get_url(node), .url)
        if let title = cmark_node_get_title(node), title.pointee != 0 {
            literal(" \"")
            write(title, .title)
            literal("\"")
        }
        literal(")")
    }

    // MARK: Line ends

    private mutating func cr() { needCR = max(needCR, 1) }
    private mutating func blankLine() { needCR = max(needCR, 2) }

    // MARK: Text

    private mutating func literal(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), .literal)
    }

    private mutating func write(_ text: UnsafePointer<CChar>?, _ escaping: Escaping) {
        guard let text else {
            put(UnsafeBufferPointer(start: nil, count: 0), escaping)
            return
        }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        put(UnsafeBufferPointer(start: bytes, count: strlen(text)), escaping)
    }

    /// Writes `text`: first the line ends owed (each blank line with the prefix), then the
    /// prefix at the start of each line and every character escaped as `escaping` says.
    private mutating func put(_ text: UnsafeBufferPointer<UInt8>, _ escaping: Escaping) {
        if inTightListItem && needCR > 1 { needCR = 1 }
        var last = out.count - 1
        while needCR > 0 {
            // Line ends already written count towards those owed.
            if last < 0 || out[last] == UInt8(ascii: "\n") {
                last -= 1
            } else {
                out.append(UInt8(ascii: "\n"))
                if needCR > 1 { out += prefix }
            }
            beginLine = true
            beginContent = true
            needCR -= 1
        }
        guard let base = text.baseAddress else { return }
        let plain = Self.plainBytes(escaping)
        var index = 0
        let count = text.count
        while index < count {
            if beginLine { out += prefix }
            if !beginContent {
                // Most text: a run of characters written as they are, which change no state once
                // past the start of a block's content, copied at once.
                var end = index
                while end < count {
                    let byte = base[end]
                    if byte < 0x80 {
                        guard plain.contains(byte) else { break }
                        end += 1
                    } else {
                        guard let (_, size) = Self.decode(text, at: end) else { break }
                        end += size
                    }
                }
                if end > index {
                    out.append(contentsOf: UnsafeBufferPointer(start: base + index, count: end - index))
                    beginLine = false
                    index = end
                    continue
                }
            }
            let lead = text[index]
            var length = 1
            var codePoint = UInt32(lead)
            if lead >= 0x80 {
                guard let (decoded, size) = Self.decode(text, at: index) else { return }
                codePoint = decoded
                length = size
            }
            let next = index + length < count ? text[index + length] : 0
            if escaping == .literal, lead == UInt8(ascii: "\n") {
                out.append(lead)
                beginLine = true
                beginContent = true
            } else {
                if escaping == .literal || lead >= 0x80 {
                    for offset in 0..<length { out.append(text[index + offset]) }
                } else {
                    escape(lead, next: next, escaping)
                }
                beginLine = false
                // libcmark asks whether the code point's low byte is a digit.
                beginContent = beginContent && Self.isDigit(UInt8(truncatingIfNeeded: codePoint))
            }
            index += length
        }
    }

    /// An ASCII character outside literal text, escaped where CommonMark would read it as markup.
    private mutating func escape(_ c: UInt8, next: UInt8, _ escaping: Escaping) {
        let needsEscaping: Bool
        switch escaping {
        case .literal:
            needsEscaping = false
        case .normal:
            let followsDigit = out.last.map(Self.isDigit) ?? false
            switch c {
            case 0..<0x20, UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "#"),
                 UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "!"):
                needsEscaping = true
            case UInt8(ascii: "&"):
                needsEscaping = Self.isAlpha(next)
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
                needsEscaping = beginContent && !followsDigit
            case UInt8(ascii: "."), UInt8(ascii: ")"):
                needsEscaping = beginContent && followsDigit && (next == 0 || Self.isSpace(next))
            default:
                needsEscaping = false
            }
        case .url:
            switch c {
            case UInt8(ascii: "`"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: ")"), UInt8(ascii: "("):
                needsEscaping = true
            default:
                needsEscaping = Self.isSpace(c)
            }
        case .title:
            switch c {
            case UInt8(ascii: "`"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "\\"):
                needsEscaping = true
            default:
                needsEscaping = false
            }
        }
        guard needsEscaping else {
            out.append(c)
            return
        }
        if escaping == .url, Self.isSpace(c) {
            // Percent-encoded, with C's "%2X": a space-padded hex pair ("% 9" for a tab).
            let hex = Array("0123456789ABCDEF".utf8)
            out.append(UInt8(ascii: "%"))
            out.append(c < 0x10 ? 0x20 : hex[Int(c >> 4)])
            out.append(hex[Int(c & 0x0F)])
        } else if Self.isPunctuation(c) {
            out.append(UInt8(ascii: "\\"))
            out.append(c)
        } else {
            out += Array("&#\(c);".utf8)
        }
    }

    // MARK: libcmark's character classes and helpers

    /// ASCII bytes as a set of 128 bits.
    private struct ByteSet {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init(excluding excluded: String, below limit: UInt8 = 0) {
            for byte in UInt8(limit)..<0x80 where !excluded.utf8.contains(byte) && byte != 0 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }

        @inline(__always) func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low >> UInt64(byte) & 1 == 1 : high >> UInt64(byte &- 64) & 1 == 1
        }
    }

    /// The ASCII bytes written as they are with `escaping` when not at the start of a block's
    /// content (where digits, `-`, `+`, `=`, `.` and `)` may start a list or a heading).
    private static func plainBytes(_ escaping: Escaping) -> ByteSet {
        switch escaping {
        case .literal: literalPlain
        case .normal: normalPlain
        case .url: urlPlain
        case .title: titlePlain
        }
    }

    private static let literalPlain = ByteSet(excluding: "\n")
    private static let normalPlain = ByteSet(excluding: "*_[]#<>\\`!&", below: 0x20)
    private static let urlPlain = ByteSet(excluding: "`<>\\)( \t\n\u{0B}\u{0C}\r")
    private static let titlePlain = ByteSet(excluding: "`<>\"\\")

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isAlpha(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    /// The code point of the UTF-8 sequence at `index` and its length, as libcmark decodes it;
    /// nil for bytes that are not UTF-8 (libcmark stops writing the string there).
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = text[index]
        let length: Int
        switch lead {
        case 0xC0...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF7: length = 4
        default: return nil
        }
        guard index + length <= text.count else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let byte = text[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        switch length {
        case 2: guard value >= 0x80 else { return nil }
        case 3: guard value >= 0x800, !(0xD800..<0xE000).contains(value) else { return nil }
        default: guard (0x10000..<0x110000).contains(value) else { return nil }
        }
        return (value, length)
    }

    /// Whether the nearest block around `node` (itself, if a block) is a tight list's item or
    /// sits directly in one.
    private static func isInTightListItem(_ node: OpaquePointer) -> Bool {
        var current: OpaquePointer? = node
        while let candidate = current {
            let type = cmark_node_get_type(candidate).rawValue
            if type >= CMARK_NODE_FIRST_BLOCK.rawValue && type <= CMARK_NODE_LAST_BLOCK.rawValue { break }
            current = cmark_node_parent(candidate)
        }
        guard let block = current else { return false }
        if cmark_node_get_type(block) == CMARK_NODE_ITEM, cmark_node_get_list_tight(cmark_node_parent(block)) != 0 { return true }
        if let parent = cmark_node_parent(block), cmark_node_get_type(parent) == CMARK_NODE_ITEM,
           cmark_node_get_list_tight(cmark_node_parent(parent)) != 0 {
            return true
        }
        return false
    }

    /// libcmark's test for a link it writes as `<url>`: a URL with a scheme, no title, and text
    /// that reads the same as the URL (without `mailto:`). Like libcmark, it first merges the
    /// adjacent text nodes of the link's first child.
    private static func isAutolink(_ node: OpaquePointer) -> Bool {
        guard let url = cmark_node_get_url(node), schemeLength(url) > 0 else { return false }
        if let title = cmark_node_get_title(node), title.pointee != 0 { return false }
        guard let text = cmark_node_first_child(node) else { return false }
        cmark_consolidate_text_nodes(text)
        guard let literal = cmark_node_get_literal(text) else { return false }
        return strcmp(hasMailtoPrefix(url) ? url + 7 : url, literal) == 0
    }

    private static func hasMailtoPrefix(_ url: UnsafePointer<CChar>) -> Bool {
        strncmp(url, "mailto:", 7) == 0
    }

    /// The length of `scheme:` at the start of `url` (a letter, then 1–31 letters, digits, `+`,
    /// `-` or `.`, then `:`), or 0.
    private static func schemeLength(_ url: UnsafePointer<CChar>) -> Int {
        let bytes = UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self)
        guard isAlpha(bytes[0]) else { return 0 }
        var index = 1
        while index <= 32, isAlpha(bytes[index]) || isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "+")
            || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ".") {
            index += 1
        }
        guard (2...32).contains(index), bytes[index] == UInt8(ascii: ":") else { return 0 }
        return index + 1
    }

    private static func bytes(_ text: UnsafePointer<CChar>?) -> [UInt8] {
        guard let text else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
    }

    private static func longestBacktickRun(_ text: UnsafePointer<CChar>?) -> Int {
        guard let text else { return 0 }
        var longest = 0
        var current = 0
        var pointer = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        while pointer.pointee != 0 {
            if pointer.pointee == UInt8(ascii: "`") {
                current += 1
                longest = max(longest, current)
            } else {
                current = 0
            }
            pointer += 1
        }
        return longest
    }

    /// The fewest backticks that do not occur as a run in `code` (at least 1, at most 32).
    private static func shortestUnusedBacktickRun(_ code: [UInt8]) -> Int {
        var used: UInt32 = 1
        var current = 0
        for byte in code + [0] {
            if byte == UInt8(ascii: "`") {
                current += 1
            } else {
                if current > 0 && current < 32 { used |= 1 << UInt32(current) }
                current = 0
            }
        }
        var shortest = 0
        while shortest < 32 && used & 1 == 1 {
            used >>= 1
            shortest += 1
        }
        return shortest
    }
}
