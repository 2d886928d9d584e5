import CCmark

/// GFM's extended autolinks, found in text nodes as cmark-gfm's autolink extension finds them:
/// `www.` and `http://`, `https://`, `ftp://` links (not inside brackets), then e-mail addresses
/// (not inside links), with its rules for trailing punctuation, parentheses and entities.
struct ExtendedAutolinks {
    /// The links made here, so other passes can read their first and last characters.
    private(set) var links: Set<OpaquePointer> = []
    /// Where the empty texts left beside a link go.
    let detached: DetachedNodes

    /// Links `www.` and scheme URLs in the text under `container` (a paragraph or heading).
    /// Like cmark-gfm, links are found in the text as written (`&amp;` stays as written in the
    /// link), reading past the text node to the end of its line for the domain and the link's end.
    /// `alignments` gives text nodes' written text; `masks` (which bytes were written as
    /// themselves) gets an entry for each piece a text is split into. Each piece's text is set
    /// once, so a line with many links costs time in proportion to its length.
    mutating func linkURLs(in container: OpaquePointer, alignments: [OpaquePointer: InlineText.Alignment], masks: inout [OpaquePointer: [Bool]]) {
        var brackets = 0
        for text in Self.textNodes(in: container, includingImages: false) {
            let literal = InlineText.literal(text)
            let alignment = alignments[text] ?? InlineText.Alignment(literal: literal)
            let line = alignment.line
            let base = alignment.start
            let count = base + alignment.rawCount
            var current = text
            var segment = base
            var literalSegment = 0
            var index = base
            var restAsWritten: [UInt8]?
            while index < count {
                let byte = line[index]
                if byte == UInt8(ascii: "\\"), index + 1 < count, InlineText.isASCIIPunctuation(line[index + 1]) {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "[") {
                    brackets += 1
                } else if byte == UInt8(ascii: "]") {
                    brackets = max(0, brackets - 1)
                }
                guard brackets == 0 else { index += 1; continue }
                var match: (start: Int, end: Int, url: String)?
                if byte == UInt8(ascii: "w") {
                    let allowed = index == base ? Self.wwwAllowedAtStart(of: text) : Self.allowsWWW(after: line[index - 1])
                    if allowed, let end = Self.wwwEnd(line, from: index) {
                        let end = min(end, count)
                        match = (index, end, "http://" + String(decoding: line[index..<end], as: UTF8.self))
                    }
                } else if byte == UInt8(ascii: ":"), let (start, end) = Self.urlRange(line, colon: index, segmentStart: segment) {
                    let end = min(end, count)
                    match = (start, end, String(decoding: line[start..<end], as: UTF8.self))
                }
                guard let match else { index += 1; continue }
                let literalStart = alignment.literalOffset(raw: match.start - base)
                let literalEnd = alignment.literalOffset(raw: match.end - base)
                let link = makeLink(url: match.url, text: line[match.start..<match.end])
                InlineText.setLiteral(current, literal[literalSegment..<literalStart])
                masks[current] = Array(alignment.verbatim[literalSegment..<literalStart])
                let rest = InlineText.text([])
                _ = cmark_node_insert_after(current, link)
                _ = cmark_node_insert_after(link, rest)
                current = rest
                // A link that ends inside an escape or entity leaves the rest of it as written,
                // then the literal; scanning stops there.
                if alignment.isInsideWrittenCharacter(raw: match.end - base) {
                    restAsWritten = Array(line[match.end..<(base + alignment.rawOffsets[literalEnd])]) + literal[literalEnd...]
                    break
                }
                segment = match.end
                literalSegment = literalEnd
                index = match.end
            }
            guard current != text else { continue }
            if let restAsWritten {
                InlineText.setLiteral(current, restAsWritten[...])
            } else {
                InlineText.setLiteral(current, literal[literalSegment...])
                masks[current] = Array(alignment.verbatim[literalSegment...])
            }
        }
        removeEmptyTexts(in: container)
    }

    /// Links e-mail addresses in the text under `container`.
    mutating func linkEmails(in container: OpaquePointer) {
        for text in Self.textNodes(in: container, includingImages: true) {
            let bytes = InlineText.literal(text)
            var current = text
            var pieceStart = 0
            var offset = 0
            while let (start, end, written) = Self.emailRange(bytes, from: &offset) {
                let address = String(decoding: bytes[start..<end], as: UTF8.self)
                let link = makeLink(url: written ? address : "mailto:" + address, text: bytes[start..<end])
                InlineText.setLiteral(current, bytes[pieceStart..<start])
                let rest = InlineText.text([])
                _ = cmark_node_insert_after(current, link)
                _ = cmark_node_insert_after(link, rest)
                current = rest
                pieceStart = end
                offset = end
            }
            if current != text { InlineText.setLiteral(current, bytes[pieceStart...]) }
        }
        removeEmptyTexts(in: container)
    }

    private mutating func makeLink(url: String, text: ArraySlice<UInt8>) -> OpaquePointer {
        let link: OpaquePointer = cmark_node_new(CMARK_NODE_LINK)
        _ = cmark_node_set_url(link, url)
        _ = cmark_node_append_child(link, InlineText.text(text))
        links.insert(link)
        return link
    }

    /// Text nodes under `container`, outside links (and images unless asked), in order.
    private static func textNodes(in container: OpaquePointer, includingImages: Bool) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(container) else { return found }
        defer { cmark_iter_free(iterator) }
        var skipping = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK || (!includingImages && type == CMARK_NODE_IMAGE) {
                skipping += event == CMARK_EVENT_ENTER ? 1 : -1
                continue
            }
            if skipping == 0, event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT { found.append(node) }
        }
        return found
    }

    private func removeEmptyTexts(in container: OpaquePointer) {
        for text in Self.textNodes(in: container, includingImages: true) where InlineText.literal(text).isEmpty {
            detached.remove(text)
        }
    }

    /// Whether a `www.` at the start of a text node follows what cmark-gfm allows: the start of a
    /// line, a space, or the delimiters `*`, `_`, `~`, `(`.
    private static func wwwAllowedAtStart(of text: OpaquePointer) -> Bool {
        guard let previous = cmark_node_previous(text) else { return true }
        switch cmark_node_get_type(previous) {
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_EMPH, CMARK_NODE_STRONG: return true
        case CMARK_NODE_TEXT: return InlineText.literal(previous).last.map(allowsWWW(after:)) ?? true
        default: return false
        }
    }

    static func allowsWWW(after byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "(")
            || isSpace(byte)
    }

    /// The end of a `www.` link starting at `start`.
    static func wwwEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        let data = bytes[start...]
        guard data.count >= 4, data.starts(with: Array("www.".utf8)) else { return nil }
        let domain = checkDomain(data, allowShort: false)
        guard domain > 0 else { return nil }
        var end = start + domain
        while end < bytes.count, !isSpace(bytes[end]) { end += 1 }
        let length = autolinkDelimiter(data, end - start)
        return length > 0 ? start + length : nil
    }

    /// The range of a scheme URL whose `://` starts at `colon`.
    static func urlRange(_ bytes: [UInt8], colon: Int, segmentStart: Int) -> (Int, Int)? {
        guard bytes.count - colon >= 4, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else { return nil }
        var start = colon
        while start > segmentStart, InlineText.isASCIIAlpha(bytes[start - 1]) { start -= 1 }
        let link = bytes[start...]
        let safe = ["http://", "https://", "ftp://"].contains { scheme in
            let prefix = Array(scheme.utf8)
            return link.count > prefix.count
                && zip(link.prefix(prefix.count), prefix).allSatisfy { ($0 | 0x20) == $1 || $0 == $1 }
                && isHostCharacter(link, at: start + prefix.count)
        }
        guard safe else { return nil }
        let domain = checkDomain(bytes[(colon + 3)...], allowShort: true)
        guard domain > 0 else { return nil }
        var end = colon + 3 + domain
        while end < bytes.count, !isSpace(bytes[end]) { end += 1 }
        let length = autolinkDelimiter(bytes[colon...], end - colon)
        guard length > 0 else { return nil }
        return (start, colon + length)
    }

    /// The next e-mail address at or after `offset` (cmark-gfm's `postprocess_text`; as in
    /// 0.29.0.gfm.6, a `/` before the name does not stop it, and a `mailto:` or `xmpp:` written
    /// before it is part of the link); moves `offset` past each `@` that does not make one.
    private static func emailRange(_ bytes: [UInt8], from offset: inout Int) -> (start: Int, end: Int, writtenScheme: Bool)? {
        while offset < bytes.count {
            guard let at = bytes[offset...].firstIndex(of: UInt8(ascii: "@")) else { return nil }
            var rewind = 0
            // `mailto:` or `xmpp:` written before the address belongs to the link (its URL as
            // written); after `xmpp:` the address may go on with a `/resource`.
            var writtenScheme = false
            var xmpp = false
            while at - rewind - 1 >= offset {
                let c = bytes[at - rewind - 1]
                if InlineText.isASCIIAlphanumeric(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "+")
                    || c == UInt8(ascii: "-") || c == UInt8(ascii: "_") {
                    rewind += 1
                } else if c == UInt8(ascii: ":"), schemeEnds(mailto, in: bytes, at: at - rewind, after: offset) {
                    writtenScheme = true
                    rewind += 1
                } else if c == UInt8(ascii: ":"), schemeEnds(xmppScheme, in: bytes, at: at - rewind, after: offset) {
                    writtenScheme = true
                    xmpp = true
                    rewind += 1
                } else {
                    break
                }
            }
            let data = bytes[at...]
            var end = 0
            var ats = 0
            var dots = 0
            if rewind > 0 {
                while end < data.count {
                    let c = data[at + end]
                    if InlineText.isASCIIAlphanumeric(c) {
                    } else if c == UInt8(ascii: "@") {
                        ats += 1
                        // A second `@` fails the address; stopping here keeps `a@a@a@…` linear.
                        if ats > 1 { break }
                    } else if c == UInt8(ascii: "."), end < data.count - 1, InlineText.isASCIIAlphanumeric(data[at + end + 1]) {
                        dots += 1
                    } else if c == UInt8(ascii: "/"), xmpp {
                    } else if c != UInt8(ascii: "-"), c != UInt8(ascii: "_") {
                        break
                    }
                    end += 1
                }
                if end >= 2, ats == 1, dots > 0,
                   InlineText.isASCIIAlpha(data[at + end - 1]) || data[at + end - 1] == UInt8(ascii: ".") {
                    let length = autolinkDelimiter(data, end)
                    if length > 0 { return (at - rewind, at + length, writtenScheme) }
                }
            }
            offset = at + 1
        }
        return nil
    }

    private static let mailto = Array("mailto:".utf8)
    private static let xmppScheme = Array("xmpp:".utf8)

    /// Whether `scheme` (ending in `:`) ends just before `end` in `bytes`, starting at `start` or
    /// after a byte that is not a letter or digit, as cmark-gfm checks a written `mailto:`.
    private static func schemeEnds(_ scheme: [UInt8], in bytes: [UInt8], at end: Int, after start: Int) -> Bool {
        let first = end - scheme.count
        guard first >= start, bytes[first..<end].elementsEqual(scheme) else { return false }
        return first == start || !InlineText.isASCIIAlphanumeric(bytes[first - 1])
    }

    /// cmark-gfm's `check_domain`: the length of the host part (0 when it has an underscore in its
    /// last two labels, or, unless `allowShort`, no dot).
    private static func checkDomain(_ data: ArraySlice<UInt8>, allowShort: Bool) -> Int {
        var underscoresBefore = 0
        var underscores = 0
        var dots = 0
        var index = data.startIndex + 1
        while index < data.endIndex - 1 {
            if data[index] == UInt8(ascii: "_") {
                underscores += 1
            } else if data[index] == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                dots += 1
            } else if !isHostCharacter(data, at: index), data[index] != UInt8(ascii: "-") {
                break
            }
            index += 1
        }
        if underscoresBefore > 0 || underscores > 0 { return 0 }
        return allowShort || dots > 0 ? index - data.startIndex : 0
    }

    /// A byte that starts a scalar that is neither space nor punctuation (`index` is an index of
    /// `bytes`, which may be a slice of the line).
    private static func isHostCharacter(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        guard byte & 0xC0 != 0x80 else { return false }
        let width = InlineText.scalarWidth(byte)
        guard index + width <= bytes.endIndex,
              let scalar = String(validating: bytes[index..<(index + width)], as: UTF8.self)?.unicodeScalars.first
        else { return false }
        return !InlineText.isSpace(scalar) && !InlineText.isPunctuation(scalar)
    }

    /// cmark-gfm's `autolink_delim`: drops a trailing `<…`, trailing punctuation, an entity-like
    /// `&name;` and unbalanced closing parentheses. The parentheses are counted once, so a link
    /// ending in many `)` costs no more than its length.
    private static func autolinkDelimiter(_ data: ArraySlice<UInt8>, _ length: Int) -> Int {
        let bytes = Array(data.prefix(length))
        var end = length
        if let angle = bytes.firstIndex(of: UInt8(ascii: "<")) { end = angle }
        let trailing = Array("?!.,:*_~'\"".utf8)
        var parentheses: (opening: Int, closing: Int)?
        while end > 0 {
            let last = bytes[end - 1]
            if trailing.contains(last) {
                end -= 1
            } else if last == UInt8(ascii: ";") {
                guard end >= 2 else { end -= 1; continue }
                var start = end - 2
                while start > 0, InlineText.isASCIIAlpha(bytes[start]) { start -= 1 }
                if start < end - 2, bytes[start] == UInt8(ascii: "&") {
                    end = start
                } else {
                    end -= 1
                }
            } else if last == UInt8(ascii: ")") {
                // Only `)` is dropped after the count is made (the other drops hold no parenthesis).
                let (opening, closing) = parentheses ?? (
                    bytes[..<end].count { $0 == UInt8(ascii: "(") }, bytes[..<end].count { $0 == UInt8(ascii: ")") }
                )
                if closing <= opening { break }
                parentheses = (opening, closing - 1)
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    /// cmark's ASCII `isspace`.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 32 || (9...13).contains(byte)
    }
}
