import Foundation
import SiteKit
import Testing

/// The lists a layout can show — `nav`, `children` and the dashboard's `cards` — worked out by
/// hand for a small site with sections, a subsection and weights.
@Suite("Navigation, section children and dashboard cards")
struct SiteMapTests {
    private static let page = """
        nav:{{#nav}}[{{title}}|{{href}}{{#current}}|*{{/current}}]{{/nav}}
        children:{{#children}}[{{title}}|{{href}}|{{section}}|{{#headlines}}{{.}};{{/headlines}}]{{/children}}
        cards:{{#cards}}[{{title}}|{{href}}]{{/cards}}

        """

    private func site(baseURL: String? = nil) throws -> TestSite {
        var site = try TestSite([
            "Content/site.yml": baseURL.map { "base_url: \($0)\n" } ?? "title: T\n",
            "Content/index.md": "# Home\n",
            "Content/about.md": "---\ntitle: About\nweight: 2\n---\n",
            "Content/zeta.md": "---\ntitle: Zeta\nweight: 1\n---\n",
            "Content/bank/index.md": "---\ntitle: Bank\nweight: 5\n---\n",
            "Content/bank/b.md": "---\ntitle: B\nweight: 2\n---\n",
            "Content/bank/a.md": "---\ntitle: A\nweight: 2\n---\n",
            "Content/bank/first.md": "---\ntitle: First\nweight: 1\n---\n```echo\nsay: hi\n```\n",
            "Content/bank/deep/index.md": "# Deep\n",
            "Content/bank/deep/x.md": "# X\n",
            "Content/juice/index.md": "---\ntitle: Juice\nweight: 3\n---\n",
            "Content/juice/day.md": "# Day\n\n```echo\nsay: day\n```\n",
            "Templates/page.mustache": Self.page,
            "Templates/home.mustache": Self.page,
            "Templates/404.mustache": "nav:{{#nav}}[{{title}}|{{href}}]{{/nav}}\n",
        ], templates: .none)
        site.kinds = [EchoKind()]
        return site
    }

    private func lines(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            result[String(line[..<colon])] = String(line[line.index(after: colon)...])
        }
        return result
    }

    @Test func navigationIsInReadingOrderWithTheCurrentSectionMarked() async throws {
        let site = try site()
        defer { site.remove() }
        try await site.build()
        let first = lines(try site.output("bank/first/index.html"))
        #expect(first["nav"] == "[Home|../../index.html][Zeta|../../zeta/index.html][About|../../about/index.html][Juice|../../juice/index.html][Bank|../index.html|*]")
        let home = lines(try site.output("index.html"))
        #expect(home["nav"] == "[Home|index.html|*][Zeta|zeta/index.html][About|about/index.html][Juice|juice/index.html][Bank|bank/index.html]")
        #expect(lines(try site.output("bank/deep/x/index.html"))["nav"]?.hasSuffix("[Bank|../../index.html|*]") == true)
    }

    @Test func sectionIndexesListTheirPagesAndSubsectionsOnly() async throws {
        let site = try site()
        defer { site.remove() }
        try await site.build()
        #expect(lines(try site.output("bank/index.html"))["children"]
            == "[Deep|deep/index.html|Bank|][First|first/index.html|Bank|said hi;][A|a/index.html|Bank|][B|b/index.html|Bank|]")
        #expect(lines(try site.output("bank/deep/index.html"))["children"] == "[X|x/index.html|Bank|]")
        #expect(lines(try site.output("index.html"))["children"]
            == "[Zeta|zeta/index.html||][About|about/index.html||][Juice|juice/index.html|Juice|][Bank|bank/index.html|Bank|]")
        #expect(lines(try site.output("bank/first/index.html"))["children"] == "")
    }

    @Test func theDashboardHasACardPerPageWithReportsOnTheHomePageOnly() async throws {
        let site = try site()
        defer { site.remove() }
        try await site.build()
        #expect(lines(try site.output("index.html"))["cards"] == "[Day|juice/day/index.html][First|bank/first/index.html]")
        #expect(lines(try site.output("bank/index.html"))["cards"] == "")
    }

    @Test func theNotFoundPageLinksAbsolutelyWithABaseURL() async throws {
        let site = try site(baseURL: "https://example.org/docs/")
        defer { site.remove() }
        try await site.build()
        #expect(lines(try site.output("404.html"))["nav"]
            == "[Home|https://example.org/docs/index.html][Zeta|https://example.org/docs/zeta/index.html][About|https://example.org/docs/about/index.html][Juice|https://example.org/docs/juice/index.html][Bank|https://example.org/docs/bank/index.html]")
    }
}

/// The `.md` twin of a page carries the lists its HTML shows.
@Suite("Markdown twins list what the layouts list")
struct MarkdownListingTests {
    @Test func theHomeTwinHasTheCardsAndASectionTwinItsPages() async throws {
        var site = try TestSite([
            "Content/index.md": "# Home\n\nWelcome.\n",
            "Content/bank/index.md": "---\ntitle: Bank\n---\nThe bank.\n",
            "Content/bank/first.md": "---\ntitle: First *day*\ndescription: One | two\n---\n```echo\nsay: hi\n```\n",
            "Content/bank/quiet.md": "# Quiet\n",
        ])
        site.kinds = [EchoKind()]
        defer { site.remove() }
        try await site.build()
        #expect(try site.output("index.md") == """
            # Home

            Welcome.

            ## Reports

            - [First \\*day\\*](bank/first/index.md) (Bank): One \\| two  
              said hi

            """)
        #expect(try site.output("bank/index.md").hasSuffix("""
            The bank.

            ## Pages in this section

            - [First \\*day\\*](first/index.md) (Bank): One \\| two  
              said hi
            - [Quiet](quiet/index.md) (Bank)

            """))
    }
}
