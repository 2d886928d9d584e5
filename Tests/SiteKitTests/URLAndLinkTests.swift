import Foundation
import SiteKit
import Testing

@Suite("URLs, links, collisions and drafts")
struct URLAndLinkTests {
    @Test func prettyURLs() async throws {
        let site = try TestSite([
            "Content/index.md": "# Home\n",
            "Content/bank/index.md": "# Bank\n",
            "Content/bank/morning.md": "# Morning\n",
            "Content/bank/deep/night.md": "# Night\n",
            "Content/data/file.csv": "a,b\n",
        ], templates: .bare)
        defer { site.remove() }
        try await site.build()
        for path in ["index.html", "index.md", "bank/index.html", "bank/index.md", "bank/morning/index.html",
                     "bank/morning/index.md", "bank/deep/night/index.html", "data/file.csv", "404.html"] {
            #expect(site.exists(path), "missing \(path)")
        }
        #expect(try site.output("data/file.csv") == "a,b\n")
        #expect(!site.exists("sitemap.xml"))
    }

    @Test func linksAreRelativeFromEveryDepth() async throws {
        let site = try TestSite([
            "Content/index.md": "[m](bank/morning.md) [n](bank/deep/night.md#top) [f](data/f.txt) [x](https://example.com/a.md)\n",
            "Content/bank/index.md": "[home](../index.md) [m](morning.md) [f](../data/f.txt)\n",
            "Content/bank/morning.md": "[day](../juice/day.md) [prices](../juice/day.md#prices) [sec](index.md) [img](../data/f.txt) [self](#here)\n\n## Here\n",
            "Content/bank/deep/night.md": "[home](/index.md) [m](../morning.md?x=1)\n\n## Top\n",
            "Content/juice/day.md": "# Day\n\n## Prices\n",
            "Content/data/f.txt": "x",
        ], templates: .bare)
        defer { site.remove() }
        try await site.build()
        #expect(try site.output("index.html") == "<p><a href=\"bank/morning/index.html\">m</a> <a href=\"bank/deep/night/index.html#top\">n</a> <a href=\"data/f.txt\">f</a> <a href=\"https://example.com/a.md\">x</a></p>\n\n")
        #expect(try site.output("bank/index.html") == "<p><a href=\"../index.html\">home</a> <a href=\"morning/index.html\">m</a> <a href=\"../data/f.txt\">f</a></p>\n\n")
        #expect(try site.output("bank/morning/index.html") == "<p><a href=\"../../juice/day/index.html\">day</a> <a href=\"../../juice/day/index.html#prices\">prices</a> <a href=\"../index.html\">sec</a> <a href=\"../../data/f.txt\">img</a> <a href=\"#here\">self</a></p>\n<h2 id=\"here\">Here</h2>\n\n")
        #expect(try site.output("bank/deep/night/index.html") == "<p><a href=\"../../../index.html\">home</a> <a href=\"../../morning/index.html?x=1\">m</a></p>\n<h2 id=\"top\">Top</h2>\n\n")
        // The Markdown reports link to the target's Markdown report.
        #expect(try site.output("bank/morning/index.md").contains("[day](../../juice/day/index.md)"))
    }

    /// A URL with a scheme (a letter, then letters, digits, `+`, `-`, `.`, up to a colon) is left
    /// as written; anything else is a link into the site. Schemes are read in bytes when ASCII and
    /// by characters otherwise (`é:` and `a` with a combining accent are letters; a colon carrying
    /// a combining mark is no colon).
    @Test func urlsWithSchemesAreLeftAsWritten() async throws {
        let kept = ["mailto:a@b.co", "xmpp:x", "svn+ssh:h", "a.b-c:d", "z:", "x1:y"]
        let site = try TestSite([
            "Content/index.md": (kept + ["é:x", "a\u{301}:x"]).map { "[k](\($0))" }.joined(separator: " ") + "\n",
        ], templates: .bare)
        defer { site.remove() }
        try await site.build()
        let html = try site.output("index.html")
        for url in kept { #expect(html.contains("<a href=\"\(url)\">k</a>"), "\(url)") }
        #expect(html.contains("<a href=\"%C3%A9:x\">k</a>"))

        let broken = try TestSite([
            "Content/bad.md": "[d](1x:y)\n\n[e](:x)\n\n[g](x:\u{301}y)\n",
        ], templates: .bare)
        defer { broken.remove() }
        let failure = try #require(await broken.failure())
        #expect(failure.diagnostics.map(\.description).sorted().map { $0.prefix(while: { $0 != "(" }) } == [
            "Content/bad.md:1: link \"1x:y\" points to no file ",
            "Content/bad.md:3: link \":x\" points to no file ",
            "Content/bad.md:5: link \"x:\u{301}y\" points to no file ",
        ])
    }

    @Test func brokenLinksNamePageAndLine() async throws {
        let site = try TestSite([
            "Content/a.md": "---\ntitle: A\n---\nFine.\n\nSee [missing](nope.md) and\n[file](gone.png).\n",
            "Content/b.md": "[up](../../outside.md)\n",
        ], templates: .bare)
        defer { site.remove() }
        let failure = try #require(await site.failure())
        let messages = failure.diagnostics.map(\.description).sorted()
        #expect(failure.step == "Render pages")
        #expect(messages.count == 3)
        #expect(messages[0].hasPrefix("Content/a.md:6: link \"nope.md\" points to no page"))
        #expect(messages[1].hasPrefix("Content/a.md:7: link \"gone.png\" points to no file"))
        #expect(messages[2].hasPrefix("Content/b.md:1: link \"../../outside.md\" points outside the content folder"))
    }

    @Test func collisionsNameBothFiles() async throws {
        let site = try TestSite([
            "Content/bank/morning.md": "A\n",
            "Content/bank/morning/index.md": "B\n",
        ], templates: .bare)
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.step == "Load content")
        let message = try #require(failure.diagnostics.first?.description)
        #expect(message.contains("Content/bank/morning/index.md"))
        #expect(message.contains("Content/bank/morning.md"))
        #expect(message.contains("bank/morning/index.html"))
    }

    @Test func draftsAreSkippedUnlessAsked() async throws {
        let site = try TestSite([
            "Content/index.md": "Home\n",
            "Content/wip.md": "---\ndraft: true\n---\nSoon\n",
        ], templates: .bare)
        defer { site.remove() }
        try await site.build()
        #expect(!site.exists("wip/index.html"))
        try await site.build { $0.drafts = true }
        #expect(site.exists("wip/index.html"))
    }

    @Test func linkToDraftIsExplained() async throws {
        let site = try TestSite([
            "Content/index.md": "[soon](wip.md)\n",
            "Content/wip.md": "---\ndraft: true\n---\nSoon\n",
        ], templates: .bare)
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.first?.description == "Content/index.md:1: link \"wip.md\" points to a draft page (build with --drafts, or remove the link)")
    }

    @Test func sitemapAndCanonicalWithBaseURL() async throws {
        let site = try TestSite([
            "Content/site.yml": "title: T\nbase_url: https://example.com/reports\n",
            "Content/index.md": "Home\n",
            "Content/bank/morning.md": "# Morning\n",
        ])
        defer { site.remove() }
        try await site.build()
        let sitemap = try site.output("sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.com/reports/</loc>"))
        #expect(sitemap.contains("<loc>https://example.com/reports/bank/morning/</loc>"))
        #expect(try site.output("bank/morning/index.html").contains("<link rel=\"canonical\" href=\"https://example.com/reports/bank/morning/\">"))
    }
}
