import Foundation
import ReportKit
import SiteKit
import Testing

/// The Hugo-style fixture site (`Fixtures/hugo-site`): tags and categories, dates as days and as
/// times with offsets, `extra`, a draft, Korean terms — and no `Templates/` folder.
@Suite("Taxonomies: terms pages, term pages, tags on pages")
struct TaxonomyTests {
    private func built() async throws -> TestSite {
        let site = try TestSite(fixture: "hugo-site")
        try await site.build()
        return site
    }

    /// The lines of `html` between the first line containing `start` and the next containing `end`.
    private func block(_ html: String, from start: String, to end: String) -> [String] {
        let lines = html.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(where: { $0.contains(start) }),
              let last = lines[first...].firstIndex(where: { $0.contains(end) }) else { return [] }
        return Array(lines[first...last])
    }

    @Test func theTermsPageListsEveryTermWithItsCount() async throws {
        let site = try await built()
        defer { site.remove() }
        #expect(try site.output("tags/index.md") == """
        # Tags

        - [Fresh Fruit](fresh-fruit/index.md) — 1 page
        - [kiwi](kiwi/index.md) — 1 page
        - [mango](mango/index.md) — 2 pages
        - [재고](%EC%9E%AC%EA%B3%A0/index.md) — 3 pages

        """)
        #expect(block(try site.output("tags/index.html"), from: "<ul class=\"terms\">", to: "</ul>") == [
            "<ul class=\"terms\">",
            "  <li><a href=\"fresh-fruit/index.html\">Fresh Fruit</a> <span class=\"term-count\">1 page</span></li>",
            "  <li><a href=\"kiwi/index.html\">kiwi</a> <span class=\"term-count\">1 page</span></li>",
            "  <li><a href=\"mango/index.html\">mango</a> <span class=\"term-count\">2 pages</span></li>",
            "  <li><a href=\"%EC%9E%AC%EA%B3%A0/index.html\"><span lang=\"ko\">재고</span></a> <span class=\"term-count\">3 pages</span></li>",
            "</ul>",
        ])
        #expect(try site.output("categories/index.md") == "# Categories\n\n- [daily notes](daily-notes/index.md) — 2 pages\n")
    }

    @Test func aTermPageListsItsPagesNewestFirstThenByTitle() async throws {
        let site = try await built()
        defer { site.remove() }
        #expect(try site.output("tags/재고/index.md") == """
        # Tags: 재고

        - [Stock take](../../posts/stock-take/index.md) — 2024-02-02
        - [Mango day](../../posts/mango-day/index.md) — 2024-01-30T10:00:00+09:00
        - [Kiwi count](../../posts/kiwi-count/index.md) — 2024-01-30

        """)
        // The draft is left out; the undated page comes after the dated one.
        #expect(try site.output("tags/mango/index.md") == """
        # Tags: mango

        - [Mango day](../../posts/mango-day/index.md) — 2024-01-30T10:00:00+09:00
        - [About the stand](../../about/index.md)

        """)
        #expect(!site.exists("tags/secret/index.html"))
        #expect(block(try site.output("tags/재고/index.html"), from: "<ul class=\"term-pages\">", to: "</ul>") == [
            "<ul class=\"term-pages\">",
            "  <li><a href=\"../../posts/stock-take/index.html\">Stock take</a> <time datetime=\"2024-02-02\">2024-02-02</time><br>What is left on the shelves.</li>",
            "  <li><a href=\"../../posts/mango-day/index.html\">Mango day</a> <time datetime=\"2024-01-30T10:00:00+09:00\">2024-01-30T10:00:00+09:00</time></li>",
            "  <li><a href=\"../../posts/kiwi-count/index.html\">Kiwi count</a> <time datetime=\"2024-01-30\">2024-01-30</time></li>",
            "</ul>",
        ])
        #expect(try site.output("categories/daily-notes/index.md").contains("- [Mango day](../../posts/mango-day/index.md) — 2024-01-30T10:00:00+09:00\n- [Kiwi count]"))
    }

    @Test func pagesShowTheirTermsAsLinksThatWorkFromDiskAndUnderASubPath() async throws {
        let site = try await built()
        defer { site.remove() }
        let html = try site.output("posts/mango-day/index.html")
        #expect(html.contains("<p class=\"page-terms\"><span class=\"page-terms-label\">Tags:</span> <a href=\"../../tags/mango/index.html\" rel=\"tag\">mango</a> <a href=\"../../tags/%EC%9E%AC%EA%B3%A0/index.html\" rel=\"tag\"><span lang=\"ko\">재고</span></a></p>"))
        #expect(html.contains("<p class=\"page-terms\"><span class=\"page-terms-label\">Categories:</span> <a href=\"../../categories/daily-notes/index.html\" rel=\"tag\">Daily Notes</a></p>"))
        // A browser resolves the link against the page's address and decodes it to the file.
        for base in ["https://example.com/", "https://example.com/sub/path/", "file:///srv/site/"] {
            let page = try #require(URL(string: base + "posts/mango-day/index.html"))
            let target = try #require(URL(string: "../../tags/%EC%9E%AC%EA%B3%A0/index.html", relativeTo: page)).absoluteURL
            let basePath = try #require(URL(string: base)).path
            let prefix = basePath.hasSuffix("/") ? basePath : basePath + "/"
            #expect(target.path == prefix + "tags/재고/index.html")
            #expect(site.exists(String(target.path.dropFirst(prefix.count))))
        }
    }

    @Test func taxonomiesAreInTheNavigationAndTheSitemap() async throws {
        let site = try await built()
        defer { site.remove() }
        let nav = block(try site.output("tags/kiwi/index.html"), from: "<nav", to: "</nav>").filter { $0.contains("<li>") }
        #expect(nav == [
            "        <li><a href=\"../../index.html\">Home</a></li>",
            "        <li><a href=\"../../about/index.html\">About the stand</a></li>",
            "        <li><a href=\"../../posts/index.html\">Posts</a></li>",
            "        <li><a href=\"../index.html\" aria-current=\"page\">Tags</a></li>",
            "        <li><a href=\"../../categories/index.html\">Categories</a></li>",
        ])
        let locations = try site.output("sitemap.xml").split(separator: "\n").filter { $0.contains("<loc>") }
        #expect(locations.map { $0.replacing("  <url><loc>https://example.com/stand/", with: "").replacing("</loc></url>", with: "") } == [
            "", "about/", "categories/", "categories/daily-notes/", "posts/", "posts/kiwi-count/", "posts/mango-day/",
            "posts/stock-take/", "tags/", "tags/fresh-fruit/", "tags/kiwi/", "tags/mango/", "tags/%EC%9E%AC%EA%B3%A0/",
        ])
    }

    @Test func sectionsListDatedPagesNewestFirstUnlessWeightSaysOtherwise() async throws {
        let site = try await built()
        defer { site.remove() }
        let titles = { (html: String) in
            html.split(separator: "\n").filter { $0.hasPrefix("  <h2><a href=") }.map { String($0.split(separator: ">")[2].dropLast(3)) }
        }
        #expect(titles(try site.output("posts/index.html")) == ["Stock take", "Mango day", "Kiwi count"])
        try site.write("---\ntitle: Kiwi count\ndate: 2024-01-30\nweight: 1\ntags: [kiwi]\n---\nFirst by weight.\n", to: "Content/posts/kiwi-count.md")
        try await site.build()
        #expect(titles(try site.output("posts/index.html")) == ["Kiwi count", "Stock take", "Mango day"])
    }

    @Test func aContentPageAtATaxonomyPageIsAnError() async throws {
        let site = try TestSite(fixture: "hugo-site")
        defer { site.remove() }
        try site.write("# My tags\n", to: "Content/tags/index.md")
        try site.write("# Mango\n", to: "Content/categories/daily-notes.md")
        let failure = try #require(await site.failure())
        #expect(failure.step == "Render pages")
        #expect(failure.diagnostics.map(\.description) == [
            "Public/categories/daily-notes/index.html and Public/categories/daily-notes/index.md are written by Content/categories/daily-notes.md and the page of the categories term \"daily notes\" (Content/posts/kiwi-count.md); rename one",
            "Public/tags/index.html and Public/tags/index.md are written by Content/tags/index.md and the tags taxonomy's page of terms; rename one",
        ])
    }

    @Test func aBrokenLinkAndAPageAtATaxonomyPageAreBothReported() async throws {
        let site = try TestSite(fixture: "hugo-site")
        defer { site.remove() }
        try site.write("# My tags\n", to: "Content/tags/index.md")
        try site.write("# About\n\n[gone](missing.md)\n", to: "Content/about.md")
        let failure = try #require(await site.failure())
        #expect(failure.step == "Render pages")
        #expect(failure.diagnostics.map(\.description) == [
            "Content/about.md:3: link \"missing.md\" points to no page (no file missing.md in the content folder)",
            "Public/tags/index.html and Public/tags/index.md are written by Content/tags/index.md and the tags taxonomy's page of terms; rename one",
        ])
    }

    @Test func aSiteWithoutTermsWritesNoTaxonomyPages() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n"], templates: .none)
        defer { site.remove() }
        try await site.build()
        #expect(!site.exists("tags/index.html"))
        #expect(!site.exists("atom.xml"))
    }

    @Test func termFoldersAreSlugsOfTheTerms() async throws {
        let site = try TestSite([
            "Content/site.yml": "title: T\n",
            "Content/index.md": "# Home\n",
            "Content/a.md": "---\ntags: [Mango Juice, \"C++ & Swift 6.3\", .NET_core, \"--x--\", 재고 현황, Ünïcode Tag]\n---\n# A\n",
        ])
        defer { site.remove() }
        try await site.build()
        for folder in ["mango-juice", "c-swift-6.3", "net_core", "x", "재고-현황", "ünïcode-tag"] {
            #expect(site.exists("tags/\(folder)/index.html"), "tags/\(folder)")
        }
        #expect(try site.output("a/index.html").contains("href=\"../tags/c-swift-6.3/index.html\""))
        #expect(try site.output("a/index.html").contains("href=\"../tags/%C3%BCn%C3%AFcode-tag/index.html\""))
    }
}
