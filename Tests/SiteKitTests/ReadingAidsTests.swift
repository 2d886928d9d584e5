import Foundation
import SiteKit
import Testing

@Suite("Reading aids: a contents list on long pages, previous and next within a section")
struct ReadingAidsTests {
    static let long = "# Long\n\n## One\n\n## Two\n\n### Two and a half\n\n## Three\n\n#### Deep\n"

    @Test func aPageWithFourSectionHeadingsListsThemUnlessItSaysNo() async throws {
        let site = try TestSite([
            "Content/long.md": Self.long,
            "Content/short.md": "# Short\n\n## One\n\n## Two\n\n## Three\n\n#### Deep\n",
            "Content/asked.md": "---\ntoc: true\n---\n# Asked\n\n## Only\n",
            "Content/refused.md": "---\ntoc: false\n---\n" + Self.long,
        ])
        defer { site.remove() }
        try await site.build()
        #expect(try site.output("long/index.html").contains("""
        <nav class="toc" aria-label="Contents">
        <ol>
        <li class="toc-level-2"><a href="#one">One</a></li>
        <li class="toc-level-2"><a href="#two">Two</a></li>
        <li class="toc-level-3"><a href="#two-and-a-half">Two and a half</a></li>
        <li class="toc-level-2"><a href="#three">Three</a></li>
        <li class="toc-level-4"><a href="#deep">Deep</a></li>
        </ol>
        </nav>
        """))
        #expect(try !site.output("short/index.html").contains("class=\"toc\""))
        #expect(try site.output("asked/index.html").contains("<li class=\"toc-level-2\"><a href=\"#only\">Only</a></li>"))
        #expect(try !site.output("refused/index.html").contains("class=\"toc\""))
    }

    @Test func pagesOfASectionLinkToTheirNeighboursInReadingOrder() async throws {
        let site = try TestSite([
            "Content/juice/index.md": "# Juice\n",
            "Content/juice/a.md": "---\ntitle: Apple\nweight: 1\n---\nA.\n",
            "Content/juice/b.md": "---\ntitle: 망고\nweight: 2\n---\nB.\n",
            "Content/juice/c.md": "---\ntitle: Cherry\nweight: 3\n---\nC.\n",
            "Content/alone.md": "# Alone\n",
            "Content/other.md": "# Other\n",
        ])
        defer { site.remove() }
        try await site.build()
        #expect(try site.output("juice/b/index.html").contains("""
        <nav class="page-nav" aria-label="Previous and next page">
        <a class="page-nav-previous" rel="prev" href="../a/index.html"><span class="page-nav-label">Previous</span> Apple</a>
        <a class="page-nav-next" rel="next" href="../c/index.html"><span class="page-nav-label">Next</span> Cherry</a>
        </nav>
        """))
        let first = try site.output("juice/a/index.html")
        #expect(!first.contains("rel=\"prev\"") && first.contains("<a class=\"page-nav-next\" rel=\"next\" href=\"../b/index.html\"><span class=\"page-nav-label\">Next</span> <span lang=\"ko\">망고</span></a>"))
        #expect(try !site.output("juice/c/index.html").contains("rel=\"next\""))
        #expect(try !site.output("juice/index.html").contains("page-nav"))
        // Root pages are not a section: "alone" and "other" are not linked to each other.
        #expect(try !site.output("alone/index.html").contains("page-nav"))
    }
}
