import Basics
import Foundation
import ReportKit
import Testing

/// The one renderer: each node type in HTML, Markdown and console text, with hostile values.
@Suite struct ReportRendererTests {
    static let hostile = "<img src=x onerror=alert(1)> *x* | #1 [a](b) ~~c~~"

    static func document(_ body: [ReportNode], title: String = "Title") -> ReportDocument {
        ReportDocument(kind: "demo", id: "demo-1", title: title, body: body)
    }

    @Test func sectionWrapsTheBodyUnderItsTitle() {
        let document = Self.document([.paragraph(Paragraph("Hello."))])
        #expect(ReportRenderer().html(document) == """
            <section class="report report-demo" id="demo-1" aria-labelledby="demo-1-title">
            <h2 id="demo-1-title">Title</h2>
            <p>Hello.</p>
            </section>

            """)
        #expect(ReportRenderer().markdown(document) == "### Title\n\nHello.\n")
        #expect(ReportRenderer().text(document) == "Title\n\nHello.\n")
    }

    @Test func divisionHasNoTitleAndHeadingsOneLevelUp() {
        let document = ReportDocument(kind: "demo", id: "x", container: .division, classes: ["extra"], body: [.heading("Details")])
        #expect(ReportRenderer().html(document) == "<div class=\"report report-demo extra\" id=\"x\">\n<h2>Details</h2>\n</div>\n")
        #expect(ReportRenderer().markdown(document) == "### Details\n")
        #expect(ReportRenderer().text(Self.document([.heading("Details")])) == "Title\n\nDetails\n-------\n")
    }

    @Test func paragraphsCarryClassLanguageAndStrength() {
        let document = Self.document([.paragraph(Paragraph("업무가 마감되었습니다.", className: "closing", lang: "ko", isStrong: true))])
        #expect(ReportRenderer().html(document).contains("<p class=\"closing\" lang=\"ko\">업무가 마감되었습니다.</p>\n"))
        #expect(ReportRenderer().markdown(document) == "### Title\n\n**업무가 마감되었습니다.**\n")
    }

    @Test func hostileValuesAreTextEverywhere() {
        let document = Self.document([
            .paragraph(Paragraph(Self.hostile)),
            .figures([Figure(Self.hostile, Self.hostile)]),
            .table(Table(caption: Self.hostile, columns: [.init(Self.hostile)], textRows: [[Self.hostile]], hasRowHeaders: false)),
        ], title: Self.hostile)
        let html = ReportRenderer().html(document)
        #expect(!html.contains("<img"))
        #expect(html.contains("<h2 id=\"demo-1-title\">&lt;img src=x onerror=alert(1)&gt; *x* | #1 [a](b) ~~c~~</h2>"))
        let escaped = "\\<img src=x onerror=alert(1)\\> \\*x\\* \\| \\#1 \\[a\\](b) \\~\\~c\\~\\~"
        #expect(ReportRenderer().markdown(document) == """
            ### \(escaped)

            \(escaped)

            - **\(escaped):** \(escaped)

            \(escaped).

            | \(escaped) |
            | --- |
            | \(escaped) |

            """)
    }

    @Test func figures() {
        let document = Self.document([.figures([Figure("Customers served", "23"), Figure("Mean wait", "1.20 s")])])
        #expect(ReportRenderer().html(document).contains(
            "<dl class=\"figures\">\n<div><dt>Customers served</dt><dd>23</dd></div>\n<div><dt>Mean wait</dt><dd>1.20 s</dd></div>\n</dl>\n"))
        #expect(ReportRenderer().markdown(document) == "### Title\n\n- **Customers served:** 23\n- **Mean wait:** 1.20 s\n")
        #expect(ReportRenderer().text(document) == "Title\n\nCustomers served: 23\nMean wait: 1.20 s\n")
    }

    @Test func tablesTypeTheirColumns() {
        let table = Table(
            caption: "Work per teller",
            columns: [.init("은행원"), .init("Served", .number), .init("Busy (s)", .time), .init("Price", .money)],
            rows: [[Table.Cell("예금 1"), Table.Cell("12"), Table.Cell("8.40", classes: ["long"]), Table.Cell("KRW 1,000")]],
            className: "tellers")
        let document = Self.document([.table(table)])
        #expect(ReportRenderer().html(document).contains("""
            <p class="table-caption" aria-hidden="true">Work per teller</p>
            <div class="table-wrap"><table class="tellers">
            <caption class="visually-hidden">Work per teller</caption>
            <thead><tr><th scope="col">은행원</th><th scope="col" class="num">Served</th><th scope="col" class="num">Busy (s)</th><th scope="col" class="num">Price</th></tr></thead>
            <tbody>
            <tr><th scope="row">예금 1</th><td class="num">12</td><td class="num long">8.40</td><td class="num">KRW 1,000</td></tr>
            </tbody>
            </table></div>

            """))
        #expect(ReportRenderer().markdown(document) == """
            ### Title

            Work per teller.

            | 은행원 | Served | Busy (s) | Price |
            | --- | ---: | ---: | ---: |
            | 예금 1 | 12 | 8.40 | KRW 1,000 |

            """)
        #expect(ReportRenderer().text(document) == """
            Title

            Work per teller
            은행원  Served  Busy (s)      Price
            ------  ------  --------  ---------
            예금 1      12      8.40  KRW 1,000

            """)
    }

    @Test func numericRowHeadersAreMarked() {
        let table = Table(caption: "", columns: [.init("No.", .number), .init("Expression")], textRows: [["1", "2 + 3"]])
        let html = ReportRenderer().html(Self.document([.table(table)]))
        #expect(html.contains("<tr><th scope=\"row\" class=\"num\">1</th><td>2 + 3</td></tr>"))
        #expect(!html.contains("caption"))
    }

    @Test func inlineMarksSpeakAndDecorate() {
        let cell: [Inline] = [
            .decoration("✓", className: "mark"), .text(" "), .spoken("Made: "), .text("a <b>"),
            .text(" "), .styled([.text("(short)")], className: "shortage"),
        ]
        let document = Self.document([.paragraph(Paragraph(cell))])
        #expect(ReportRenderer().html(document).contains(
            "<p><span class=\"mark\" aria-hidden=\"true\">✓</span> <span class=\"visually-hidden\">Made: </span>a &lt;b&gt; <span class=\"shortage\">(short)</span></p>"))
        #expect(ReportRenderer().markdown(document) == "### Title\n\n✓ a \\<b\\> (short)\n")
        #expect(ReportRenderer().text(document) == "Title\n\n✓ a <b> (short)\n")
    }

    @Test func linksDeletionsAndBreaks() {
        let content: [Inline] = [
            .link([.text("망고")], href: "products/2/index.html", markdownHref: "products/2/index.md", className: "go"),
            .text(" "), .deleted([.text("KRW 12,000")], className: "was"), .lineBreak, .text("end"),
        ]
        let document = Self.document([.paragraph(Paragraph(content))])
        #expect(ReportRenderer().html(document).contains(
            "<p><a class=\"go\" href=\"products/2/index.html\">망고</a> <del class=\"was\">KRW 12,000</del><br>end</p>"))
        #expect(ReportRenderer().markdown(document) == "### Title\n\n[망고](products/2/index.md) ~~KRW 12,000~~ end\n")
    }

    @Test func chartsAreInlineOnThePageAndAFileBesideIt() {
        let chart = Chart(file: "demo-1-stock.svg", svg: "<svg></svg>\n", alt: "Stock (재고)", caption: "Stock <over> time", classes: ["wide"])
        let document = Self.document([.chart(chart)])
        #expect(ReportRenderer().html(document).contains(
            "<figure class=\"chart wide\">\n<svg></svg>\n<figcaption>Stock &lt;over&gt; time</figcaption>\n</figure>\n"))
        #expect(ReportRenderer().markdown(document) == "### Title\n\n![Stock (재고)](demo-1-stock.svg)\n\nStock \\<over\\> time\n")
        #expect(ReportRenderer().text(document) == "Title\n\nStock <over> time\n")
        #expect(document.allFiles == [ReportFile(name: "demo-1-stock.svg", text: "<svg></svg>\n")])
    }

    @Test func aWideChartsScrollHintIsForSightedPhoneReadersOnly() {
        let chart = Chart(file: "demo-1-day.svg", svg: "<svg></svg>\n", alt: "Day", caption: "Bars <of> customers",
                          classes: ["timeline"], scrolls: true, scrollHint: "⇆ Scroll <sideways>.")
        let document = Self.document([.chart(chart)])
        #expect(ReportRenderer().html(document).contains(
            "<figure class=\"chart timeline\" tabindex=\"0\">\n<svg></svg>\n<figcaption><span class=\"scroll-hint\" aria-hidden=\"true\">⇆ Scroll &lt;sideways&gt;. </span>Bars &lt;of&gt; customers</figcaption>\n</figure>\n"))
        #expect(ReportRenderer().markdown(document) == "### Title\n\n![Day](demo-1-day.svg)\n\nBars \\<of\\> customers\n")
        #expect(ReportRenderer().text(document) == "Title\n\nBars <of> customers\n")
    }

    @Test func collapsibleLogs() {
        let log = Collapsible(summary: "Console log (2 lines)", className: "log", body: [
            .preformatted(Preformatted(lines: ["1번 고객 <시작>", "```"], lang: "ko")),
        ])
        let document = Self.document([.collapsible(log)])
        #expect(ReportRenderer().html(document).contains(
            "<details class=\"log\"><summary>Console log (2 lines)</summary>\n<pre lang=\"ko\">1번 고객 &lt;시작&gt;\n```</pre>\n</details>\n"))
        #expect(ReportRenderer().markdown(document) == "### Title\n\n#### Console log (2 lines)\n\n````text\n1번 고객 <시작>\n```\n````\n")
        #expect(ReportRenderer().text(document) == "Title\n\nConsole log (2 lines)\n---------------------\n\n1번 고객 <시작>\n```\n")
    }

    @Test func downloads() {
        let document = Self.document([.downloads([Download("CSV", file: "demo-1.csv"), Download("JSON", file: "demo 1.json")])])
        #expect(ReportRenderer().html(document).contains(
            "<p class=\"downloads\">Download: <a href=\"demo-1.csv\" download>CSV</a> · <a href=\"demo 1.json\" download>JSON</a></p>\n"))
        #expect(ReportRenderer().markdown(document) == "### Title\n\nDownload: [CSV](demo-1.csv) · [JSON](demo%201.json)\n")
        #expect(ReportRenderer().text(document) == "Title\n")
    }

    @Test func componentsUseThePartialElseTheirFallback() {
        let card = Component(name: "card", value: .object([("name", .text("<b>"))]), fallback: [.paragraph(Paragraph("<b>"))])
        let document = Self.document([.component(card)])
        let drawn = ReportRenderer(components: { component in
            guard component.name == "card", case .object(let entries) = component.value, case .text(let name)? = entries.first?.value else { return nil }
            return "<div class=\"card\">\(HTML.escape(name))</div>\n"
        })
        #expect(drawn.html(document).contains("<div class=\"card\">&lt;b&gt;</div>\n"))
        #expect(ReportRenderer().html(document).contains("<p>&lt;b&gt;</p>\n"))
        #expect(drawn.markdown(document) == "### Title\n\n\\<b\\>\n")
        #expect(drawn.text(document) == "Title\n\n<b>\n")
    }

    @Test func cardListsToggleAndFallBack() {
        let card = Component(name: "card", value: .object([]), fallback: [.paragraph(Paragraph("one"))])
        let list = CardList(id: "m-1", classPrefix: "m", cards: [card], emptyText: "None.", fallback: [.paragraph(Paragraph("as a table"))])
        let html = ReportRenderer(components: { _ in "<li>card</li>\n" }).html(Self.document([.cards(list)]))
        #expect(html.contains("""
            <div class="m-view">
            <input type="radio" class="m-toggle m-toggle-grid" name="m-1-view" id="m-1-view-grid" checked><label for="m-1-view-grid"><span aria-hidden="true">▦ </span>Grid</label>
            <input type="radio" class="m-toggle m-toggle-list" name="m-1-view" id="m-1-view-list"><label for="m-1-view-list"><span aria-hidden="true">☰ </span>List</label>
            <ul class="m-products">
            <li>card</li>
            </ul>
            </div>

            """))
        #expect(ReportRenderer().html(Self.document([.cards(list)])).contains("<ul class=\"m-products\">\n<li>\n<p>one</p>\n</li>\n</ul>\n"))
        var empty = list
        empty.cards = []
        #expect(ReportRenderer().html(Self.document([.cards(empty)])).contains("<p class=\"note m-empty\">None.</p>\n</div>\n"))
        #expect(ReportRenderer().markdown(Self.document([.cards(list)])) == "### Title\n\nas a table\n")
    }

    @Test func pagerLinksEveryPage() {
        let pager = Pager(label: "Pages", classPrefix: "m", current: 2, links: ["../index.html", "index.html", "3.html"])
        let document = Self.document([.pager(pager)])
        #expect(ReportRenderer().html(document).contains(
            "<nav class=\"m-pager\" aria-label=\"Pages\"><a class=\"m-pager-step\" rel=\"prev\" href=\"../index.html\">← Previous</a><ol>"
                + "<li><a href=\"../index.html\"><span class=\"m-vh\">Page </span>1</a></li>"
                + "<li><a href=\"index.html\" aria-current=\"page\"><span class=\"m-vh\">Page </span>2</a></li>"
                + "<li><a href=\"3.html\"><span class=\"m-vh\">Page </span>3</a></li></ol>"
                + "<a class=\"m-pager-step\" rel=\"next\" href=\"3.html\">Next →</a></nav>\n"))
        #expect(ReportRenderer().markdown(document) == "### Title\n")
        #expect(!ReportRenderer().html(Self.document([.pager(Pager(label: "P", classPrefix: "m", current: 1, links: ["a"]))])).contains("<nav"))
    }

    @Test func images() {
        let document = Self.document([.images([Image(source: "a (1).png", alt: "귤, image 1"), Image(source: "https://x/b.png", alt: "<b>")])])
        #expect(ReportRenderer().html(document).contains("<img src=\"a (1).png\" alt=\"귤, image 1\">\n<img src=\"https://x/b.png\" alt=\"&lt;b&gt;\">\n"))
        #expect(ReportRenderer().markdown(document) == "### Title\n\n![귤, image 1](a%20%281%29.png)\n![\\<b\\>](https://x/b.png)\n")
    }

    @Test func reportCollectsDataAndChartFilesAndPages() {
        let page = ReportDocumentPage(path: "more", title: "More", document: ReportDocument(kind: "demo", id: "demo-1", container: .division, body: [.paragraph(Paragraph("x"))]))
        let document = ReportDocument(
            kind: "demo", id: "demo-1", title: "T",
            body: [.collapsible(Collapsible(summary: "s", body: [.chart(Chart(file: "demo-1-a.svg", svg: "<svg/>", alt: "a", caption: "c"))]))],
            headlines: ["3 things"], files: [ReportFile(name: "demo-1.csv", text: "a\n")], pages: [page])
        let report = Report(document)
        #expect(report.files.map(\.name) == ["demo-1.csv", "demo-1-a.svg"])
        #expect(report.headlines == ["3 things"])
        #expect(report.pages.map(\.path) == ["more"])
        #expect(report.pages[0].html == "<div class=\"report report-demo\" id=\"demo-1\">\n<p>x</p>\n</div>\n")
        #expect(report.pages[0].markdown == "x\n")
    }

    @Test func labelsFillTheirPlaceholdersOnce() {
        #expect(Strings.fill("a {1} and {2}", ["{2}", "b"]) == "a {2} and b")
        #expect(Strings.fill("a {1} and {2}", ["x"]) == "a x and {2}")
        #expect(Strings.fill("{plain}", []) == "{plain}")
    }
}

@Suite struct TableFooterTests {
    @Test func aFooterIsATFootAndTheLastRowsElsewhere() {
        var table = Table(caption: "Sales", columns: [.init("Product"), .init("Sold", .number)], textRows: [["망고", "3"], ["키위", "12"]])
        table.footer = [[Table.Cell("Total"), Table.Cell("15", classes: ["total"])]]
        let document = ReportRendererTests.document([.table(table)])
        #expect(ReportRenderer().html(document).contains("""
            </tbody>
            <tfoot>
            <tr><th scope="row">Total</th><td class="num total">15</td></tr>
            </tfoot>
            </table></div>
            """))
        #expect(ReportRenderer().markdown(document).hasSuffix("| 키위 | 12 |\n| Total | 15 |\n"))
        #expect(ReportRenderer().text(document).hasSuffix("키위       12\nTotal      15\n"))
    }
}
