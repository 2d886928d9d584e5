import CCmark
import Markdown
import Foundation
import Testing

/// libcmark's own HTML, straight from its C API, as the reference.
private func reference(_ markdown: String) -> String {
    guard let bytes = cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return "" }
    defer { free(bytes) }
    return String(cString: bytes)
}

@Suite("Markdown wrapper")
struct MarkdownDocumentTests {
    static let samples = [
        "# Title\n\n## Sub *em* `code`\n\nText with **bold**.\n",
        "- one\n- two\n  - nested\n\n1. first\n2. second\n",
        "```swift\nlet x = 1 < 2\n```\n\n    indented code\n",
        "Entities: &amp; &copy; &#35; &lt;tag&gt; 5 > 3 & 2 < 4\n",
        "[link](https://example.com \"title\") and ![img](a.png) and <https://auto.link>\n",
        "<div>raw block</div>\n\nInline <b>raw</b> html <!-- comment -->\n",
        "[bad](javascript:alert(1)) [ok](mailto:a@b.c)\n",
        "> quote\n> more\n\n---\n\nText  \nhard break\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n",
        "",
    ]

    @Test("renders exactly libcmark's HTML", arguments: samples)
    func rendersLikeLibcmark(_ markdown: String) {
        #expect(MarkdownDocument(parsing: markdown).renderHTML() == reference(markdown))
    }

    @Test func findsFencedBlocksWithInfoAndLine() {
        let document = MarkdownDocument(parsing: "# T\n\n```calc extra\n1 + 2\n```\n\n    indented\n\n```\nplain\n```\n")
        let blocks = document.fencedCodeBlocks()
        #expect(blocks.count == 1)
        #expect(blocks[0].language == "calc")
        #expect(blocks[0].info == "calc extra")
        #expect(blocks[0].body == "1 + 2\n")
        #expect(blocks[0].line == 3)
    }

    @Test func replacesBlocksPerRenderer() {
        let document = MarkdownDocument(parsing: "Before\n\n```calc\n1\n```\n\nAfter\n")
        let replacement = document.fencedCodeBlocks()[0].replace(html: "<section>R</section>", commonMark: "**R**")
        #expect(document.renderHTML() == "<p>Before</p>\n<section>R</section>\n<p>After</p>\n")
        replacement.showCommonMark()
        #expect(document.renderCommonMark() == "Before\n\n**R**\n\nAfter\n")
    }

    /// The block taken out belongs to the document: replacing the same block again (which freed
    /// it a second time before) changes nothing.
    @Test func replacingABlockTwiceKeepsTheFirst() {
        let document = MarkdownDocument(parsing: "```calc\n1\n```\n")
        let block = document.fencedCodeBlocks()[0]
        let first = block.replace(html: "<b>one</b>", commonMark: "one")
        let second = block.replace(html: "<b>two</b>", commonMark: "two")
        second.showCommonMark()
        #expect(document.renderHTML() == "<b>one</b>\n")
        first.showCommonMark()
        #expect(document.renderCommonMark() == "one\n")
    }

    @Test func editsLinkDestinations() {
        let document = MarkdownDocument(parsing: "See [the day](day.md#prices) and ![x](pic.png).\n")
        let links = document.links()
        #expect(links.map(\.url) == ["day.md#prices", "pic.png"])
        links[0].url = "../day/index.html#prices"
        #expect(document.renderHTML() == "<p>See <a href=\"../day/index.html#prices\">the day</a> and <img src=\"pic.png\" alt=\"x\" />.</p>\n")
    }

    @Test func firstHeadingIsPlainText() {
        #expect(MarkdownDocument(parsing: "Intro\n\n## Two\n\n# The *first* `one`\n").firstHeading == "The first one")
        #expect(MarkdownDocument(parsing: "No heading\n").firstHeading == nil)
    }

    @Test func unsafeKeepsRawHTML() {
        #expect(MarkdownDocument(parsing: "<b>x</b>\n").renderHTML(unsafe: true) == "<p><b>x</b></p>\n")
        #expect(MarkdownDocument(parsing: "<b>x</b>\n").renderHTML() == "<p><!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n")
    }
}
