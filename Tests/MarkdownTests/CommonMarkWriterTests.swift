import Foundation
import Markdown
import Testing

/// sitegen's CommonMark writer against libcmark's own CommonMark renderer, which it reproduces:
/// each text is parsed twice (the writer, like libcmark, merges some text nodes of the tree it
/// writes) and written once by each; the two must be byte-identical.
@Suite("CommonMark writer against libcmark's renderer")
struct CommonMarkWriterTests {
    static let extensions: MarkdownExtensions = [.gfm, .headingIDs, .footnotes]

    /// The writer's and libcmark's CommonMark of `markdown`.
    static func both(_ markdown: String) -> (writer: String, libcmark: String) {
        (MarkdownDocument(parsing: markdown, extensions: extensions).renderCommonMark(by: .writer),
         MarkdownDocument(parsing: markdown, extensions: extensions).renderCommonMark(by: .libcmark))
    }

    /// Hand-worked: what libcmark writes, quirks included, pinned here so that the writer is
    /// checked against the rules as well as against the installed library.
    @Test("writes each construct as libcmark does", arguments: [
        ("1. one\n2. two\n", "1.  one\n2.  two\n"),
        ("9. a\n10. b\n", "9.  a\n10. b\n"),
        ("3) x\n", "3)  x\n"),
        ("- a\n- b\n\n- c\n", "  - a\n\n  - b\n\n  - c\n"),
        ("- a\n- b\n", "  - a\n  - b\n"),
        ("> q\n>\n> r\n", "> q\n> \n> r\n"),
        ("para 2\\) and 1\\. x\n", "para 2) and 1. x\n"),
        ("2\\. x and \\2. x\n", "2\\. x and \\\\2. x\n"),
        ("a\tb &copy; &amp;x &x\n", "a&#9;b © \\&x \\&x\n"),
        ("\\- x \\+ \\= \\!\n", "\\- x + = \\!\n"),
        ("*a* **b** *_c_*\n", "*a* **b** *_c_*\n"),
        ("`` a`b `` ` `` `\n", "``a`b`` ` `` `\n"),
        ("```\ncode ```` here\n```\n", "````` \ncode ```` here\n`````\n"),
        ("~~~ a`b\nx\n~~~\n", "~~~ a`b\nx\n~~~\n"),
        ("    indented\n", "``` \nindented\n```\n"),
        ("<https://a.b/c> <mailto:a@b.co> <a@b.co>\n", "<https://a.b/c> [mailto:a@b.co](mailto:a@b.co) <a@b.co>\n"),
        ("[t](<a b> \"q\\\"\") ![i](/p(1) 't')\n", "[t](a%20b \"q\\\"\") ![i](/p\\(1\\) \"t\")\n"),
        ("# H *e*\nline  \nbreak\nsoft\n", "# H *e*\n\nline  \nbreak\nsoft\n"),
        ("***\n<div>\nhtml\n</div>\n", "-----\n\n<div>\nhtml\n</div>\n"),
        ("- a\n\n- b\n1. c\n", "  - a\n\n  - b\n\n<!-- end list -->\n\n1.  c\n"),
        // U+AC30's low byte is "0": libcmark still sees the start of a list marker.
        ("갰1. x\n", "갰1\\. x\n"),
    ])
    func handWorked(_ example: (markdown: String, expected: String)) {
        let (writer, libcmark) = Self.both(example.markdown)
        #expect(writer == example.expected)
        #expect(writer == libcmark)
    }

    /// U+FFFE and U+FFFF, which libcmark 0.30 writes as the single bytes 0xFE and 0xFF (not
    /// UTF-8; its renderer is read back here as the characters it meant), are kept as the author
    /// wrote them: in text, link text and destinations, an extended autolink, code and headings.
    /// Found by `FuzzMarkdown`.
    @Test func noncharactersAreKeptAsWritten() {
        let markdown = "a\u{FFFF}b \u{FFFE}\n\n[x\u{FFFF}](http://e.x/\u{FFFF}) http://www.e\u{FFFF}x.com/ `\u{FFFE}`\n\n# \u{FFFF}\n"
        let (writer, libcmark) = Self.both(markdown)
        #expect(writer == "a\u{FFFF}b \u{FFFE}\n\n[x\u{FFFF}](http://e.x/\u{FFFF}) <http://www.e\u{FFFF}x.com/> `\u{FFFE}`\n\n# \u{FFFF}\n")
        #expect(writer == libcmark)
        // In a table cell as well (cells are written one by one).
        let table = Self.both("| a\u{FFFF} | b |\n| --- | --- |\n| \u{FFFE} | c |\n")
        #expect(table.writer == "| a\u{FFFF} | b |\n| --- | --- |\n| \u{FFFE} | c |\n")
        #expect(table.writer == table.libcmark)
    }

    /// Link destinations and titles set through the API: spaces and tabs percent-encoded as
    /// libcmark does (`% 9` for a tab), brackets and quotes escaped, a URL with a scheme whose
    /// text is that URL written as an autolink.
    @Test func setDestinationsAndTitles() {
        for url in ["a b", "a\tb", "x\ny", "(p)", "<q>", "w`x", "\\", "https://e.x/", "mailto:m@x.y", "x:", "abc+1.-:z", "a:b"] {
            for text in ["x", url, url.replacingOccurrences(of: "mailto:", with: "")] {
                let markdown = "[\(text)](/placeholder) and ![\(text)](/placeholder \"t\")\n"
                let documents = [MarkdownDocument(parsing: markdown, extensions: Self.extensions), MarkdownDocument(parsing: markdown, extensions: Self.extensions)]
                for document in documents {
                    for link in document.links() { link.url = url }
                }
                #expect(documents[0].renderCommonMark(by: .writer) == documents[1].renderCommonMark(by: .libcmark), "\(url.debugDescription) \(text.debugDescription)")
            }
        }
    }

    @Test("the GFM spec's examples", arguments: GFMCase.all)
    func specExample(_ example: GFMCase) {
        let (writer, libcmark) = Self.both(example.markdown)
        #expect(writer == libcmark)
    }

    /// Block openings nested in random order (quotes, bullet and ordered lists of both delimiters
    /// and wide numbers, headings, fences, indented code, HTML, breaks, tables, reference
    /// definitions) around random inline text with everything libcmark escapes.
    static let openings = [
        "", "", "", "> ", "- ", "* ", "+ ", "1. ", "2) ", "10. ", "0. ", "   ", "    ", "\t", "# ", "###### ", "> > ",
        "- > ", "1. - ", "  - ", "- [ ] ", "- [x] ", "```\n", "~~~ info\n", "```a`b\n", "````\n", "<div>\n", "<!-- c -->\n",
        "---\n", "***\n", "[ref]: /url \"t\"\n", "| a | b |\n| --- | :-: |\n| ", "> ```\n", "- ```\n",
    ]
    static let inline = GFMDifferentialTests.tokens + [
        "&copy;", "&x", "&#9;", "1.", "2)", "-", "+", "=", "#", "a\tb", "`` ` ``", "![i](/a%20b)", "[l](</a b> \"t\\\"q\")",
        "[ref]", "<span>", "</span>", "~~s~~", "[x]", "<a@b.co>", "10)", "갰", "İ1.", "ǰ", "*a **b** c*", "***x***", "_*x*_",
        "<https://x.y/(z)>", "[https://a.b](https://a.b)", "[mailto:a@b.c](mailto:a@b.c)", "[`http://a.b`](http://a.b)",
        "[a@b.c](mailto:a@b.c)", "[x](y 'ti\"t`le')", "\\[", "\\`", "|", "\\|", "9", "0", " ", "  ", "[^1]", "[^1]: note",
    ]
    static let lineEnds = ["\n", "\n", "\n\n", "  \n", "\\\n", "\n===\n", "\n---\n", "\n```\n", "\n\n    "]

    static func randomDocuments(count: Int, seed: UInt64) -> [String] {
        var generator = GFMDifferentialTests.Generator(state: seed)
        return (0..<count).map { _ in
            var document = ""
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                for _ in 0..<Int(generator.next() % 3) { document += generator.pick(openings) }
                for _ in 0..<(1 + Int(generator.next() % 8)) {
                    document += generator.pick(inline)
                    document += generator.pick(["", "", " "])
                }
                document += generator.pick(lineEnds)
            }
            return document
        }
    }

    @Test func randomDocumentsWriteAsLibcmarkWritesThem() {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["COMMONMARK_WRITER_DOCUMENTS"].flatMap(Int.init) ?? 3000
        let seed = environment["COMMONMARK_WRITER_SEED"].flatMap(UInt64.init) ?? 30
        var differing = 0
        for document in Self.randomDocuments(count: count, seed: seed) + GFMDifferentialTests.documents(count: 500, seed: seed) {
            let (writer, libcmark) = Self.both(document)
            guard writer != libcmark else { continue }
            differing += 1
            if differing <= 5 { print("differs: \(document.debugDescription)\n  writer:   \(writer.debugDescription)\n  libcmark: \(libcmark.debugDescription)") }
        }
        #expect(differing == 0)
    }

    /// The generator makes what the test is for: lists of both kinds, quotes, code, tables, links
    /// and escapes all occur.
    @Test func randomDocumentsHoldEveryConstruct() {
        let written = Self.randomDocuments(count: 3000, seed: 30).map { Self.both($0).libcmark }.joined()
        for mark in ["  - ", "1.  ", "2)  ", "10. ", "> ", "```", "~~~", "| --- |", "](", "<https://", "\\*", "&#9;", "<!-- end list -->", "-----", "_", "  \n"] {
            #expect(written.contains(mark), "\(mark)")
        }
    }
}
