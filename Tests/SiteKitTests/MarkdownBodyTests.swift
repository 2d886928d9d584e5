import CCmark
import Foundation
import Testing

/// libcmark's own HTML for a Markdown text, straight from its C API.
func libcmarkHTML(_ markdown: String) -> String {
    guard let bytes = cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return "" }
    defer { free(bytes) }
    return String(cString: bytes)
}

/// libcmark's HTML with the heading ids sitegen adds (`<h1>Hi</h1>` → `<h1 id="hi">Hi</h1>`).
func withHeadingIDs(_ html: String, _ ids: [String: String]) -> String {
    var html = html
    for (text, id) in ids {
        for level in 1...6 {
            html = html.replacingOccurrences(of: "<h\(level)>\(text)</h\(level)>", with: "<h\(level) id=\"\(id)\">\(text)</h\(level)>")
        }
    }
    return html
}

@Suite("Page bodies are libcmark's HTML (with heading ids)")
struct MarkdownBodyTests {
    static let bodies = [
        "# Heading\n\nSome *text*, `code` and **bold**.\n\n- a\n- b\n\n1. one\n2. two\n",
        "```swift\nlet a = \"<tag>\" && b\n```\n",
        "Entities &amp; &copy; &#169; 3 < 4 & \"quotes\"\n",
        "[external](https://example.com) and <https://example.org>\n",
        "<div class=\"x\">raw</div>\n\nInline <span>raw</span> dropped.\n",
        "Text\n\n---\n\nAfter a thematic break\n",
    ]

    @Test("a page without front matter", arguments: bodies)
    func noFrontMatter(_ body: String) async throws {
        try await expectBody(of: body, rendersAs: body)
    }

    @Test("a page with front matter", arguments: bodies)
    func withFrontMatter(_ body: String) async throws {
        try await expectBody(of: "---\ntitle: T\nweight: 2\n---\n" + body, rendersAs: body)
    }

    @Test func emptyFrontMatter() async throws {
        try await expectBody(of: "---\n---\n# Hello\n", rendersAs: "# Hello\n")
    }

    @Test func thematicBreakInBodyIsNotFrontMatter() async throws {
        let text = "Intro\n\n---\ntitle: not front matter\n---\n\nEnd\n"
        try await expectBody(of: text, rendersAs: text)
    }

    @Test func crlfLineEnds() async throws {
        let text = "---\r\ntitle: Windows\r\n---\r\n# Hi\r\n\r\n- a\r\n- b\r\n"
        try await expectBody(of: text, rendersAs: "# Hi\r\n\r\n- a\r\n- b\r\n")
    }

    @Test func byteOrderMark() async throws {
        try await expectBody(of: "\u{FEFF}---\ntitle: BOM\n---\nText\n", rendersAs: "Text\n")
        try await expectBody(of: "\u{FEFF}# Only body\n", rendersAs: "# Only body\n")
    }

    private func expectBody(of page: String, rendersAs body: String) async throws {
        let site = try TestSite(["Content/page.md": page], templates: .bare)
        defer { site.remove() }
        try await site.build()
        let ids = ["Heading": "heading", "Hello": "hello", "Hi": "hi", "Only body": "only-body",
                   "title: not front matter": "title-not-front-matter"]
        let output = try site.output("page/index.html")
        #expect(output == withHeadingIDs(libcmarkHTML(body), ids) + "\n")
    }
}
