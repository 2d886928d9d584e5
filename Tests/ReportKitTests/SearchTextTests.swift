import ReportKit
import Testing

@Suite struct SearchTextTests {
    @Test func aDocumentIsFoundByItsHeadingsTextAndColumnHeadersAsPlainTextWithoutItsWaysOut() {
        let long = String(repeating: "word ", count: 41)
        let document = ReportDocument(
            kind: "demo", id: "demo-1", title: "Juice  day",
            body: [
                .figures([Figure("Orders", "12"), Figure("Failed", "3")]),
                .paragraph(Paragraph([.text("망고쥬스 "), .spoken("(made)"), .styled([.text("나왔습니다!")], className: "ok")])),
                .paragraph(Paragraph([.deleted([.text("35,000 KRW")]), .text(" 32,000 KRW")])),
                .paragraph(Paragraph([.link([.text("← All products")], href: "../../", markdownHref: "../../index.md"), .text(" ")])),
                .paragraph(Paragraph(long)),
                .table(Table(caption: "Stock after each step", columns: [Table.Column("Step", .number), Table.Column("망고", .number)], textRows: [["1", "secret cell"]])),
                .collapsible(Collapsible(summary: "Console log", body: [.heading("Inside"), .preformatted(Preformatted(lines: ["log line"]))])),
                .chart(Chart(file: "c.svg", svg: "<svg></svg>", alt: "alt", caption: "Stock over time")),
                .heading("Orders 12"),
                .heading("Juice day"),
                .downloads([Download("CSV", file: "d.csv")]),
            ])
        #expect(document.searchText == ReportSearchText(
            headings: ["Juice day", "Console log", "Inside"],
            text: ["망고쥬스 나왔습니다!", "32,000 KRW", "Stock after each step", "Stock over time", "Orders 12", "Failed 3"],
            keywords: ["Step", "망고"]
        ))
        var page = document
        page.container = .division
        #expect(page.searchText.headings == ["Console log", "Inside", "Juice day"])
    }
}
