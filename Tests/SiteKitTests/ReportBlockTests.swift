import BuiltInKinds
import Foundation
import SiteKit
import Testing

@Suite("Report blocks plug into the pipeline")
struct ReportBlockTests {
    @Test func blocksAreReplacedInHTMLAndMarkdown() async throws {
        var site = try TestSite([
            "Content/index.md": "# Dashboard\n",
            "Content/a/page.md": "---\ntitle: A page\n---\nBefore\n\n## First run\n\n```echo\nsay: hi <b>\nfile: data.csv\npage: extra/one\n```\n\n```other\nsay: untouched\n```\n\n## Second run\n\n```echo\nsay: two\n```\n",
        ])
        defer { site.remove() }
        site.kinds = [EchoKind()]
        let summary = try await site.build()
        #expect(summary.reports == 2)
        #expect(summary.pages == 4) // the two pages, the list page made for a/, the report's extra page
        let html = try site.output("a/page/index.html")
        #expect(html.contains("<section class=\"report report-echo\" id=\"echo-1\" aria-label=\"Echo: First run\">\n<h2 id=\"echo-1-title\">Echo</h2>\n<p>said hi &lt;b&gt; seed "))
        #expect(html.contains("<section class=\"report report-echo\" id=\"echo-2\" aria-label=\"Echo: Second run\">\n<h2 id=\"echo-2-title\">Echo</h2>\n<p>said two seed "))
        #expect(html.contains("<pre><code class=\"language-other\">say: untouched\n</code></pre>"))
        let markdown = try site.output("a/page/index.md")
        #expect(markdown.hasPrefix("# A page\n\n"))
        #expect(markdown.contains("### Echo\n\n**said hi \\<b\\> seed "))
        #expect(try site.output("a/page/echo-1-data.csv") == "\u{FEFF}data of hi <b>\n")
        #expect(try site.output("a/page/extra/one/index.html").contains("<p>extra</p>"))
        #expect(try site.output("a/page/extra/one/index.html").contains("href=\"../../../../assets/site."))
        // The home page is a dashboard with a card carrying the headline figures, one chip per
        // report, each named by the heading above its block since the page has two.
        let home = try site.output("index.html")
        #expect(home.contains("<a href=\"a/page/index.html\">A page</a>"))
        #expect(home.contains("<li>First run: said hi &lt;b&gt;</li>"))
        #expect(home.contains("<li>Second run: said two</li>"))
        #expect(try site.output("index.md").contains("First run: said hi \\<b\\>; Second run: said two"))
    }

    /// One report's figures make one chip with no name; several reports without a heading above
    /// them are named by their titles.
    @Test func dashboardChipsSayWhichReportIsWhich() async throws {
        var site = try TestSite([
            "Content/index.md": "# Dashboard\n",
            "Content/one.md": "# One\n\n## Only run\n\n```echo\nsay: alone\n```\n",
            "Content/two.md": "# Two\n\n```echo\nsay: first\n```\n\n```echo\nsay: second\n```\n",
        ])
        defer { site.remove() }
        site.kinds = [EchoKind()]
        try await site.build()
        let home = try site.output("index.html")
        #expect(home.contains("<li>said alone</li>"))
        #expect(home.contains("<li>Echo: said first</li>"))
        #expect(home.contains("<li>Echo: said second</li>"))
    }

    /// Landmarks are told apart by name (axe landmark-unique): a report alone on its page is named
    /// by its title; reports sharing a title by the title and the heading above each, or by the
    /// title and their place where no heading tells them apart.
    @Test func reportsSharingATitleGetNamesOfTheirOwn() async throws {
        var site = try TestSite([
            "Content/index.md": "# Dashboard\n",
            "Content/one.md": "# One\n\n```echo\nsay: alone\n```\n\n```other\nsay: x\n```\n",
            "Content/two.md": "# Two\n\n```echo\nsay: a\n```\n\n## Same\n\n```echo\nsay: b\n```\n\n```echo\nsay: c\n```\n\n## Else\n\n```echo\nsay: d\n```\n",
        ])
        defer { site.remove() }
        site.kinds = [EchoKind()]
        try await site.build()
        let one = try site.output("one/index.html")
        #expect(one.contains("<section class=\"report report-echo\" id=\"echo-1\" aria-labelledby=\"echo-1-title\">"))
        let two = try site.output("two/index.html")
        let names = two.components(separatedBy: "<section class=\"report report-echo\"").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(names == [
            " id=\"echo-1\" aria-label=\"Echo 1\"",
            " id=\"echo-2\" aria-label=\"Echo 2\"",
            " id=\"echo-3\" aria-label=\"Echo 3\"",
            " id=\"echo-4\" aria-label=\"Echo: Else\"",
        ])
    }

    @Test func seedsAreDerivedFromPageAndIndexOrOverridden() async throws {
        var site = try TestSite(["Content/p.md": "```echo\n```\n\n```echo\n```\n"], templates: .bare)
        defer { site.remove() }
        site.kinds = [EchoKind()]
        try await site.build()
        let first = try site.output("p/index.html")
        try await site.build()
        #expect(try site.output("p/index.html") == first)
        let seeds = first.split(separator: "seed ").dropFirst().map { $0.prefix { $0.isNumber } }
        #expect(seeds.count == 2 && seeds[0] != seeds[1])
        try await site.build { $0.seed = 7 }
        #expect(try site.output("p/index.html").components(separatedBy: "seed 7<").count == 3)
    }

    @Test func twoBuildsOfTheExampleSiteAreByteIdentical() async throws {
        let project = TestSite.projectFolder
        let first = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-determinism-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: first) }
        var options = BuildOptions(siteFolder: project)
        options.offline = true
        var snapshots: [[String: Data]] = []
        for run in 0..<2 {
            options.outputDirectory = first.appendingPathComponent("run\(run)")
            options.cacheDirectory = first.appendingPathComponent("cache")
            try await Site(options: options, kinds: BuiltInKinds.all).build()
            snapshots.append(TestSite.snapshot(options.outputDirectory))
        }
        #expect(snapshots[0].count > 10)
        #expect(snapshots[0] == snapshots[1])
    }
}
