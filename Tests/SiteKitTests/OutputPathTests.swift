import Basics
import BuiltInKinds
import Foundation
import Randomness
@testable import SiteKit
import Testing

/// Issue 31: every file a build writes is claimed in one table before it is written; two sources
/// of one path, or a path that would have to be a file and a folder, are an error naming both.
@Suite("One table of output paths")
struct OutputPathTests {
    /// Builds a good site, adds `files`, builds again: the failure, with the output untouched.
    private func collide(_ files: [String: String], base: [String: String] = [:]) async throws -> [String] {
        var site = try TestSite(["Content/index.md": "# Home\n", "Content/a.md": "# A\n"].merging(base) { _, new in new })
        site.kinds = BuiltInKinds.all
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        for (path, text) in files { try site.write(text, to: path) }
        let failure = try #require(await site.failure())
        #expect(try site.snapshot() == before)
        return failure.diagnostics.map(\.description)
    }

    @Test func aTermNamedIndexHTMLCannotTurnTheTermsPageIntoAFolder() async throws {
        let problems = try await collide(["Content/b.md": "---\ntags: [index.html]\n---\nB\n"])
        #expect(problems == [
            "Public/tags/index.html would have to be a file, written by the tags taxonomy's page of terms, and a folder, holding files written by the page of the tags term \"index.html\" (Content/b.md); rename one",
        ])
    }

    @Test func aContentFileCannotReplaceTheSitemap() async throws {
        let problems = try await collide(["Content/sitemap.xml": "<mine/>"], base: ["Content/site.yml": "base_url: https://example.com/\n"])
        #expect(problems == ["Public/sitemap.xml is written by Content/sitemap.xml and the sitemap (site.yml base_url); rename one"])
    }

    @Test func aContentFileCannotReplaceThe404Page() async throws {
        let problems = try await collide(["Content/404.html": "<p>mine</p>"])
        #expect(problems == ["Public/404.html is written by Content/404.html and the 404 page; rename one"])
    }

    @Test func aContentFileCannotReplaceAReportDownload() async throws {
        let problems = try await collide([
            "Content/a.md": "# A\n\n```calc\n1 + 2\n```\n",
            "Content/a/calc-1.csv": "mine\n",
        ])
        #expect(problems == ["Public/a/calc-1.csv is written by Content/a.md and Content/a/calc-1.csv; rename one"])
    }

    @Test func aPageNamedIndexHTMLIsNamedInTheError() async throws {
        let problems = try await collide(["Content/index.html.md": "# Oops\n"])
        #expect(problems == [
            "Public/index.html would have to be a file, written by Content/index.md, and a folder, holding files written by Content/index.html.md; rename one",
        ])
    }

    @Test func aContentFileCannotReplaceAnAssetOrTheSearch() async throws {
        let problems = try await collide(["Content/search/index.html": "mine", "Content/search/search-index.js": "mine"])
        #expect(problems == [
            "Public/search/index.html is written by Content/search/index.html and the search page; rename one",
            "Public/search/search-index.js is written by Content/search/search-index.js and the search index; rename one",
        ])
        let page = try await collide(["Content/search.md": "# Find\n"])
        #expect(page == ["Public/search/index.html is written by Content/search.md and the search page; rename one"])
    }

    /// A name longer than a file system allows fails naming the page that asked for it.
    @Test func aTermTooLongForAFileNameNamesThePage() async throws {
        let term = String(repeating: "t", count: 300)
        let problems = try await collide(["Content/b.md": "---\ntags: [\(term)]\n---\nB\n"])
        let shown = String(repeating: "t", count: 40) + "…"
        #expect(problems == [
            "Public/tags/\(shown)/index.html and Public/tags/\(shown)/index.md: the name \"\(shown)\" is 300 bytes long, and a file system takes at most 255; written by the page of the tags term \"\(shown)\" (Content/b.md); shorten it",
        ])
    }

    /// Property: for random sets of claims, the table lets through exactly a set of paths that
    /// can all be files at once (no path twice, none inside another), reports every path it
    /// refused, and reports the same messages in any order of claims.
    @Test func randomClaimsLeaveAConsistentTree() throws {
        var generator = SeededGenerator(seed: 31)
        let segments = ["a", "b", "index.html", "c.md"]
        for _ in 0..<300 {
            var claims: [(path: String, source: String)] = []
            for index in 0..<(1 + Int(generator.next() % 8)) {
                let depth = 1 + Int(generator.next() % 3)
                let path = (0..<depth).map { _ in segments[Int(generator.next() % UInt64(segments.count))] }.joined(separator: "/")
                claims.append((path, "source \(index % 5)"))
            }
            let table = OutputPaths(label: "Public")
            var granted: [String] = []
            for claim in claims where table.claim(claim.path, by: claim.source) { granted.append(claim.path) }
            // Granted paths: unique, and none is a folder of another.
            #expect(Set(granted).count == granted.count)
            for path in granted {
                #expect(!granted.contains { $0.hasPrefix(path + "/") }, "\(granted)")
            }
            // Every refused claim is reported; a set without refusals reports nothing.
            let refused = claims.count - granted.count
            let error = Result { try table.check() }
            if refused == 0 {
                #expect(throws: Never.self) { try error.get() }
            } else {
                #expect(throws: (any Error).self) { try error.get() }
            }
            // The same claims in reverse order give the same report when they collide on one path.
            let reversed = OutputPaths(label: "Public")
            for claim in claims.reversed() { reversed.claim(claim.path, by: claim.source) }
            let forward = (try? table.check()).map { "ok" } ?? "fail"
            let backward = (try? reversed.check()).map { "ok" } ?? "fail"
            #expect(forward == backward)
        }
    }
}
