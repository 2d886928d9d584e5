/// Marks Korean text on a page in another language with `lang="ko"`, so a screen reader
/// pronounces `예금 1` or `재료가 모자라요` as Korean inside an English page.
///
/// It reads the finished HTML once and wraps each run of Hangul in the page's text (with the
/// spaces and digits between and after its words: `고객 10명 추가`, `예금 1`) in
/// `<span lang="ko">`. Tags and their attributes are left alone, as is text where a `span`
/// cannot go or would change meaning (`title`, `script`, `style`, `textarea`, `option`, `svg`)
/// and the content of an element that already says `lang="ko"`.
struct LanguageMarks {
    /// The page's language (`site.yml` `language:`); Korean pages are left as they are.
    let pageLanguage: String

    /// True when pages in this language get their Korean runs marked.
    var marksKorean: Bool {
        let primary = pageLanguage.split(separator: "-").first.map { $0.lowercased() } ?? ""
        return primary != "ko"
    }

    /// `html` (a page's UTF-8 bytes) with its Korean runs marked.
    func mark(_ html: [UInt8]) -> [UInt8] {
        guard marksKorean, Self.mayHoldHangul(html) else { return html }
        return html.withUnsafeBufferPointer { Self.mark($0) } ?? html
    }

    /// Marks the Korean runs of UTF-8 HTML; nil when it has none. Everything it looks for to
    /// find tags (`<`, `>`, quotes, `/`, letters of tag names, spaces, digits) is ASCII, which
    /// never occurs inside a multi-byte UTF-8 character, so the bytes are read as they are.
    private static func mark(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        var copied = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                var end = tagEnd(bytes, from: index)
                let tag = tagName(bytes, from: index + 1, to: end)
                if isTextless(tag) || (!isVoid(tag) && isKorean(bytes[index..<end])) {
                    end = closingTagEnd(bytes, name: tag, from: end)
                }
                index = end
                continue
            }
            guard hangulWidth(bytes, at: index) > 0 else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count {
                let width = hangulWidth(bytes, at: end)
                if width > 0 {
                    end += width
                } else if bytes[end] == UInt8(ascii: " ") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                    end += 1
                } else {
                    break
                }
            }
            while end > index, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            if out.isEmpty { out.reserveCapacity(bytes.count + 256) }
            out += bytes[copied..<index]
            out += openSpan
            out += bytes[index..<end]
            out += closeSpan
            copied = end
            index = end
        }
        guard copied > 0 else { return nil }
        out += bytes[copied...]
        return out
    }

    private static let openSpan = Array("<span lang=\"ko\">".utf8)
    private static let closeSpan = Array("</span>".utf8)

    /// Elements whose content is left unmarked, up to their closing tag.
    private static func isTextless(_ tag: String) -> Bool {
        switch tag {
        case "title", "script", "style", "textarea", "option", "svg": true
        default: false
        }
    }

    /// Elements with no content or closing tag, whose `lang` covers nothing after them.
    private static func isVoid(_ tag: String) -> Bool {
        switch tag {
        case "area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr": true
        default: false
        }
    }

    private static let koreanLang = Array(" lang=\"ko".utf8)

    /// True for an opening tag that already says `lang="ko"` (its content is left as it is).
    private static func isKorean(_ tag: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var start = tag.startIndex
        while start + koreanLang.count <= tag.endIndex {
            if tag[start..<start + koreanLang.count].elementsEqual(koreanLang) { return true }
            start += 1
        }
        return false
    }

    /// False when none of `bytes` can start a Hangul character in UTF-8 (lead bytes `E1`, `E3`,
    /// `EA`–`ED`): most pages of a site in another language, checked without decoding.
    static func mayHoldHangul(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.contains { $0 == 0xE1 || $0 == 0xE3 || (0xEA...0xED).contains($0) }
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: true
        default: false
        }
    }

    /// The length of the Hangul character (always three bytes in UTF-8) starting at `index`, or 0.
    private static func hangulWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        guard lead & 0xF0 == 0xE0, index + 2 < bytes.count,
              bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 else { return 0 }
        let value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        guard let scalar = Unicode.Scalar(value), isHangul(scalar) else { return 0 }
        return 3
    }

    /// The index just past the `>` that ends the tag (or comment) opening at `start`.
    private static func tagEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }

    /// The index just past the `</name>` that closes the element whose content starts at
    /// `start` (counting elements of the same name opened inside it, as charts nest `svg`), or the
    /// end of the page when it never closes.
    private static func closingTagEnd(_ bytes: UnsafeBufferPointer<UInt8>, name: String, from start: Int) -> Int {
        var depth = 1
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                let tag = tagName(bytes, from: index + 1, to: min(index + 2 + name.utf8.count, bytes.count))
                if tag == name {
                    depth += 1
                } else if tag == "/" + name {
                    depth -= 1
                    if depth == 0 { return tagEnd(bytes, from: index) }
                }
            }
            index += 1
        }
        return bytes.count
    }

    /// The lowercased name of the tag between `start` and `end`, with a leading `/` when closing.
    /// Tag names are short: the name is made in place (a name of up to 15 bytes takes no memory
    /// of its own), not gathered in an array first.
    private static func tagName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        var length = start < end && bytes[start] == UInt8(ascii: "/") ? 1 : 0
        while start + length < end, isNameByte(bytes[start + length]) { length += 1 }
        return String(unsafeUninitializedCapacity: length) { name in
            for offset in 0..<length {
                let byte = bytes[start + offset]
                name[offset] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            }
            return length
        }
    }

    /// A letter or digit of a tag name.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }
}
