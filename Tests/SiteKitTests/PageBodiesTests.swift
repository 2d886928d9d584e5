import Basics
import Foundation
import SiteKit
import Testing
import TestThreads

/// `sitegen build` leaves each page's body in its file when it loads the site and reads it again
/// when it parses the page, so a large site's Markdown is never held all at once. The page it
/// builds must be the page as loaded: a file edited in between stops the build.
@Suite("Page bodies read when each page is parsed")
struct PageBodiesTests {
    /// Pages in every form the loader reads: YAML, TOML and JSON front matter, none, a byte-order
    /// mark and CRLF line ends, Hugo's `_index.md`, a title from a heading, a link to a heading.
    private static let site = [
        "Content/site.yml": "title: Bodies\n",
        "Content/_index.md": "---\ntitle: Home\n---\nWelcome to [the notes](notes/index.md).\n",
        "Content/notes/_index.md": "+++\ntitle = \"Notes\"\n+++\nAll the notes.<!--more-->\n\nMore.\n",
        "Content/notes/json.md": "{\n  \"title\": \"JSON\"\n}\nA body after JSON, with [steps](yaml.md#steps).\n",
        "Content/notes/yaml.md": "\u{FEFF}---\r\ntitle: YAML\r\ntags: [a, b]\r\n---\r\nLine one.\r\n\r\n## Steps\r\n\r\n1. one\r\n",
        "Content/notes/plain.md": "# A heading title\n\nNo front matter at all.\n",
        "Content/notes/page-2.md": "---\ntitle: Page 2\n---\nThe second page.\n",
    ]

    /// Builds `site` into its output folder, calling `atParse` as the parse step starts (the
    /// content is loaded by then). Returns the build's failure, or nil when it succeeded.
    private static func failure(building site: TestSite, atParse: @escaping @Sendable () -> Void) async -> BuildFailure? {
        let build = Site(options: site.options, kinds: site.kinds, log: { event in
            if case .step(3, _, let name) = event, name == "Parse pages" { atParse() }
        })
        do {
            _ = try await withTaskExecutorPreference(TestThreads.shared) { try await build.build() }
            return nil
        } catch let failure as BuildFailure {
            return failure
        } catch {
            return BuildFailure(step: "unexpected", diagnostics: [Diagnostic("\(error)")])
        }
    }

    @Test func everyFormOfPageIsBuiltAsInMemory() async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        #expect(await Self.failure(building: site, atParse: {}) == nil)
        #expect(try site.output("notes/yaml/index.html").contains("<h2 id=\"steps\">Steps</h2>"))
        #expect(try site.output("notes/plain/index.html").contains("No front matter at all."))
        #expect(try site.output("notes/index.html").contains("All the notes."))
        let session = SiteSession(options: site.options, kinds: site.kinds)
        let files = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build() }
        try await expectMatchesFreshBuild(files, site)
    }

    @Test func aPageRewrittenWithTheSameTextIsBuiltAsBefore() async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        let text = try #require(Self.site["Content/notes/page-2.md"])
        #expect(await Self.failure(building: site, atParse: { try? site.write(text, to: "Content/notes/page-2.md") }) == nil)
        #expect(try site.snapshot() == before)
    }

    /// A page edited, or removed, between the load and the parse stops the build at the parse,
    /// naming the file; the previous output stays as it was, and no staging folder is left.
    @Test(arguments: [false, true])
    func aPageChangedDuringTheBuildStopsIt(removing: Bool) async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        let file = site.root.appendingPathComponent("Content/notes/page-2.md")
        let failure = try #require(await Self.failure(building: site, atParse: {
            if removing {
                try? FileManager.default.removeItem(at: file)
            } else {
                try? site.write("---\ntitle: Page 2\n---\nThe second page, edited.\n", to: "Content/notes/page-2.md")
            }
        }))
        #expect(failure.step == "Parse pages")
        let messages = failure.diagnostics.map(\.description)
        if removing {
            #expect(messages.count == 1 && messages[0].hasPrefix("Content/notes/page-2.md: "))
        } else {
            #expect(messages == ["Content/notes/page-2.md: changed while the site was being built; build again"])
        }
        #expect(try site.snapshot() == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("staging") }
        #expect(left.isEmpty)
    }
}
