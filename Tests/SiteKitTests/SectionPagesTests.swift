import Basics
import Foundation
import SiteKit
import Testing

/// Home and section pages from the content tree (`Fixtures/tree-site`: no `index.md`, a folder
/// with `_index.md`, folders without index pages, a weighted sub-section).
@Suite("Sections and home from the content tree")
struct SectionPagesTests {
    /// The `href`s of the top navigation of a page, with their link text.
    private static func navigation(_ html: String) throws -> [String] {
        let header = try #require(html.range(of: "class=\"site-header\""))
        let start = try #require(html.range(of: "<nav", range: header.upperBound..<html.endIndex))
        let end = try #require(html.range(of: "</nav>", range: start.upperBound..<html.endIndex))
        let nav = html[start.upperBound..<end.lowerBound]
        return nav.components(separatedBy: "<a ").dropFirst().map { link in
            let href = link.components(separatedBy: "href=\"")[1].prefix { $0 != "\"" }
            let text = link.components(separatedBy: ">")[1].prefix { $0 != "<" }
            return "\(text) → \(href)"
        }
    }

    @Test func aTreeWithoutIndexPagesGetsAHomeAndListPages() async throws {
        let site = try TestSite(fixture: "tree-site")
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        // The home page is made with the home layout; `_index.md` is its folder's page.
        #expect(try site.output("index.html").contains("<title>Tree site</title>"))
        #expect(site.exists("docs/index.html"))
        #expect(!site.exists("docs/_index/index.html"))
        #expect(try site.output("docs/index.html").contains("Everything about the tree."))
        // A folder without an index page gets a list page titled after the folder, its pages by
        // weight, then date (newest first), then title.
        let notes = try site.output("notes/index.html")
        #expect(notes.contains("<h1>Notes</h1>"))
        let second = try #require(notes.range(of: "href=\"two/index.html\""))
        let first = try #require(notes.range(of: "href=\"first/index.html\""))
        #expect(second.lowerBound < first.lowerBound)
        #expect(try site.output("docs/reference/index.html").contains("href=\"api/index.html\""))
        // Links to `_index.md`, to a folder, and Zola's `@/` links from the content folder.
        let about = try site.output("about/index.html")
        #expect(about.contains("<a href=\"../docs/index.html\">documentation</a>"))
        #expect(about.contains("<a href=\"../notes/index.html\">notes</a>"))
        #expect(about.contains("<a href=\"../docs/reference/api/index.html#list-pages\">the API</a>"))
    }

    /// The navigation links to each section's own page, even when a sub-section's index has a
    /// lower weight (it used to link to the sub-section).
    @Test func navigationLinksToSectionPages() async throws {
        let site = try TestSite(fixture: "tree-site")
        defer { site.remove() }
        try await site.build()
        #expect(try Self.navigation(try site.output("about/index.html")) == [
            "Home → ../index.html", "About → index.html", "Documentation → ../docs/index.html", "Notes → ../notes/index.html",
            "Tags → ../tags/index.html",
        ])
    }

    /// `sitegen check` follows every link of every page, the templates' (brand, navigation,
    /// previous/next) as well as the content's: none leads nowhere.
    @Test func checkFindsNoBrokenLinkInTheTree() async throws {
        let site = try TestSite(fixture: "tree-site")
        defer { site.remove() }
        let summary = try await site.check()
        #expect(summary.pages > 0)
    }

    /// A template link to a page the site does not have fails `check`, naming the page.
    @Test func checkReportsATemplateLinkToNothing() async throws {
        let site = try TestSite(fixture: "tree-site")
        defer { site.remove() }
        let base = try String(contentsOf: TestSite.projectFolder.appendingPathComponent("Templates/base.mustache"), encoding: .utf8)
        try site.write(base.replacingOccurrences(of: "</body>", with: "<a href=\"{{root}}missing/\">gone</a></body>"), to: "Templates/base.mustache")
        do {
            try await site.check()
            Issue.record("a link to nothing passed check")
        } catch let failure as BuildFailure {
            #expect(failure.step == "Check links")
            #expect(failure.diagnostics.map(\.description).contains(
                "Public/about/index.html: links to \"../missing/\", which leads to nothing the build writes (missing/index.html); if the link comes from a template, fix the template or add the page"))
        }
    }

    /// `aliases` become redirect pages; `slug` renames the page's folder.
    @Test func aliasesRedirectAndSlugsRename() async throws {
        let site = try TestSite(fixture: "tree-site")
        defer { site.remove() }
        try await site.build()
        #expect(site.exists("notes/two/index.html"))
        #expect(!site.exists("notes/second/index.html"))
        let manual = try site.output("manual/index.html")
        #expect(manual.contains("<meta http-equiv=\"refresh\" content=\"0; url=../docs/index.html\">"))
        #expect(manual.contains("<a href=\"../docs/index.html\">Documentation</a>"))
        // An icon of its own, so that a browser does not ask the host for /favicon.ico.
        #expect(manual.contains("<link rel=\"icon\" href=\"data:,\">"))
        #expect(try site.output("notes/old-second/index.html").contains("url=../two/index.html"))
    }

    /// An alias may not take a path the site writes anyway: both are named, from the one table
    /// of output paths.
    @Test func anAliasOverAPageIsAnError() async throws {
        let site = try TestSite(fixture: "tree-site")
        defer { site.remove() }
        try site.write("---\ntitle: Old\naliases: [docs]\n---\n", to: "Content/old.md")
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Public/docs/index.html is written by Content/docs/_index.md and Content/old.md (aliases); rename one",
        ])
    }

    /// Both `index.md` and `_index.md` in one folder: an error naming both.
    @Test func indexAndUnderscoreIndexCollide() async throws {
        let site = try TestSite(fixture: "tree-site")
        defer { site.remove() }
        try site.write("# Docs\n", to: "Content/docs/index.md")
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Content/docs/index.md: Content/docs/index.md and Content/docs/_index.md both map to docs/index.html; rename or remove one",
        ])
    }

    /// A link to a heading that is not there suggests the nearest id among all of the page's.
    @Test func aMissingHeadingSuggestsTheNearestID() async throws {
        let site = try TestSite(fixture: "tree-site")
        defer { site.remove() }
        try site.write("---\ntitle: Install\n---\n\nRead the [API](../reference/api.md#get-page).\n", to: "Content/docs/getting-started/install.md")
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Content/docs/getting-started/install.md:5: link \"../reference/api.md#get-page\" points to no heading \"#get-page\" in docs/reference/api.md (did you mean \"#get_page\"? heading_ids: zola in site.yml gives Zola's ids; its ids: get_page, list-pages)",
        ])
    }

    /// `heading_ids: zola` gives Zola's ids, so links written for a Zola site hold.
    @Test func zolasHeadingIDsOnRequest() async throws {
        let site = try TestSite(fixture: "tree-site")
        defer { site.remove() }
        try site.write("---\ntitle: Install\n---\n\nRead the [API](../reference/api.md#get-page).\n", to: "Content/docs/getting-started/install.md")
        try site.write("title: Tree\nheading_ids: zola\n", to: "Content/site.yml")
        try await site.build()
        let api = try site.output("docs/reference/api/index.html")
        #expect(api.contains("<h2 id=\"get-page\">"))
        #expect(!api.contains("id=\"get_page\""))
        #expect(try site.output("docs/getting-started/install/index.html").contains("api/index.html#get-page\""))

        try site.write("title: Tree\nheading_ids: gitlab\n", to: "Content/site.yml")
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == ["Content/site.yml:2: heading_ids must be github or zola, got \"gitlab\""])
    }
}
