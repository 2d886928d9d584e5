import BuiltInKinds
import Foundation
import Testing

/// An English site (`language: en`, the services named Deposit and Loan as `sitegen init` writes
/// them) speaks English everywhere: any Korean its pages show outside the seed's own words (the
/// console transcript, fruit and juice names, the juice app's messages, the products' data) is an
/// interface string left untranslated. The Korean fixture is scanned the other way round.
@Suite("English site: no Korean interface words")
struct EnglishSiteTests {
    static let pages: [String: String] = [
        "Content/site.yml": "title: Reports\nlanguage: en\n",
        "Content/index.md": "---\ntitle: Dashboard\n---\nEvery report at a glance.\n",
        "Content/bank.md": """
            ---
            title: A morning at the bank
            ---
            ```bank
            seed: 42
            customers: 10...30
            tellers: {deposit: 2, loan: 1}
            replications: 3
            services:
              deposit: {name: Deposit, duration: 0.7}
              loan: {name: Loan, duration: {exponential: 1.1}}
            ```
            """,
        "Content/sweep.md": """
            ---
            title: How many loan tellers
            ---
            ```bank
            seed: 31
            customers: 40
            arrival: {rate: 1.8}
            tellers: {deposit: 2, loan: 1}
            services:
              deposit: {name: Deposit, duration: 0.7}
              loan: {name: Loan, duration: 1.1}
            sweep: {tellers.loan: [1, 2]}
            ```
            """,
        "Content/juice.md": """
            ---
            title: Juice
            ---
            ```juice
            steps:
              - order: strawberry
              - order: banana
              - restock: {kiwi: 5}
              - set: {mango: 0}
              - order: mangoKiwi
            ```
            """,
        "Content/calc.md": "---\ntitle: Tape\n---\n```calc\n1,200 × 3\n10 ÷ 0\n```\n",
    ]

    /// The seed's own words, which stay Korean on any site: the juice app's fruit and juice names
    /// and messages (`바나나쥬스 나왔습니다! 맛있게 드세요!`, `재고 추가: 키위 +5`).
    static let seedWords: Set<String> = [
        "딸기", "바나나", "파인애플", "키위", "망고",
        "딸기쥬스", "바나나쥬스", "키위쥬스", "파인애플쥬스", "딸바쥬스", "망고쥬스", "망키쥬스",
        "나왔습니다", "맛있게", "드세요", "재료가", "모자라요", "재고를", "수정할까요",
        "재고", "추가", "수정",
    ]

    @Test func everyPageIsFreeOfKoreanInterfaceWords() async throws {
        var site = try TestSite(Self.pages)
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        try await site.build()

        let files = try site.snapshot()
        let pages = files.keys.filter { $0.hasSuffix(".html") || ($0.hasSuffix(".svg")) }.sorted()
        #expect(pages.contains("bank/index.html") && pages.contains("juice/index.html") && pages.contains("404.html"))
        var findings: [String] = []
        for path in pages {
            let html = String(decoding: try #require(files[path]), as: UTF8.self)
            findings += Self.koreanWords(in: KoreanSiteTests.visibleText(html: html)).map { "\(path): \($0)" }
        }
        for path in files.keys.filter({ $0.hasSuffix(".css") }).sorted() {
            let css = String(decoding: try #require(files[path]), as: UTF8.self)
            findings += Self.koreanWords(in: KoreanSiteTests.generatedText(css: css)).map { "\(path): \($0)" }
        }
        var seen = Set<String>()
        #expect(findings.filter { seen.insert($0).inserted } == [])
    }

    /// The runs of Hangul in `text` that are not the seed's words, in order.
    static func koreanWords(in text: String) -> [String] {
        var words: [String] = []
        var run = ""
        for scalar in (text + " ").unicodeScalars {
            if (0xAC00...0xD7A3).contains(scalar.value) {
                run.unicodeScalars.append(scalar)
            } else {
                if !run.isEmpty, !seedWords.contains(run) { words.append(run) }
                run = ""
            }
        }
        return words
    }
}
