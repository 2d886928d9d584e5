import Foundation

/// How search splits text into words, the same way the search page's script splits a query:
/// the text in Unicode compatibility form (NFKC), lower-cased, cut into runs of letters, marks
/// and digits (`[\p{L}\p{M}\p{N}]+` in the script). Every other character separates words.
enum SearchWords {
    /// Words longer than this many UTF-16 units (a long URL, a hash) are not indexed.
    static let longestWord = 40

    /// The words of `text`, in order, repeats included.
    static func words(_ text: String) -> [String] {
        if let ascii = asciiWords(text) { return ascii }
        let normal = text.precomposedStringWithCompatibilityMapping.lowercased()
        var words: [String] = []
        var word = String.UnicodeScalarView()
        func flush() {
            if !word.isEmpty, String(word).utf16.count <= longestWord { words.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        for scalar in normal.unicodeScalars {
            if isWordScalar(scalar) { word.append(scalar) } else { flush() }
        }
        flush()
        return words
    }

    /// The terms `word` is indexed under: the word itself, and, where it holds Hangul syllables,
    /// the rest of it from each later syllable on (`망고쥬스` also as `고쥬스`, `쥬스`, `스`), so that a
    /// query matching the start of a term finds Korean by syllables anywhere in a word.
    static func terms(of word: String) -> [String] {
        var terms = [word]
        let scalars = Array(word.unicodeScalars)
        guard scalars.contains(where: isHangulSyllable) else { return terms }
        for start in 1..<scalars.count where isHangulSyllable(scalars[start]) {
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: scalars[start...])
            terms.append(String(rest))
        }
        return terms
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

    /// A precomposed Hangul syllable (가–힣).
    static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// The words of an all-ASCII `text`, read over its bytes; nil when it holds anything else.
    private static func asciiWords(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var words: [String] = []
            var word: [UInt8] = []
            func flush() {
                if !word.isEmpty, word.count <= longestWord { words.append(String(decoding: word, as: UTF8.self)) }
                word.removeAll(keepingCapacity: true)
            }
            for byte in bytes {
                switch byte {
                case 0x80...: return nil
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 0x20)
                default: flush()
                }
            }
            flush()
            return words
        }
    }
}
