import Foundation
import Testing

/// The guide's nested-navigation example: a partial that includes itself for each child of
/// `tree`, rendering every level the site has.
@Suite("Templates: nested navigation from the guide")
struct NestedNavigationTests {
    /// The guide's example templates: its ```mustache blocks whose info string names the file.
    private static func guideTemplates() throws -> [String: String] {
        let guide = try String(contentsOf: TestSite.projectFolder.appendingPathComponent("Content/guide.md"), encoding: .utf8)
        var found: [String: String] = [:]
        var lines = guide.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("```mustache Templates/") else { continue }
            let path = String(line.dropFirst("```mustache ".count))
            let body = lines.prefix { $0 != "```" }
            lines = lines.dropFirst(body.count + 1)
            found[path] = body.joined(separator: "\n") + "\n"
        }
        return found
    }

    /// The `<nav class="site-tree">` of a rendered page.
    private static func siteTree(_ html: String) throws -> String {
        let start = try #require(html.range(of: "<nav class=\"site-tree\""))
        let end = try #require(html.range(of: "</nav>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func theExampleSiteRendersThreeLevels() async throws {
        let templates = try Self.guideTemplates()
        #expect(templates.keys.sorted() == ["Templates/page.mustache", "Templates/partials/tree.mustache"])
        let site = try TestSite([:])
        defer { site.remove() }
        try FileManager.default.copyItem(at: TestSite.projectFolder.appendingPathComponent("Content"), to: site.root.appendingPathComponent("Content"))
        for (path, text) in templates { try site.write(text, to: path) }
        try await site.build()
        let tree = try Self.siteTree(try site.output("bank/busy-day/index.html"))
        // Home; its root pages and sections; each section's pages (the page shown is current).
        #expect(tree == """
            <nav class="site-tree" aria-label="All pages">
            <ul>
            <li><a href="../../index.html">Dashboard</a>
            <ul>
            <li><a href="../../calculator/index.html">Calculator tape</a>
            </li>
            <li><a href="../../guide/index.html">Guide</a>
            </li>
            <li><a href="../index.html">Bank teller simulation</a>
            <ul>
            <li><a href="../step3-day/index.html">The console app&#39;s day</a>
            </li>
            <li><a href="../ui-app-day/index.html">The UI app&#39;s day</a>
            </li>
            <li><a href="index.html" aria-current="page">A busy afternoon</a>
            </li>
            <li><a href="../staffing/index.html">How many loan tellers?</a>
            </li>
            <li><a href="../saturation/index.html">Towards saturation</a>
            </li>
            <li><a href="../branch-day/index.html">A branch&#39;s real day</a>
            </li>
            <li><a href="../staffing-cost/index.html">What staffing costs</a>
            </li>
            </ul>
            </li>
            <li><a href="../../juice/index.html">Juice maker</a>
            <ul>
            <li><a href="../../juice/first-session/index.html">The first session</a>
            </li>
            <li><a href="../../juice/restocking/index.html">Restocking after <span lang="ko">재료가 모자라요</span></a>
            </li>
            <li><a href="../../juice/busy-day/index.html">A busy day</a>
            </li>
            </ul>
            </li>
            <li><a href="../../market/index.html">Fruit shop catalogue</a>
            <ul>
            <li><a href="../../market/search/index.html">Juice search</a>
            </li>
            <li><a href="../../market/sold-out/index.html">Sold out</a>
            </li>
            </ul>
            </li>
            <li><a href="../../your-data/index.html">Your own data</a>
            </li>
            </ul>
            </li>
            </ul>
            </nav>
            """)
    }

    /// Sections within sections, five levels, with only the open branch shown below the top (a
    /// section's index comes first among its pages, subsections' indexes included).
    @Test func sectionsWithinSectionsAsDeepAsTheyGo() async throws {
        let site = try TestSite([
            "Content/index.md": "# Home\n",
            "Content/a/index.md": "# A\n",
            "Content/a/one.md": "# One\n",
            "Content/a/b/index.md": "# B\n",
            "Content/a/b/c/index.md": "# C\n",
            "Content/a/b/c/deep.md": "# Deep\n",
            "Content/z/index.md": "# Z\n",
            "Content/z/other.md": "# Other\n",
        ], templates: .bare)
        defer { site.remove() }
        try site.write("<ul>{{#tree}}{{> tree}}{{/tree}}</ul>{{{page.content}}}", to: "Templates/page.mustache")
        try site.write("<li>{{title}}{{#current}}*{{/current}}{{#open}}{{^empty(children)}}<ul>{{#children}}{{> tree}}{{/children}}</ul>{{/empty(children)}}{{/open}}</li>", to: "Templates/tree.mustache")
        try await site.build()
        #expect(try site.output("a/b/c/deep/index.html") == "<ul><li>Home<ul><li>A<ul><li>B<ul><li>C<ul><li>Deep*</li></ul></li></ul></li><li>One</li></ul></li><li>Z</li></ul></li></ul><h1 id=\"deep\">Deep</h1>\n")
        #expect(try site.output("z/other/index.html") == "<ul><li>Home<ul><li>A</li><li>Z<ul><li>Other*</li></ul></li></ul></li></ul><h1 id=\"other\">Other</h1>\n")
    }
}
