import ReportKit
import Testing

@Suite("Text output helpers")
struct TextOutputTests {
    @Test func numberText() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(1234567) == "1,234,567")
        #expect(NumberText.grouped(-1000) == "-1,000")
        #expect(NumberText.fixed(8.4, places: 2) == "8.40")
        #expect(NumberText.fixed(2.675, places: 2) == "2.68")
        #expect(NumberText.fixed(-0.001, places: 2) == "0.00")
        #expect(NumberText.groupedFixed(12345.6, places: 2) == "12,345.60")
        #expect(NumberText.percent(0.934) == "93.4%")
    }

    @Test func htmlEscapingAndURLs() {
        #expect(HTML.escape("<script>alert('x') & \"y\"</script>") == "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;")
        #expect(HTML.safeHTTPURL("https://a.example/x.png") == "https://a.example/x.png")
        #expect(HTML.safeHTTPURL(" javascript:alert(1)") == nil)
        #expect(HTML.safeHTTPURL("data:image/png;base64,xx") == nil)
        #expect(HTML.safeHTTPURL("https://a.example/\"onerror=x") == nil)
        #expect(HTML.safeHTTPURL("https://") == nil)
    }

    @Test func csvAndMarkdown() {
        #expect(CSVText.document(header: ["a", "b"], rows: [["1,000", "say \"hi\""], ["x", "y"]]) == "a,b\n\"1,000\",\"say \"\"hi\"\"\"\nx,y\n")
        #expect(MarkdownText.escape("a|b ~x~\r\nc") == "a\\|b \\~x\\~ c")
        #expect(MarkdownText.url("a (1).png") == "a%20%281%29.png")
        #expect(MarkdownText.fence(for: ["x", "``` and ````"]) == "`````")
    }
}
