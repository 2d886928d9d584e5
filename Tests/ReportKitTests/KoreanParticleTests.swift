import ReportKit
import Testing

/// Korean particles written in a string as `(은)는`, `(이)가`, `(을)를`, `(과)와`, `(으)로`, `(이)면`
/// take the form that fits the sound before them when ``Strings/fill(_:_:)`` fills the string.
@Suite struct KoreanParticleTests {
    /// Each pair after a word with a final consonant, one without, and ㄹ, where only (으)로 takes
    /// its vowel form (서울로, but 도착률과).
    @Test(arguments: [
        ("{1}(은)는", "책", "책은"), ("{1}(은)는", "평균 대기", "평균 대기는"), ("{1}(은)는", "도착률", "도착률은"),
        ("{1}(이)가", "고객 3명", "고객 3명이"), ("{1}(이)가", "평균 대기", "평균 대기가"), ("{1}(이)가", "하루", "하루가"),
        ("{1}(을)를", "밥", "밥을"), ("{1}(을)를", "우유", "우유를"), ("{1}(을)를", "서울", "서울을"),
        ("{1}(과)와", "시간", "시간과"), ("{1}(과)와", "고객 수", "고객 수와"), ("{1}(과)와", "도착률", "도착률과"),
        ("{1}(으)로", "2.2분", "2.2분으로"), ("{1}(으)로", "하루", "하루로"), ("{1}(으)로", "서울", "서울로"),
        ("{1}(으)로", "대출 은행원 2명", "대출 은행원 2명으로"),
        ("{1}(이)면", "대출 은행원 1명", "대출 은행원 1명이면"), ("{1}(이)면", "예금 고객당 0.7초", "예금 고객당 0.7초면"),
    ])
    func aWordsLastSyllablePicksTheForm(template: String, value: String, expected: String) {
        #expect(Strings.fill(template, [value]) == expected)
    }

    /// A number ends in the syllable it is read with: its last digit (1 일, 2 이, 3 삼, 6 육, 7 칠,
    /// 8 팔, 9 구), each digit after the point on its own (2.50 이 점 오 영), the unit its trailing
    /// zeros make (10 십, 100 백, 1,000 천, 20,000 이만, 10^8 억, 10^12 조), zero 영.
    @Test(arguments: [
        ("{1}(은)는", "1", "1은"), ("{1}(으)로", "1", "1로"), ("{1}(은)는", "2", "2는"), ("{1}(을)를", "3", "3을"),
        ("{1}(으)로", "6", "6으로"), ("{1}(으)로", "7", "7로"), ("{1}(으)로", "8", "8로"), ("{1}(이)가", "9", "9가"),
        ("{1}(을)를", "26", "26을"), ("{1}(과)와", "0.6", "0.6과"), ("{1}(과)와", "2.2", "2.2와"),
        ("{1}(이)가", "2.50", "2.50이"), ("{1}(이)가", "0", "0이"), ("{1}(은)는", "10", "10은"),
        ("{1}(이)가", "100", "100이"), ("{1}(과)와", "1,000", "1,000과"), ("{1}(으)로", "20,000", "20,000으로"),
        ("{1}(은)는", "100000000", "100000000은"), ("{1}(은)는", "1000000000000", "1000000000000는"),
    ])
    func aNumberIsReadAsKoreansSayIt(template: String, value: String, expected: String) {
        #expect(Strings.fill(template, [value]) == expected)
    }

    /// The counter or unit after a number is what is read last (0.6명 명, 2.2분 분, 원, 초, 시간);
    /// `%` is 퍼센트 and `%p` 퍼센트포인트.
    @Test(arguments: [
        ("{1}(과)와", "0.6명", "0.6명과"), ("{1}(으)로", "2.2분", "2.2분으로"), ("{1}(을)를", "1,200원", "1,200원을"),
        ("{1}(으)로", "0.7초", "0.7초로"), ("{1}(이)가", "1시간", "1시간이"),
        ("{1}(이)가", "80%", "80%가"), ("{1}(을)를", "0.7%p", "0.7%p를"),
    ])
    func aCounterAfterTheNumberIsReadLast(template: String, value: String, expected: String) {
        #expect(Strings.fill(template, [value]) == expected)
    }

    /// The bank sweep's sentence that read "평균 대기은 0.6명와 …, 2.2분로": every particle fits.
    @Test func theSentenceThatReadWrongReadsRight() {
        let template = "{1}(은)는 {2}(과)와 {3} 사이에서 가장 크게 바뀝니다: {4}, {5}에서 {6}(으)로."
        #expect(Strings.fill(template, ["평균 대기", "0.6명", "1명", "+1.6분", "0.6분", "2.2분"])
            == "평균 대기는 0.6명과 1명 사이에서 가장 크게 바뀝니다: +1.6분, 0.6분에서 2.2분으로.")
    }

    /// A parenthetical after the word does not count: the particle fits the word before it.
    @Test func aParentheticalIsSkipped() {
        #expect(Strings.fill("{1}({2})(과)와", ["도착률", "1, 2, 3"]) == "도착률(1, 2, 3)과")
        #expect(Strings.fill("{1}({2})(과)와", ["고객 수", "10, (20)"]) == "고객 수(10, (20))와")
        #expect(Strings.fill("하루 {1}(으)로", ["34.3명 (95% 구간 30.7–38.4명)"]) == "하루 34.3명 (95% 구간 30.7–38.4명)으로")
        #expect(Strings.fill("목표(은)는", []) == "목표는")
    }

    /// What has no known sound — a Latin word, a symbol, nothing, an unbalanced parenthesis —
    /// keeps the particle as written, as Korean prints it for an unknown word.
    @Test func anUnknownSoundKeepsTheWrittenForm() {
        #expect(Strings.fill("{1}(을)를", ["tellers.deposit"]) == "tellers.deposit(을)를")
        #expect(Strings.fill("{1}(은)는", [""]) == "(은)는")
        #expect(Strings.fill("{1}(은)는", ["값)"]) == "값)(은)는")
        #expect(Strings.fill("{1}(이)가", ["★"]) == "★(이)가")
    }

    /// Only the template's written forms are picked; other parentheses, a form inside a value and
    /// the English text stay as they are.
    @Test func onlyTheTemplatesWrittenFormsChange() {
        #expect(Strings.fill("{1}", ["책(은)는"]) == "책(은)는")
        #expect(Strings.fill("{1} (은행) (은", ["책"]) == "책 (은행) (은")
        #expect(Strings.fill("{1} (paired 95% interval {2})", ["by 0.6 s", "0.1–1.1 s"]) == "by 0.6 s (paired 95% interval 0.1–1.1 s)")
    }
}
