/// The Korean particles whose form depends on the sound before them — 은/는, 이/가, 을/를, 과/와,
/// 으로/로 and the copula's 이면/면. A string table writes the form Korean prints when that sound is
/// unknown, `(은)는`, `(이)가`, `(을)를`, `(과)와`, `(으)로`, `(이)면`, and ``Strings/fill(_:_:)``
/// picks the right one from the text before it: the first after a final consonant (batchim), the
/// second after a vowel; `로` also after a final ㄹ.
///
/// The sound before is the last syllable read aloud: a Hangul syllable's own final consonant; a
/// number as Koreans read it (`3` 삼, `2.5` … 오, `10` 십, `200` 이백, `10,000` 만); `%` as 퍼센트,
/// `%p` as 퍼센트포인트. A trailing parenthetical does not count (`도착률(1, 2)` ends in 률). Text
/// whose sound is unknown (a Latin word, a symbol) keeps the written form.
enum KoreanParticle {
    /// The written forms with their spellings after a final consonant and after a vowel.
    private static let forms: [(written: String, consonant: String, vowel: String)] = [
        ("(은)는", "은", "는"), ("(이)가", "이", "가"), ("(을)를", "을", "를"),
        ("(과)와", "과", "와"), ("(으)로", "으로", "로"), ("(이)면", "이면", "면"),
    ]

    /// The particle written at the start of `text` (which begins with `(`), spelled for the
    /// sound `before` ends in, and how many characters of `text` it takes; nil when `text` does not
    /// start with a written form.
    static func spelling(at text: Substring, after before: String) -> (spelling: String, length: Int)? {
        guard let form = forms.first(where: { text.hasPrefix($0.written) }) else { return nil }
        let spelling = switch finalSound(of: Substring(before)) {
        case nil: form.written
        case .vowel: form.vowel
        case .rieul: form.consonant == "으로" ? form.vowel : form.consonant
        case .consonant: form.consonant
        }
        return (spelling, form.written.count)
    }

    /// How a syllable ends.
    private enum FinalSound { case vowel, rieul, consonant }

    /// How `text` ends when read aloud, or nil when that is not known.
    private static func finalSound(of text: Substring) -> FinalSound? {
        var text = text
        while text.last == ")" {
            guard let open = openingParenthesis(of: text) else { return nil }
            text = text[..<open]
            while text.last == " " { text.removeLast() }
        }
        guard let last = text.unicodeScalars.last else { return nil }
        if let syllable = numberReading(text) ?? symbolReading(text) {
            return sound(of: syllable)
        }
        return sound(of: last)
    }

    /// The syllable's final sound, or nil when it is not a Hangul syllable.
    private static func sound(of scalar: Unicode.Scalar) -> FinalSound? {
        guard (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
        switch (scalar.value - 0xAC00) % 28 {
        case 0: return .vowel
        case 8: return .rieul
        default: return .consonant
        }
    }

    /// Where the parenthetical that closes `text` opens (nested ones included).
    private static func openingParenthesis(of text: Substring) -> Substring.Index? {
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            switch text[index] {
            case ")": depth += 1
            case "(":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    private static let digits: [Unicode.Scalar] = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"]
    /// The unit read last for a whole number ending in 1, 2, 3, … zeros: 십, 백, 천, then 만 up to
    /// 7 zeros, 억 up to 11, 조 up to 15, 경.
    private static let units: [Unicode.Scalar] = ["십", "백", "천", "만", "만", "만", "만", "억", "억", "억", "억", "조", "조", "조", "조", "경"]

    /// The last syllable of a number that ends `text`: after a decimal point each digit is read on
    /// its own (`2.50` … 영); a whole number ends in its last digit or in the unit its trailing
    /// zeros make (`30` 삼십, `1,000` 천); zero is 영.
    private static func numberReading(_ text: Substring) -> Unicode.Scalar? {
        let number = text.unicodeScalars.reversed().prefix { ("0"..."9").contains($0) || $0 == "," || $0 == "." }
        guard let last = number.first, ("0"..."9").contains(last) else { return nil }
        if number.contains(".") {
            return digits[Int(last.value - 48)]
        }
        let whole = number.filter { $0 != "," }
        let zeros = whole.prefix { $0 == "0" }.count
        if zeros == 0 { return digits[Int(last.value - 48)] }
        if zeros == whole.count { return digits[0] }
        return units[min(zeros, units.count) - 1]
    }

    /// The last syllable of a symbol read as a word: `%` 퍼센트, `%p` 퍼센트포인트.
    private static func symbolReading(_ text: Substring) -> Unicode.Scalar? {
        text.hasSuffix("%") || text.hasSuffix("%p") ? "트" : nil
    }
}
