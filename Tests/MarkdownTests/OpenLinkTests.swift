import Markdown
import Testing

/// Rendering with link destinations left open and filled in later gives what setting the URLs and
/// rendering gives.
@Suite("Links left open at render time")
struct OpenLinkTests {
    @Test func destinationsAreWrittenAsLibcmarkWritesThem() {
        #expect(LinkDestination.html("a b.md", unsafe: false) == "a%20b.md")
        #expect(LinkDestination.html("x&y'z", unsafe: false) == "x&amp;y&#x27;z")
        #expect(LinkDestination.html("재고.md", unsafe: false) == "%EC%9E%AC%EA%B3%A0.md")
        #expect(LinkDestination.html("javascript:alert", unsafe: false) == "")
        #expect(LinkDestination.html("javascript:alert", unsafe: true) == "javascript:alert")
        #expect(LinkDestination.commonMark("a b.md") == "a%20b.md")
        #expect(LinkDestination.commonMark("(p)") == "\\(p\\)")
        #expect(LinkDestination.commonMark("재고.md") == "재고.md")
    }

    /// URLs of letters, digits and `-._~/#?=%+` are written as they are, as libcmark writes them
    /// when it renders a parsed `[x](url)` (the oracle here).
    @Test func plainURLsAreWrittenAsLibcmarkWritesThem() {
        let alphabet = Array("aZ09-._~/#?=%+")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for round in 0..<600 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = 1 + Int(state >> 59)
            var url = ""
            for step in 0..<length { url.append(alphabet[Int((state >> UInt64(step * 3 % 56)) % UInt64(alphabet.count))]) }
            if round % 7 == 0 { url = "../" + url + "/index.html" }
            let document = MarkdownDocument(parsing: "[x](\(url))\n")
            let html = document.renderHTML()
            #expect(html == "<p><a href=\"\(LinkDestination.html(url, unsafe: false))\">x</a></p>\n", "\(url)")
            #expect(document.renderCommonMark() == "[x](\(LinkDestination.commonMark(url)))\n", "\(url)")
        }
    }

    private static let documents = [
        "# Title\n\nSee [one](a.md) and ![pic](img/p.png \"A title\") and [two](b.md#x).\n\n- [in a list](c.md)\n\n> [quoted](../d.md 'q')\n",
        "| a | b |\n|---|---|\n| [cell](t.md) | *x* [y](u.md) |\n\n~~[struck](s.md)~~ www.example.com [ref]\n\n[ref]: r.md\n",
        "Text **[bold link](e.md)** and <https://ex.com> and [empty]() and [frag](#top).\n\n```bank\nnot a link [z](z.md)\n```\n",
        "1. [a](a.md)\n   - [ ] [task](t.md)\n\nLast [line](l.md)",
    ]

    private static let targets = ["../x/index.html", "a b/(c).md", "x&y'z", "재고/index.html", "javascript:x", ""]

    @Test(arguments: documents, [false, true])
    func filledLinksMatchAFreshRender(_ text: String, unsafe: Bool) throws {
        let open = MarkdownDocument(parsing: text, extensions: [.gfm, .headingIDs])
        let links = open.links()
        let rendering = try #require(open.renderWithOpenLinks(links, unsafe: unsafe))
        #expect(rendering.count == links.count)
        let html = links.indices.map { Self.targets[$0 % Self.targets.count] }
        let markdown = links.indices.map { Self.targets[($0 + 1) % Self.targets.count] }
        let filled = rendering.filled(html: html, commonMark: markdown)

        let fresh = MarkdownDocument(parsing: text, extensions: [.gfm, .headingIDs])
        let freshLinks = fresh.links()
        for (link, url) in zip(freshLinks, html) { link.url = url }
        let expectedHTML = fresh.renderHTML(unsafe: unsafe)
        for (link, url) in zip(freshLinks, markdown) { link.url = url }
        #expect(filled.html == expectedHTML)
        #expect(filled.commonMark == fresh.renderCommonMark())
        // The links keep their URLs.
        let written = MarkdownDocument(parsing: text, extensions: [.gfm, .headingIDs])
        withExtendedLifetime(written) {
            #expect(open.links().map(\.url) == written.links().map(\.url))
        }
    }

    @Test func someLinksOpenOthersAsWritten() throws {
        let document = MarkdownDocument(parsing: "[a](a.md) [b](https://b.org) [c](c.md)\n", extensions: [.gfm])
        let links = document.links()
        let rendering = try #require(document.renderWithOpenLinks([links[0], links[2]], unsafe: false))
        let filled = rendering.filled(html: ["A/", "C/"], commonMark: ["A.md", "C.md"])
        #expect(filled.html == "<p><a href=\"A/\">a</a> <a href=\"https://b.org\">b</a> <a href=\"C/\">c</a></p>\n")
        #expect(filled.commonMark == "[a](A.md) [b](https://b.org) [c](C.md)\n")
    }

    @Test func textThatLooksLikeAPlaceholderLeavesNothingOpen() {
        let document = MarkdownDocument(parsing: "[a](a.md) XSGOPENLINKQ0Q\n", extensions: [.gfm])
        #expect(document.renderWithOpenLinks(document.links(), unsafe: false) == nil)
        let entity = MarkdownDocument(parsing: "[a](a.md) XSGOPENLINK&#81;0Q\n", extensions: [.gfm])
        #expect(entity.renderWithOpenLinks(entity.links(), unsafe: false) == nil)
    }

    @Test func withNoLinkOpenTheRenderingIsOnePieceWhateverItHolds() throws {
        let document = MarkdownDocument(parsing: "[a](https://a.org) XSGOPENLINKQ0Q\n", extensions: [.gfm])
        let rendering = try #require(document.renderWithOpenLinks([], unsafe: false))
        #expect(rendering.count == 0)
        let filled = rendering.filled(html: [], commonMark: [])
        #expect(filled.html == "<p><a href=\"https://a.org\">a</a> XSGOPENLINKQ0Q</p>\n")
        #expect(filled.commonMark == document.renderCommonMark())
    }
}
