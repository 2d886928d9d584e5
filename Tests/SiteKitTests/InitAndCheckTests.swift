import Basics
import BuiltInKinds
import Foundation
import ReportKit
import SiteKit
import Testing

@Suite("sitegen init and sitegen check")
struct InitAndCheckTests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-init-\(UUID().uuidString)")
    }

    @Test func initScaffoldsASiteThatBuilds() async throws {
        let top = folder()
        let root = top.appendingPathComponent("new/site")
        defer { try? FileManager.default.removeItem(at: top) }
        let written = try SiteScaffold.create(in: root)
        #expect(written == ["Content/first-report.md", "Content/index.md", "Content/site.yml"])
        let summary = try await Site(options: BuildOptions(siteFolder: root), kinds: BuiltInKinds.all).build()
        #expect(summary.pages == 4)  // home, the report, tags, tags/example
        #expect(summary.reports == 2)
        let report = try String(contentsOf: root.appendingPathComponent("Public/first-report/index.html"), encoding: .utf8)
        #expect(report.contains("<a href=\"../tags/example/index.html\" rel=\"tag\">example</a>"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Public/first-report/index.md").path))
    }

    @Test func initRefusesAFolderWithFilesButAcceptsOneWithOnlyHiddenOnes() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try SiteScaffold.create(in: root)
        do {
            try SiteScaffold.create(in: root)
            Issue.record("init wrote into a non-empty folder")
        } catch let diagnostic as Diagnostic {
            #expect(diagnostic.description == "\(root.path): is not empty (Content); sitegen init only writes into an empty or new folder")
        }
    }

    @Test func checkRunsTheWholeBuildAndWritesNothing() async throws {
        let site = try TestSite(fixture: "hugo-site")
        defer { site.remove() }
        let before = TestSite.snapshot(site.root)
        let summary = try await site.check()
        #expect(summary.pages == 13)  // 6 pages, tags with its 4 terms, categories with its 1
        #expect(TestSite.snapshot(site.root) == before)
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == ["Content"])
        // The same site, built, writes what check counted.
        #expect(try await site.build() == summary)
    }

    @Test func checkReportsEveryProblemLikeABuild() async throws {
        let site = try TestSite(fixture: "hugo-site")
        defer { site.remove() }
        try site.write("---\ntitle: Broken\nseries: [a]\n---\nSee [nothing](missing.md).\n", to: "Content/posts/broken.md")
        do {
            try await site.check()
            Issue.record("check passed a broken site")
        } catch let failure as BuildFailure {
            #expect(failure.diagnostics.map(\.description) == [
                "Content/posts/broken.md:5: link \"missing.md\" points to no page (no file posts/missing.md in the content folder)",
            ])
        }
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public").path))
    }
}
