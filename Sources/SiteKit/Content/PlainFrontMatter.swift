import Basics

/// The front matter nearly every page has, read without Yams.
///
/// Most pages set a few keys, one a line, to text, a date, a number or a one-line list of terms:
///
///     title: Mango day
///     date: 2024-03-05
///     tags: [mango, 재고]
///
/// Composing such YAML through Yams costs several percent of a large build's CPU, so
/// ``FrontMatter/init(yaml:lineOffset:taxonomies:)`` tries this reader first. Yams remains the
/// authority: this reader accepts only forms whose YAML meaning leaves no doubt, returns exactly
/// the value ``FrontMatter/init(parsingYAML:lineOffset:taxonomies:)`` would, and declines (nil)
/// everything else — other syntax, unknown or repeated keys, `extra`, values a key would reject —
/// so every error still comes from Yams' reading, word for word.
extension FrontMatter {
    /// Reads front matter in the plain form described above, or returns nil to leave it to Yams.
    public static func plain(yaml: String, lineOffset: Int, taxonomies: [String] = SiteConfig.defaultTaxonomies) -> FrontMatter? {
        var yaml = yaml
        return yaml.withUTF8 { read($0, lineOffset: lineOffset, taxonomies: taxonomies) }
    }

    private static func read(_ yaml: UnsafeBufferPointer<UInt8>, lineOffset: Int, taxonomies: [String]) -> FrontMatter? {
        var front = FrontMatter()
        // Every line that is not empty sets a key (or the reading declines): room for one a line.
        let newlines = yaml.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        front.lines.reserveCapacity(newlines + (yaml.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0))
        var line = lineOffset
        for bytes in yaml.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            if bytes.isEmpty { continue }
            guard let (key, value) = PlainValue.line(bytes), keys.contains(key) || taxonomies.contains(key),
                  front.lines.updateValue(line, forKey: key) == nil // a repeated key is an error
            else { return nil }
            switch (key, value) {
            case ("title", .scalar(let text, _)): front.title = text
            case ("description", .scalar(let text, _)): front.description = text
            case ("date", .scalar(let text, _)):
                guard let date = try? PageDate(text) else { return nil }
                front.date = date
            case ("draft", .scalar(let text, plain: true)):
                guard let draft = ScenarioNode.bool(plain: text) else { return nil }
                front.draft = draft
            case ("toc", .scalar(let text, plain: true)):
                guard let toc = ScenarioNode.bool(plain: text) else { return nil }
                front.toc = toc
            case ("weight", .scalar(let text, plain: true)):
                guard let weight = Int(text) else { return nil }
                front.weight = weight
            case ("summary", .scalar(let text, _)): front.summary = text
            case ("slug", .scalar(let text, _)):
                guard isSlug(text) else { return nil }
                front.slug = text
            case ("layout", .scalar(let text, _)):
                guard isLayoutName(text) else { return nil }
                front.layout = text
            case (let taxonomy, _) where !keys.contains(taxonomy):
                guard let terms = value.terms else { return nil }
                front.terms[taxonomy] = terms
            default: return nil
            }
        }
        return front
    }
}

/// The value of one `key: value` line of plain front matter: a scalar, or a one-line flow list of
/// scalars, each unquoted or quoted without escapes or inner quotes.
private enum PlainValue {
    case scalar(String, plain: Bool)
    case list([String])

    /// The terms the value names, as ``FrontMatter``'s YAML reading finds them; nil when one is blank.
    var terms: [String]? {
        switch self {
        case .scalar(let text, let plain): return plain && ScenarioNode.isNull(plain: text) ? [] : FrontMatter.term(text).map { [$0] }
        case .list(let items):
            let terms = items.compactMap(FrontMatter.term)
            return terms.count == items.count ? terms : nil
        }
    }

    /// Splits a line into its key and value, or nil when the line is not plain.
    static func line(_ bytes: Bytes) -> (key: String, value: PlainValue)? {
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) || String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy(isPlainText),
              let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
              colon - bytes.startIndex <= 100, bytes[..<colon].allSatisfy(isKeyByte) // YAML limits a key's length
        else { return nil }
        let rest = bytes[(colon + 1)...]
        guard rest.isEmpty || rest.first == space else { return nil }
        let key = String(decoding: bytes[..<colon], as: UTF8.self)
        let text = trimmed(rest)
        if text.first == UInt8(ascii: "["), text.last == UInt8(ascii: "]") {
            let inside = trimmed(text.dropFirst().dropLast())
            if inside.isEmpty { return (key, .list([])) }
            var items: [String] = []
            for item in inside.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                guard let (item, _) = scalar(trimmed(item), inList: true) else { return nil }
                items.append(item)
            }
            return (key, .list(items))
        }
        return scalar(text, inList: false).map { (key, .scalar($0.text, plain: $0.plain)) }
    }

    /// A scalar's text and whether it is unquoted; nil when its YAML meaning is not plainly its text.
    private static func scalar(_ text: Bytes, inList: Bool) -> (text: String, plain: Bool)? {
        guard let first = text.first else { return inList ? nil : ("", true) }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            let inside = text.dropFirst().dropLast()
            guard text.count >= 2, text.last == first, !inside.contains(first), !inside.contains(UInt8(ascii: "\\")) else { return nil }
            return (String(decoding: inside, as: UTF8.self), false)
        }
        let second = text.dropFirst().first
        guard !isIndicator(first) || (first == UInt8(ascii: "-") && second.map(isDigit) == true) else { return nil }
        if inList {
            guard !text.contains(where: isFlowSpecial) else { return nil }
        } else {
            guard text.last != UInt8(ascii: ":"),
                  !zip(text, text.dropFirst()).contains(where: { ($0 == UInt8(ascii: ":") && $1 == space) || ($0 == space && $1 == UInt8(ascii: "#")) })
            else { return nil }
        }
        return (String(decoding: text, as: UTF8.self), true)
    }

    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>
    private static let space = UInt8(ascii: " ")

    /// Whether a scalar starting with `byte` has another meaning in YAML.
    private static func isIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"),
             UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"): true
        default: false
        }
    }

    /// Whether `byte` ends or changes an unquoted scalar in a flow list.
    private static func isFlowSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"),
             UInt8(ascii: ":"), UInt8(ascii: "'"), UInt8(ascii: "\""): true
        default: false
        }
    }

    private static func trimmed(_ bytes: Bytes) -> Bytes {
        let start = bytes.firstIndex { $0 != space } ?? bytes.endIndex
        let end = bytes.lastIndex { $0 != space }.map { $0 + 1 } ?? start
        return bytes[start..<max(start, end)]
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Printable in YAML and not a line break: no control characters, no NEL, line or paragraph
    /// separators, byte-order marks or non-characters.
    private static func isPlainText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0x2027, 0x202A...0xD7FF, 0xE000...0xFEFE, 0xFF00...0xFFFD, 0x10000...: true
        default: false
        }
    }
}
