import BuiltInKinds
import Foundation
import SiteKit
import Testing
import TestThreads

/// `sitegen build` lets go of each page's Markdown once it is parsed and of each rendered body
/// once its page is written, as no later build reuses them; `sitegen serve` keeps both. The two
/// must write the same site, byte for byte, whatever the pages hold.
@Suite("A build that keeps nothing writes what a build that keeps everything holds")
struct OneShotBuildTests {
    /// Pages of every shape the parse step treats apart: plain, with report blocks, with raw HTML
    /// (dropped, with a warning), a title from the first heading, `<!--more-->`, links to pages,
    /// files and headings, footnotes, a table, and a page whose text a report reads.
    private static let pages = [
        "Content/site.yml": "title: Keeps\nbase_url: https://example.org/\n",
        "Content/index.md": "---\ntitle: Home\n---\nSee [the guide](guide.md#steps), [the day](bank/day.md) and [data](data/sales.csv).\n",
        "Content/guide.md": "# The guide\n\nFirst part.<!--more-->\n\n## Steps\n\nA footnote[^1] and <b>raw</b> HTML.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n[^1]: The note.\n",
        "Content/bank/index.md": "---\ntitle: Bank\ntags: [queues]\n---\nThe bank pages.\n",
        "Content/bank/day.md": "---\ntitle: A day\ndate: 2024-05-01\ntags: [queues, 은행]\n---\nBefore the report, back to [the guide](../guide.md).\n\n```calc\n1 + 2\n3 * 4\n```\n\nAfter it.\n",
        "Content/bank/plain.md": "---\ntitle: Plain\ndate: 2024-05-02\n---\n## 오전\n\nA plain page in [the bank](index.md).\n",
        "Content/data/sales.csv": "day,sales\nMon,3\nTue,5\n",
        "Content/shop.md": "---\ntitle: Shop\n---\n```table\nsource: data/sales.csv\n```\n",
    ]

    @Test func aWrittenSiteEqualsTheSiteHeldInMemory() async throws {
        var site = try TestSite(Self.pages)
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        let session = SiteSession(options: site.options, kinds: site.kinds)
        let files = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build() }
        try await expectMatchesFreshBuild(files, site)
        // The pages are really there, rendered from the parse step and from the reports.
        #expect(files.paths.contains("guide/index.html") && files.paths.contains("bank/day/index.md") && files.paths.contains("shop/index.html"))
    }

    @Test(arguments: ["korean-site", "hugo-basic", "hugo-site", "search-site", "tree-site"])
    func aWrittenFixtureEqualsTheFixtureHeldInMemory(fixture: String) async throws {
        var site = try TestSite(fixture: fixture)
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        let session = SiteSession(options: site.options, kinds: site.kinds)
        let files = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build() }
        #expect(files.paths.count > 5)
        try await expectMatchesFreshBuild(files, site)
    }
}
