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

    /// `html` with its Korean runs marked.
    func mark(_ html: String) -> String {
        guard marksKorean, html.unicodeScalars.contains(where: Self.isHangul) else { return html }
        let scalars = Array(html.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.reserveCapacity(scalars.count + 256)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<" {
                var end = Self.tagEnd(scalars, from: index)
                let tag = Self.tagName(scalars, from: index + 1, to: end)
                if Self.textless.contains(tag) || (!Self.void.contains(tag) && Self.isKorean(scalars[index..<end])) {
                    end = Self.closingTagEnd(scalars, name: tag, from: end)
                }
                out.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            guard Self.isHangul(scalar) else {
                out.append(scalar)
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, Self.isHangul(scalars[end]) || Self.joinsRun(scalars[end]) { end += 1 }
            while end > index, scalars[end - 1] == " " { end -= 1 }
            out.append(contentsOf: "<span lang=\"ko\">".unicodeScalars)
            out.append(contentsOf: scalars[index..<end])
            out.append(contentsOf: "</span>".unicodeScalars)
            index = end
        }
        return String(out)
    }

    /// Elements whose content is left unmarked, up to their closing tag.
    private static let textless: Set<String> = ["title", "script", "style", "textarea", "option", "svg"]

    /// Elements with no content or closing tag, whose `lang` covers nothing after them.
    private static let void: Set<String> = ["area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]

    private static let koreanLang = Array(" lang=\"ko".unicodeScalars)

    /// True for an opening tag that already says `lang="ko"` (its content is left as it is).
    private static func isKorean(_ tag: ArraySlice<Unicode.Scalar>) -> Bool {
        var start = tag.startIndex
        while start + koreanLang.count <= tag.endIndex {
            if tag[start..<start + koreanLang.count].elementsEqual(koreanLang) { return true }
            start += 1
        }
        return false
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: true
        default: false
        }
    }

    /// What a Korean run carries on between its words: spaces and digits.
    private static func joinsRun(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || ("0"..."9").contains(scalar)
    }

    /// The index just past the `>` that ends the tag (or comment) opening at `start`.
    private static func tagEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return index + 1
            }
            index += 1
        }
        return scalars.count
    }

    /// The index just past the `</name>` that closes the element whose content starts at
    /// `start` (counting elements of the same name opened inside it, as charts nest `svg`), or the
    /// end of the page when it never closes.
    private static func closingTagEnd(_ scalars: [Unicode.Scalar], name: String, from start: Int) -> Int {
        var depth = 1
        var index = start
        while index < scalars.count {
            if scalars[index] == "<" {
                let tag = tagName(scalars, from: index + 1, to: min(index + 2 + name.count, scalars.count))
                if tag == name {
                    depth += 1
                } else if tag == "/" + name {
                    depth -= 1
                    if depth == 0 { return tagEnd(scalars, from: index) }
                }
            }
            index += 1
        }
        return scalars.count
    }

    /// The lowercased name of the tag between `start` and `end`, with a leading `/` when closing.
    private static func tagName(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> String {
        var name = ""
        for scalar in scalars[start..<end] {
            if scalar == "/" && name.isEmpty { name.append("/"); continue }
            guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else { break }
            name.unicodeScalars.append(scalar)
        }
        return name.lowercased()
    }
}
