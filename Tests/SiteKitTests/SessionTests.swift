import Foundation
import ReportKit
import SiteKit
import Testing

/// `SiteSession` (what `sitegen serve` rebuilds with): after any sequence of edits its site must
/// equal a fresh build of the same files, while doing only the work the edit calls for.
@Suite("Incremental builds in memory")
struct SessionTests {
    private static let files = [
        "Content/site.yml": "title: Session\n",
        "Content/index.md": "---\ntitle: Home\n---\nSee [the guide](guide.md) and [the morning](bank/morning.md).\n",
        "Content/guide.md": "# Guide\n\nText of the guide.\n",
        "Content/bank/index.md": "---\ntitle: Bank\n---\nThe bank section.\n",
        "Content/bank/morning.md": "---\ntitle: Morning\n---\nBefore.\n\n```echo\nsay: hello\n```\n",
        "Content/bank/evening.md": "---\ntitle: Evening\n---\nQuiet.\n\n```echo\nsay: bye\nfile: log.csv\nread: data/numbers.csv\n```\n",
        "Content/data/numbers.csv": "a,b\n1,2\n",
        "Content/data/other.csv": "c\n5\n",
    ]

    private func makeSite() throws -> (TestSite, SiteSession) {
        var site = try TestSite(Self.files)
        site.kinds = [EchoKind()]
        return (site, SiteSession(options: site.options, kinds: site.kinds))
    }

    private func text(_ files: SiteFiles, _ path: String) -> String? {
        guard case .data(let data)? = files[path] else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func firstBuildEqualsABuildOnDisk() async throws {
        let (site, session) = try makeSite()
        defer { site.remove() }
        let files = try await session.build()
        try await expectMatchesFreshBuild(files, site)
        #expect(await session.lastRebuild == SiteBuild.Work(rendered: 5, pages: 5, reportsRun: 2, full: true))
        #expect(files["data/numbers.csv"] == .file(site.root.appendingPathComponent("Content/data/numbers.csv").resolvingSymlinksInPath()))
    }

    @Test func editingAPageRendersItTheHomeAndItsSectionIndexOnly() async throws {
        let (site, session) = try makeSite()
        defer { site.remove() }
        _ = try await session.build()
        try site.write("---\ntitle: Morning\n---\nAfter the edit.\n\n```echo\nsay: hello\n```\n", to: "Content/bank/morning.md")
        let files = try await session.build(changed: [site.root.appendingPathComponent("Content/bank/morning.md").path])
        #expect(await session.lastRebuild == SiteBuild.Work(rendered: 3, pages: 5, reportsRun: 0, full: false))
        #expect(text(files, "bank/morning/index.html")?.contains("After the edit.") == true)
        try await expectMatchesFreshBuild(files, site)
    }

    @Test func editingAReportBlockRunsThatBlockAgainAndUpdatesTheDashboard() async throws {
        let (site, session) = try makeSite()
        defer { site.remove() }
        _ = try await session.build()
        try site.write("---\ntitle: Morning\n---\nBefore.\n\n```echo\nsay: good morning\n```\n", to: "Content/bank/morning.md")
        let files = try await session.build(changed: [])
        #expect(await session.lastRebuild?.reportsRun == 1)
        #expect(text(files, "index.html")?.contains("said good morning") == true)
        try await expectMatchesFreshBuild(files, site)
    }

    @Test func aTemplateChangeRendersEverythingWithoutRunningReports() async throws {
        let (site, session) = try makeSite()
        defer { site.remove() }
        _ = try await session.build()
        let page = site.root.appendingPathComponent("Templates/page.mustache")
        let template = try String(contentsOf: page, encoding: .utf8)
        try site.write(template.replacingOccurrences(of: "</article>", with: "<p>edited layout</p></article>"), to: "Templates/page.mustache")
        let files = try await session.build(changed: [page.path])
        #expect(await session.lastRebuild == SiteBuild.Work(rendered: 5, pages: 5, reportsRun: 0, full: true))
        #expect(text(files, "guide/index.html")?.contains("edited layout") == true)
        try await expectMatchesFreshBuild(files, site)
    }

    @Test func aNavigationTitleChangeAndAddedOrRemovedPagesRenderEverything() async throws {
        let (site, session) = try makeSite()
        defer { site.remove() }
        _ = try await session.build()
        try site.write("# Handbook\n\nText of the guide.\n", to: "Content/guide.md")
        var files = try await session.build()
        #expect(await session.lastRebuild?.full == true)
        #expect(text(files, "bank/morning/index.html")?.contains("Handbook") == true)
        try await expectMatchesFreshBuild(files, site)

        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/bank/evening.md"))
        try site.write("# Noon\n\nLunch.\n", to: "Content/bank/noon.md")
        files = try await session.build()
        #expect(await session.lastRebuild?.full == true)
        #expect(files["bank/evening/index.html"] == nil && files["bank/evening/echo-1-log.csv"] == nil)
        #expect(files["bank/noon/index.html"] != nil)
        try await expectMatchesFreshBuild(files, site)
    }

    @Test func retitlingAPageRendersItsNeighboursWithTheirPreviousAndNextLinks() async throws {
        let (site, session) = try makeSite()
        defer { site.remove() }
        _ = try await session.build()
        try site.write("---\ntitle: Dusk\n---\nQuiet.\n\n```echo\nsay: bye\nfile: log.csv\n```\n", to: "Content/bank/evening.md")
        let files = try await session.build(changed: [site.root.appendingPathComponent("Content/bank/evening.md").path])
        #expect(await session.lastRebuild?.full == true)
        #expect(text(files, "bank/morning/index.html")?.contains("<span class=\"page-nav-label\">Previous</span> Dusk</a>") == true)
        try await expectMatchesFreshBuild(files, site)
    }

    @Test func aDataFileChangeRunsTheBlocksThatReadItAndRendersTheirPagesOnly() async throws {
        let (site, session) = try makeSite()
        defer { site.remove() }
        _ = try await session.build()
        try site.write("a,c\n3,4\n", to: "Content/data/numbers.csv")
        var files = try await session.build(changed: [site.root.appendingPathComponent("Content/data/numbers.csv").path])
        // The evening page, its section index and the home page.
        #expect(await session.lastRebuild == SiteBuild.Work(rendered: 3, pages: 5, reportsRun: 1, full: false))
        #expect(text(files, "bank/evening/index.html")?.contains("said bye a,c") == true)
        #expect(text(files, "index.html")?.contains("said bye a,c") == true)
        try await expectMatchesFreshBuild(files, site)

        try site.write("c\n6\n", to: "Content/data/other.csv")
        files = try await session.build(changed: [site.root.appendingPathComponent("Content/data/other.csv").path])
        #expect(await session.lastRebuild == SiteBuild.Work(rendered: 1, pages: 5, reportsRun: 0, full: false))
        try await expectMatchesFreshBuild(files, site)
    }

    @Test func aFailedBuildKeepsNothingAndLaterChangesAreNotLost() async throws {
        let (site, session) = try makeSite()
        defer { site.remove() }
        _ = try await session.build()
        // Break a page, then change a template while the page is still broken.
        try site.write("---\ntitle: Morning\n---\n```echo\nfail: yes\n```\n", to: "Content/bank/morning.md")
        let morning = site.root.appendingPathComponent("Content/bank/morning.md").path
        await #expect(throws: BuildFailure.self) { try await session.build(changed: [morning]) }
        do {
            _ = try await session.build()
            Issue.record("the broken page built")
        } catch let failure as BuildFailure {
            #expect(failure.step == "Run report blocks")
            #expect(failure.diagnostics.map(\.description) == ["Content/bank/morning.md:5: echo: fail was asked for"])
        }
        let page = site.root.appendingPathComponent("Templates/page.mustache")
        let template = try String(contentsOf: page, encoding: .utf8)
        try site.write(template.replacingOccurrences(of: "</article>", with: "<p>edited layout</p></article>"), to: "Templates/page.mustache")
        await #expect(throws: BuildFailure.self) { try await session.build(changed: [page.path]) }

        // Fixing the page alone must bring in the template change too.
        try site.write("---\ntitle: Morning\n---\nFixed.\n", to: "Content/bank/morning.md")
        let files = try await session.build(changed: [morning])
        #expect(await session.lastRebuild?.full == true)
        #expect(text(files, "guide/index.html")?.contains("edited layout") == true)
        try await expectMatchesFreshBuild(files, site)
    }

    /// Pages are read again only when their file changed: an edit of the same size within the
    /// same second, or one whose modification time is set back to what it was, is still seen.
    @Test func everyEditIsSeenEvenWithTheSameSizeAndTime() async throws {
        let (site, session) = try makeSite()
        defer { site.remove() }
        let guide = site.root.appendingPathComponent("Content/guide.md").path
        _ = try await session.build()
        for word in ["Alpha", "Bravo", "Delta"] {
            try site.write("# Guide\n\n\(word) of the guide.\n", to: "Content/guide.md")
            let files = try await session.build()
            #expect(text(files, "guide/index.html")?.contains("\(word) of the guide.") == true)
        }
        // A file last changed long ago is taken from the previous build; the same size and
        // modification time after an edit do not hide it (its change time moves).
        let past = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: guide)
        try await Task.sleep(for: .seconds(1.2))
        _ = try await session.build()
        var files = try await session.build()
        #expect(text(files, "guide/index.html")?.contains("Delta of the guide.") == true)
        try site.write("# Guide\n\nEcho1 of the guide.\n", to: "Content/guide.md")
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: guide)
        files = try await session.build()
        #expect(text(files, "guide/index.html")?.contains("Echo1 of the guide.") == true)
        try await expectMatchesFreshBuild(files, site)
    }

    @Test func editingTagsAndDatesRebuildsTheTaxonomyPagesAndTheFeedLikeAFreshBuild() async throws {
        var site = try TestSite(fixture: "hugo-site")
        defer { site.remove() }
        site.kinds = [EchoKind()]
        let session = SiteSession(options: site.options, kinds: site.kinds)
        _ = try await session.build()

        // A new term on one page: only that page and its listings are rendered; the term gets a page.
        try site.write("---\ntitle: Kiwi count\ndate: 2024-01-30\ntags: [kiwi, 재고, Green]\ncategories: [daily notes]\n---\nCounting kiwis.\n", to: "Content/posts/kiwi-count.md")
        var files = try await session.build()
        #expect(await session.lastRebuild == SiteBuild.Work(rendered: 3, pages: 6, reportsRun: 0, full: false))
        #expect(text(files, "tags/green/index.md") == "# Tags: Green\n\n- [Kiwi count](../../posts/kiwi-count/index.md) — 2024-01-30\n")
        try await expectMatchesFreshBuild(files, site)

        // A later date moves the page to the top of its section, its terms' pages and the feed.
        try site.write("---\ntitle: Kiwi count\ndate: 2024-03-01T08:00:00Z\ntags: [kiwi]\n---\nCounting kiwis.\n", to: "Content/posts/kiwi-count.md")
        files = try await session.build()
        #expect(text(files, "atom.xml")?.contains("<updated>2024-03-01T08:00:00Z</updated>") == true)
        #expect(text(files, "tags/green/index.md") == nil)
        #expect(text(files, "categories/daily-notes/index.md") == "# Categories: Daily Notes\n\n- [Mango day](../../posts/mango-day/index.md) — 2024-01-30T10:00:00+09:00\n")
        try await expectMatchesFreshBuild(files, site)

        // The last category gone: the categories pages and their navigation entry go with it.
        try site.write("---\ntitle: Mango day\ndate: 2024-01-30T10:00:00+09:00\ntags: [mango]\n---\nMangoes.\n", to: "Content/posts/mango-day.md")
        files = try await session.build()
        #expect(await session.lastRebuild?.full == true)
        #expect(files.paths.filter { $0.hasPrefix("categories/") } == [])
        try await expectMatchesFreshBuild(files, site)
    }
}
