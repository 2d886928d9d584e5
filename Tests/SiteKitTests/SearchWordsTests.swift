import Foundation
@testable import SiteKit
import Randomness
import Testing

/// The search index's quick paths against the rules they stand for: words read over the bytes of
/// ASCII and Hangul text against NFKC, lower case and `[\p{L}\p{M}\p{N}]+` over any text; Korean
/// terms cut from the bytes against the word's scalars; the order of terms over UTF-8 against
/// UTF-16.
@Suite("Search words: the quick paths give what the rules give")
struct SearchWordsTests {
    /// The words `forEachWord` gives (the quick path where the text allows it).
    private func words(_ text: String) -> [String] {
        var found: [String] = []
        SearchWords.forEachWord(in: text) { found.append($0) }
        return found
    }

    /// The words of the rule itself, for any text.
    private func ruleWords(_ text: String) -> [String] {
        var found: [String] = []
        SearchWords.unicodeWords(text) { found.append($0) }
        return found
    }

    private func terms(_ word: String) -> [String] {
        var found: [String] = []
        SearchWords.forEachTerm(of: word) { found.append($0) }
        return found
    }

    /// The terms as the rule states them over scalars: the word, then the rest from each later
    /// Hangul syllable (가–힣) on.
    private func ruleTerms(_ word: String) -> [String] {
        let scalars = Array(word.unicodeScalars)
        var terms = [word]
        for start in scalars.indices.dropFirst() where (0xAC00...0xD7A3).contains(scalars[start].value) {
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: scalars[start...])
            terms.append(String(rest))
        }
        return terms
    }

    @Test func wordsOfMixedText() {
        #expect(words("Hello, World! 42nd") == ["hello", "world", "42nd"])
        #expect(words("망고쥬스 세 잔이 나갔습니다.") == ["망고쥬스", "세", "잔이", "나갔습니다"])
        #expect(words("ABC가DEF_x-y") == ["abc가def", "x", "y"])
        #expect(words("Café crème, naïve") == ["café", "crème", "naïve"])
        // NFKC: a full-width letter, a ligature, a syllable with a trailing jamo that joins it.
        #expect(words("ＡＢＣ ﬁne 가\u{11A8}") == ["abc", "fine", "각"])
        #expect(words("") == [] && words(" .,;") == [])
        // A word of 40 UTF-16 units is kept, 41 are not; a syllable is one unit.
        let forty = String(repeating: "a", count: 38) + "가나"
        #expect(words("\(forty) \(forty)b") == [forty])
        #expect(words(String(repeating: "가", count: 41)) == [])
    }

    @Test func theQuickPathGivesTheRulesWords() {
        for text in [
            "Hello, World! 42nd", "망고쥬스 세 잔이 나갔습니다.", "ABC가DEF_x-y", "MiXeD cAsE 가나다 ABC123def",
            "tabs\tand\nlines", "a" + String(repeating: "Z", count: 45) + " b", String(repeating: "가", count: 40),
            "<tag attr=\"v\">Text</tag> & more: 100% (yes)", "~`!@#$%^&*()_+={}[]|\\:;\"'<>?,./",
        ] {
            #expect(words(text) == ruleWords(text), "\(text)")
        }
    }

    /// Random texts: half from the characters the quick path reads (ASCII, syllables), half mixed
    /// with characters that send a text to the rule (accents, a trailing jamo, a ligature,
    /// full-width letters, an ellipsis, a combining mark, emoji, private use, CJK).
    @Test func randomTextsGiveTheSameWordsEitherWay() {
        let quick = Array("aZ9 .,-_'\t\nQx가힣각망고쥬스") + ["\u{AC00}", "\u{D7A3}"]
        let other = quick + ["é", "e\u{301}", "\u{11A8}", "ﬁ", "Ａ", "…", "\u{1F600}", "\u{E000}", "日", "Σ", "İ", "\u{2028}", "ß"]
        var random = SeededGenerator(seed: 30)
        for round in 0..<2_000 {
            let alphabet = round % 2 == 0 ? quick : other
            let text = String((0..<Int.random(in: 0..<60, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            #expect(words(text) == ruleWords(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func koreanTermsFromEachLaterSyllable() {
        #expect(terms("망고쥬스") == ["망고쥬스", "고쥬스", "쥬스", "스"])
        #expect(terms("x망고") == ["x망고", "망고", "고"])
        #expect(terms("a가b나") == ["a가b나", "가b나", "나"])
        #expect(terms("café") == ["café"])
        #expect(terms("日本") == ["日本"])
        #expect(terms("abc") == ["abc"])
        var random = SeededGenerator(seed: 31)
        let alphabet = Array("ab가힣각日é") + ["\u{1F600}", "\u{D7A4}", "\u{ABFF}", "\u{11A8}"]
        for _ in 0..<1_000 {
            let word = String((0..<(1 + Int.random(in: 0..<8, using: &random))).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            #expect(terms(word) == ruleTerms(word), "\(word)")
        }
    }

    /// Terms sort as scripts compare strings: UTF-16, where a code point past U+FFFF (surrogates)
    /// comes before U+E000–U+FFFF, unlike UTF-8 and code point order.
    @Test func termsSortAsUTF16() {
        #expect(SearchFiles.precedes("a\u{20000}", "a\u{FE20}"))
        #expect(!SearchFiles.precedes("a\u{FE20}", "a\u{20000}"))
        #expect(SearchFiles.precedes("a가", "a\u{20000}"))
        #expect(SearchFiles.precedes("ab", "abc") && !SearchFiles.precedes("abc", "ab") && !SearchFiles.precedes("ab", "ab"))
        var random = SeededGenerator(seed: 32)
        let alphabet: [Character] = ["a", "b", "z", "é", "가", "힣", "\u{D7FF}", "\u{E000}", "\u{FE20}", "\u{FFFD}", "\u{10000}", "\u{1F600}", "\u{20000}", "\u{10FFFD}"]
        for _ in 0..<3_000 {
            let a = String((0..<Int.random(in: 0..<5, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            let b = String((0..<Int.random(in: 0..<5, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            #expect(SearchFiles.precedes(a, b) == a.utf16.lexicographicallyPrecedes(b.utf16), "\(a) \(b)")
        }
    }

    /// Through a build: the term file lists terms in UTF-16 order, where UTF-8 order differs.
    @Test func aTermFileListsTermsInUTF16Order() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n\na\u{FE20} a\u{20000} a가 ab\n"])
        defer { site.remove() }
        try await site.build()
        let name = try #require(try site.output("search/search-index.js").firstMatch(of: #/"files":\["([0-9a-f]{16})"\]/#)?.1)
        let terms = try site.output("search/terms/\(name).js")
        let order = ["\"ab\"", "\"a가\"", "\"a\u{20000}\"", "\"a\u{FE20}\""].map { terms.range(of: $0)?.lowerBound }
        #expect(!order.contains(nil))
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }
}
