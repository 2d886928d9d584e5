import Markdown
import Testing

@Suite("Heading ids")
struct HeadingIDTests {
    @Test func slugsAreGitHubStyle() {
        #expect(HeadingSlugger.slug("Hello, World!") == "hello-world")
        #expect(HeadingSlugger.slug("`calc` — a calculator tape") == "calc--a-calculator-tape")
        #expect(HeadingSlugger.slug("재고 현황 (2024)") == "재고-현황-2024")
        #expect(HeadingSlugger.slug("Über  café_au-lait") == "über--café_au-lait")
        #expect(HeadingSlugger.slug("C++ & Swift 6.3?") == "c--swift-63")
    }

    @Test func zolasRuleJoinsEveryOtherRunWithOneDash() {
        #expect(HeadingSlugger.zolaSlug("get_page") == "get-page")
        #expect(HeadingSlugger.zolaSlug("Hello, World!") == "hello-world")
        #expect(HeadingSlugger.zolaSlug("`calc` — a calculator tape") == "calc-a-calculator-tape")
        #expect(HeadingSlugger.zolaSlug("  C++ & Swift 6.3? ") == "c-swift-6-3")
        #expect(HeadingSlugger.zolaSlug("재고 현황 (2024)") == "재고-현황-2024")
        var slugger = HeadingSlugger(rule: .zola)
        #expect(["get_page", "Get page", "???"].map { slugger.slug($0) } == ["get-page", "get-page-1", "section"])
        let document = MarkdownDocument(parsing: "## load_data\n", extensions: [.gfm, .headingIDs, .zolaHeadingIDs])
        #expect(document.renderHTML() == "<h2 id=\"load-data\">load_data</h2>\n")
    }

    @Test func duplicatesGetNumberedInOrder() {
        var slugger = HeadingSlugger()
        #expect(["Prices", "Prices", "Prices-1", "Prices", "!!!", "???"].map { slugger.slug($0) }
            == ["prices", "prices-1", "prices-1-1", "prices-2", "section", "section-1"])
    }

    @Test func documentListsHeadingsAndRendersIDs() {
        let document = MarkdownDocument(
            parsing: "# 시장 *보고서*\n\nText\n\nPrices `now`\n---\n\n## Prices now\n\n### ~~Old~~ www.x.org\n",
            extensions: [.gfm, .headingIDs]
        )
        #expect(document.headings == [
            Heading(level: 1, text: "시장 보고서", id: "시장-보고서"),
            Heading(level: 2, text: "Prices now", id: "prices-now"),
            Heading(level: 2, text: "Prices now", id: "prices-now-1"),
            Heading(level: 3, text: "Old www.x.org", id: "old-wwwxorg"),
        ])
        #expect(document.renderHTML() == """
            <h1 id="시장-보고서">시장 <em>보고서</em></h1>
            <p>Text</p>
            <h2 id="prices-now">Prices <code>now</code></h2>
            <h2 id="prices-now-1">Prices now</h2>
            <h3 id="old-wwwxorg"><del>Old</del> <a href="http://www.x.org">www.x.org</a></h3>

            """)
        // Rendering twice gives the same HTML; the CommonMark has no ids.
        #expect(document.renderHTML() == document.renderHTML())
        #expect(document.renderCommonMark().hasPrefix("# 시장 *보고서*\n\nText\n\n## Prices `now`\n"))
    }

    @Test func withoutTheExtensionThereAreNoIDs() {
        let document = MarkdownDocument(parsing: "## A\n", extensions: .gfm)
        #expect(document.headings.isEmpty)
        #expect(document.renderHTML() == "<h2>A</h2>\n")
    }
}

