import Foundation
import SiteKit
import Testing

@Suite("Reading aids: a contents list on long pages")
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
}
