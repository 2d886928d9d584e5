import Basics
import Foundation
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

    /// OWASP: text that a spreadsheet would run as a formula is prefixed with `'`; numbers are not.
    @Test func csvTextCellsNeverBecomeFormulas() {
        #expect(CSVText.field("=HYPERLINK(\"http://evil.example\",\"click\")") == "\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\"")
        #expect(CSVText.field("@SUM(A1:A2)") == "'@SUM(A1:A2)")
        #expect(CSVText.field("+1") == "'+1")
        #expect(CSVText.field("-2+3") == "'-2+3")
        #expect(CSVText.field("\tx") == "'\tx")
        #expect(CSVText.field("\rx") == "\"'\rx\"")
        #expect(CSVText.field("a=b") == "a=b")
        #expect(CSVCell.number("-9").field == "-9")
        #expect(CSVCell.number("-1,234.5").field == "\"-1,234.5\"")
        #expect(CSVCell.number("1.5e+21").field == "1.5e+21")
        #expect(CSVCell.number("NaN").field == "NaN")
        #expect(CSVCell.integer(-3).field == "-3")
        // A "number" that is not one is text.
        #expect(CSVCell.number("-2+3").field == "'-2+3")
        #expect(CSVCell.number("=1").field == "'=1")
        #expect(CSVText.document(header: ["n", "s"], rows: [[.integer(-1), .text("-1")]]) == "n,s\n-1,'-1\n")
        // Downloads carry a byte-order mark so Excel reads UTF-8 (Korean) right.
        #expect(ReportFile(name: "x.csv", text: "a\n").contents == Data([0xEF, 0xBB, 0xBF, 0x61, 0x0A]))
        #expect(ReportFile(name: "x.json", text: "a\n").contents == Data("a\n".utf8))
    }

    /// Terminal escapes from content are shown, not obeyed; a huge line is cut.
    @Test func terminalTextIsSanitisedAndShortened() {
        #expect(TerminalText.safe("page.md:3: bad \u{1B}]0;owned\u{07}\u{1B}[2J value\tok\r") == "page.md:3: bad \\u{1B}]0;owned\\u{7}\\u{1B}[2J value\tok\\u{D}")
        #expect(TerminalText.safe("a\nb\u{202E}c") == "a\nb\\u{202E}c")
        let long = String(repeating: "1 + ", count: 250_000) + "1"
        let shown = TerminalText.safe("calc: line 1: " + long)
        #expect(shown == String(("calc: line 1: " + long).prefix(1_000)) + "… (999015 more characters)")
        #expect(TerminalText.safe("한글 ✓") == "한글 ✓")
    }

    @Test func csvAndMarkdown() {
        #expect(CSVText.document(header: ["a", "b"], rows: [[.text("1,000"), .text("say \"hi\"")], [.text("x"), .text("y")]]) == "a,b\n\"1,000\",\"say \"\"hi\"\"\"\nx,y\n")
        #expect(MarkdownText.escape("a|b ~x~\r\nc") == "a\\|b \\~x\\~ c")
        #expect(MarkdownText.url("a (1).png") == "a%20%281%29.png")
        #expect(MarkdownText.escape("plain words, 고객 10명 é") == "plain words, 고객 10명 é")
        #expect(MarkdownText.escape("x\u{2028}y\u{85}z") == "x y z")
        #expect(MarkdownText.url("재고/a.png") == "재고/a.png")
        #expect(MarkdownText.url("a\u{2029}b") == "ab")
        #expect(MarkdownText.fence(for: ["x", "``` and ````"]) == "`````")
    }
}
