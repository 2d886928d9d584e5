import Foundation

/// How search splits text into words, the same way the search page's script splits a query:
/// the text in Unicode compatibility form (NFKC), lower-cased, cut into runs of letters, marks
/// and digits (`[\p{L}\p{M}\p{N}]+` in the script). Every other character separates words.
enum SearchWords {
    /// Words longer than this many UTF-16 units (a long URL, a hash) are not indexed.
    static let longestWord = 40

    /// Calls `body` with each word of `text`, in order, repeats included: over the bytes of a
    /// text of ASCII and Hangul syllables (``fastWords(_:_:)``), else as ``unicodeWords(_:_:)``
    /// finds them.
    static func forEachWord(in text: String, _ body: (String) -> Void) {
        if !fastWords(text, body) { unicodeWords(text, body) }
    }

    /// Calls `body` with each word of any `text`, found by the rule itself: NFKC, lower case,
    /// runs of ``isWordScalar(_:)``.
    static func unicodeWords(_ text: String, _ body: (String) -> Void) {
        let normal = text.precomposedStringWithCompatibilityMapping.lowercased()
        var word = String.UnicodeScalarView()
        func flush() {
            guard !word.isEmpty else { return }
            let found = String(word)
            if found.utf16.count <= longestWord { body(found) }
            word = String.UnicodeScalarView()
        }
        for scalar in normal.unicodeScalars {
            if isWordScalar(scalar) { word.append(scalar) } else { flush() }
        }
        flush()
    }

    /// Calls `body` with each term `word` is indexed under: the word itself, and, where it holds
    /// Hangul syllables, the rest of it from each later syllable on (`망고쥬스` also as `고쥬스`,
    /// `쥬스`, `스`), so that a query matching the start of a term finds Korean by syllables
    /// anywhere in a word. An ASCII word (most of them) is only itself.
    static func forEachTerm(of word: String, _ body: (String) -> Void) {
        body(word)
        var word = word
        word.withUTF8 { bytes in
            // Past the first byte, a byte EA–ED starts a scalar (a later one): no byte of UTF-8
            // that continues a scalar is above BF.
            for index in bytes.indices.dropFirst() where hangulSyllable(in: bytes, at: index) {
                body(String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self))
            }
        }
    }

    /// True for the scalars of `[\p{L}\p{M}\p{N}]`.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            true
        default:
            false
        }
    }

    /// Calls `body` with the words of a `text` of ASCII and Hangul syllables only (English and
    /// most Korean text), read over its bytes, and returns true; returns false, having called
    /// nothing, when `text` holds anything else. NFKC changes neither (no jamo follows a syllable
    /// to join it), lower case changes only the ASCII capitals, and of these only ASCII letters
    /// and digits and the syllables (`\p{Lo}`) are word characters. A word is cut from the text's
    /// own bytes, or, when it has capitals, lower-cased into a small buffer.
    private static func fastWords(_ text: String, _ body: (String) -> Void) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                if bytes[index] < 0x80 {
                    index += 1
                } else if hangulSyllable(in: bytes, at: index) {
                    index += 3
                } else {
                    return false
                }
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * longestWord) { lower in
                var start = 0
                var length = 0
                var capitals = false
                func flush(_ end: Int) {
                    guard length > 0, length <= longestWord else { return }
                    if capitals {
                        for offset in 0..<(end - start) {
                            let byte = bytes[start + offset]
                            lower[offset] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
                        }
                        body(String(decoding: UnsafeBufferPointer(rebasing: lower[0..<(end - start)]), as: UTF8.self))
                    } else {
                        body(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                    }
                }
                index = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        length += 1
                        index += 1
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                        capitals = true
                        length += 1
                        index += 1
                    case 0x80...:
                        // A syllable: three bytes, one UTF-16 unit.
                        length += 1
                        index += 3
                    default:
                        flush(index)
                        index += 1
                        start = index
                        length = 0
                        capitals = false
                    }
                }
                flush(bytes.count)
            }
            return true
        }
    }

    /// Whether the UTF-8 `bytes` hold a Hangul syllable (가–힣: EA B0 80 to ED 9E A3) at `index`.
    private static func hangulSyllable(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard (0xEA...0xED).contains(bytes[index]), index + 2 < bytes.count else { return false }
        let scalar = UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        return (0xAC00...0xD7A3).contains(scalar)
    }
}
