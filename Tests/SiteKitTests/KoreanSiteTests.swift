import BuiltInKinds
import Foundation
import SiteKit
import Testing

/// The Korean fixture site (`Fixtures/korean-site`, `language: ko`): a page of every kind the
/// example site has, written in Korean, so any English word left in what it renders is an
/// interface string that was not translated. Pages, charts, `.md` twins and the words that
/// style sheets write (`content: "…"`) are scanned.
@Suite("Korean site: no English interface words")
struct KoreanSiteTests {
    /// Runs of ASCII letters that may appear: codes, formats, the generator's name, the
    /// fixture's own English product name, and what the fixture's blocks say themselves.
    static let allowed: Set<String> = [
        "KRW", "USD", "CSV", "JSON", "SVG", "sitegen",
        "Kiwi", "Chips",
        // A division by zero's result, written as in the CSV and JSON downloads.
        "NaN",
        // Scenario keys, echoed beside the names people read: the services (`예금 (deposit)`),
        // the swept parameter (`tellers.loan`) and the fruits and juices (`딸기 (strawberry)`).
        "deposit", "loan", "tellers",
        "strawberry", "banana", "pineapple", "kiwi", "mango", "strawberryBanana", "mangoKiwi",
        // The market block's `source:` file, named in its summary (`출처 data/products.json`).
        "data", "products", "json",
    ]

    @Test func everyPageAndTwinIsFreeOfEnglishInterfaceWords() async throws {
        var site = try TestSite(fixture: "korean-site")
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        try await site.build()

        let files = try site.snapshot()
        let pages = files.keys.filter { $0.hasSuffix(".html") }.sorted()
        // The reports' charts (the fixture's own pictures under data/ left out).
        let charts = files.keys.filter { $0.hasSuffix(".svg") && !$0.hasPrefix("data/") }.sorted()
        let twins = files.keys.filter { $0.hasSuffix(".md") }.sorted()
        // Every kind of page was built: reports, a product page, the tag pages, 404 and search.
        for path in ["index.html", "은행/index.html", "은행/하루/index.html", "은행/은행원/index.html", "은행/비용/index.html",
                     "juice/index.html", "market/index.html", "calc/index.html", "guide/index.html",
                     "tags/index.html", "search/index.html", "404.html"] {
            #expect(files[path] != nil, "\(path) was not built")
        }
        #expect(pages.contains { $0.hasPrefix("market/") && $0 != "market/index.html" }, "no product page was built")
        #expect(!twins.isEmpty)
        #expect(charts.count == 10, "charts: \(charts)")

        var findings: [String] = []
        for path in pages + charts {
            let html = String(decoding: try #require(files[path]), as: UTF8.self)
            findings += Self.englishWords(in: Self.visibleText(html: html)).map { "\(path): \($0)" }
        }
        for path in twins {
            let markdown = String(decoding: try #require(files[path]), as: UTF8.self)
            findings += Self.englishWords(in: Self.readableText(markdown: markdown)).map { "\(path): \($0)" }
        }
        let styleSheets = files.keys.filter { $0.hasSuffix(".css") }.sorted()
        #expect(!styleSheets.isEmpty)
        for path in styleSheets {
            let css = String(decoding: try #require(files[path]), as: UTF8.self)
            findings += Self.englishWords(in: Self.generatedText(css: css)).map { "\(path): \($0)" }
        }
        var seen = Set<String>()
        #expect(findings.filter { seen.insert($0).inserted } == [])
    }

    /// What a native reader corrected: counters after numbers, ranges with `~`, the seed's
    /// spelling (쥬스), particles that fit, and dates written as the site writes them.
    @Test func koreanReadsAsANativeReaderWrites() async throws {
        var site = try TestSite(fixture: "korean-site")
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        try await site.build()
        let day = try site.output("은행/하루/index.html")
        #expect(day.contains("<h2 id=\"bank-1-title\">은행의 하루: 고객 12명, 은행원 3명</h2>"))
        #expect(day.contains("예금 (deposit): 0.7초, 가중치 1, 은행원 2명"))
        #expect(day.contains("<div><dt>처리한 고객</dt><dd>12명</dd></div>"))
        #expect(day.contains("<p class=\"closing\">업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 12명이며, 총 업무시간은 7.70초입니다.</p>"))
        // The timeline's hint to scroll sideways, which a phone shows, is Korean text in the page.
        #expect(day.contains("<figcaption><span class=\"scroll-hint\" aria-hidden=\"true\">⇆ 옆으로 밀어 하루 전체를 보세요. </span>"))
        let sweep = try site.output("은행/은행원/index.html")
        #expect(sweep.contains("모두 같은 시드(31)로 실행했습니다"))
        #expect(sweep.contains("시드는 31~33입니다"))
        // A grid with costs answers in its first line, in Korean won.
        let cost = try site.output("은행/비용/index.html")
        #expect(cost.contains("가장 싼 배치: 예금 은행원 4명, 대출 은행원 2명, 하루 2,147,540원"))
        let juice = try site.output("juice/index.html")
        #expect(juice.contains("<div><dt>단계</dt><dd>4단계</dd></div>"))
        #expect(juice.contains("<div><dt>남은 과일</dt><dd>34개</dd></div>"))
        #expect(juice.contains(">쥬스 재고</h2>") && !juice.contains("주스"))
        let market = try site.output("market/index.html")
        #expect(market.contains("<div><dt>품절</dt><dd>3개</dd></div>"))
        #expect(market.contains("<dd>KRW 4,500~28,800</dd>"))
        let product = try site.output("market/products/101/index.html")
        #expect(product.contains("<div><dt>등록일</dt><dd>2024년 3월 2일</dd></div>"))
    }

    @Test func theScannerSeesTextAndLabelsButNotCode() {
        let html = """
        <p title="Open">값 <b>Total</b> &amp; 합계</p><script>let hidden = 1</script>\
        <pre><code>swift run</code></pre><img alt="Picture" src="kiwi.svg"><!-- note -->\
        <input placeholder="Find" aria-label="검색">
        """
        #expect(Self.englishWords(in: Self.visibleText(html: html)) == ["Open", "Total", "Picture", "Find"])
        let markdown = "# 보고서\n\n[Download](report.csv) `code` and\n\n```\nfenced text\n```\n"
        #expect(Self.englishWords(in: Self.readableText(markdown: markdown)) == ["Download", "and"])
        let css = """
        /* Scroll hints */ a::before { content: "⇆ Scroll" / ""; color: red }
        b::after { content: '→ Next'; } c { content: none; justify-content: center } d::before{content:"합계"}
        """
        #expect(Self.englishWords(in: Self.generatedText(css: css)) == ["Scroll", "Next"])
    }

    /// The runs of three or more ASCII letters in `text` that are not allowed, in order.
    static func englishWords(in text: String) -> [String] {
        var words: [String] = []
        var run = ""
        for character in text + " " {
            if character.isASCII, character.isLetter {
                run.append(character)
            } else {
                if run.count >= 3, !allowed.contains(run) { words.append(run) }
                run = ""
            }
        }
        return words
    }

    /// What a reader of `html` sees or hears: text nodes and the aria-label, title, placeholder
    /// and alt attributes, without comments, entities and the insides of script, style, code and
    /// pre.
    static func visibleText(html: String) -> String {
        let hidden: Set<String> = ["script", "style", "code", "pre"]
        let spoken = ["aria-label", "title", "placeholder", "alt"]
        var text = ""
        var hiddenDepth = 0
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            if hiddenDepth == 0 { text += rest[..<open] + " " }
            rest = rest[open...]
            if rest.hasPrefix("<!--") {
                guard let end = rest.range(of: "-->") else { break }
                rest = rest[end.upperBound...]
                continue
            }
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            let closing = tag.hasPrefix("/")
            let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            if hidden.contains(name) {
                hiddenDepth = max(0, hiddenDepth + (closing ? -1 : 1))
                continue
            }
            guard hiddenDepth == 0, !closing else { continue }
            for attribute in spoken {
                for quote in ["\"", "'"] {
                    var search = tag[...]
                    while let start = search.range(of: " \(attribute)=\(quote)") {
                        let value = search[start.upperBound...]
                        let end = value.firstIndex(of: Character(quote)) ?? value.endIndex
                        text += value[..<end] + " "
                        search = value[end...]
                    }
                }
            }
        }
        if hiddenDepth == 0 { text += rest }
        return text.replacingOccurrences(of: "&#?[A-Za-z0-9]+;", with: " ", options: .regularExpression)
    }

    /// The words a style sheet writes into pages: the quoted strings of its `content:`
    /// declarations (alternative text after `/` included), without comments.
    static func generatedText(css: String) -> String {
        let code = css.replacingOccurrences(of: "/\\*[\\s\\S]*?\\*/", with: " ", options: .regularExpression)
        var text = ""
        var rest = Substring(code)
        while let start = rest.range(of: "content:") {
            let value = rest[start.upperBound...]
            let end = value.firstIndex { $0 == ";" || $0 == "}" } ?? value.endIndex
            var quote: Character?
            for character in value[..<end] {
                if character == quote {
                    quote = nil
                    text += " "
                } else if quote != nil {
                    text.append(character)
                } else if character == "\"" || character == "'" {
                    quote = character
                }
            }
            rest = value[end...]
        }
        return text
    }

    /// The prose of a Markdown twin: without fenced code, code spans, link and image targets and
    /// percent-escapes.
    static func readableText(markdown: String) -> String {
        var prose: [Substring] = []
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                fenced.toggle()
            } else if !fenced {
                prose.append(line)
            }
        }
        return prose.joined(separator: "\n")
            .replacingOccurrences(of: "`[^`\n]*`", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "\\]\\([^)\n]*\\)", with: "] ", options: .regularExpression)
            .replacingOccurrences(of: "<https?://[^>\n]*>", with: " ", options: .regularExpression)
    }
}
