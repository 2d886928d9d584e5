import Basics
import Foundation
import SiteKit
import Testing
import TestThreads

/// `sitegen build` writes over the output folder of the build before last (kept beside the
/// output) and keeps the files of every plain page that did not change since, as recorded in
/// `.sitegen-cache/builds/`. What it writes must be what a fresh build writes, with the same
/// warnings, whatever changed in between.
@Suite("Pages kept from an earlier build")
struct KeptPagesTests {
    /// Plain pages with headings, a summary marker, a warning, links between them and tags; an
    /// index page (never kept: it lists the others), and a page linking to another's heading.
    private static let site: [String: String] = {
        var files = [
            "Content/site.yml": "title: Kept\n",
            "Content/index.md": "---\ntitle: Home\n---\nWelcome.\n",
            "Content/notes/index.md": "---\ntitle: Notes\n---\nAll the notes.\n",
            "Content/notes/anchor.md": "---\ntitle: Anchor\n---\nSee [the steps](page-1.md#steps).\n",
        ]
        for number in 1...6 {
            files["Content/notes/page-\(number).md"] = """
                ---
                title: Page \(number)
                weight: \(number)
                tags: [t\(number % 2), all]
                ---
                The lead of page \(number).<!--more-->

                ## Steps

                Go to [page \((number % 6) + 1)](page-\((number % 6) + 1).md). <span>raw</span>

                ## Numbers \(number)

                | a | b |
                | - | - |
                | \(number) | \(number * 2) |

                """
        }
        return files
    }()

    /// Builds the site into its output folder; returns how many pages and taxonomy pages the
    /// build kept (from its note) and its summary.
    @discardableResult
    private static func build(_ site: TestSite) async throws -> (kept: Int, taxonomyPages: Int, summary: BuildSummary) {
        let notes = Locked<[String]>([])
        let build = Site(options: site.options, kinds: site.kinds, log: { event in
            if case .note(let message) = event { notes.withLock { $0.append(message) } }
        })
        let summary = try await withTaskExecutorPreference(TestThreads.shared) { try await build.build() }
        let note = notes.withLock { $0 }.first { $0.hasPrefix("kept ") } ?? ""
        let numbers = note.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return (numbers.first ?? 0, numbers.count > 1 ? numbers[1] : 0, summary)
    }

    /// The output folder and the warnings are those of a fresh build into a new folder.
    private static func expectFresh(_ site: TestSite, warnings: [Diagnostic], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let fresh = site.root.appendingPathComponent("Fresh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: fresh) }
        let summary = try await site.build { $0.outputDirectory = fresh }
        let expected = TestSite.snapshot(fresh)
        let actual = try site.snapshot()
        #expect(actual.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in expected.sorted(by: { $0.key < $1.key }) where actual[path] != data {
            Issue.record("\(path) differs from a fresh build", sourceLocation: sourceLocation)
        }
        #expect(warnings.map(\.description) == summary.warnings.map(\.description), sourceLocation: sourceLocation)
    }

    @Test func theBuildAfterNextKeepsEveryUnchangedPlainPage() async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        // The first build makes the output, the second a new folder beside it (no spare yet).
        #expect(try await Self.build(site).kept == 0)
        #expect(try await Self.build(site).kept == 0)
        let third = try await Self.build(site)
        // Six plain pages; not the home, the section index or the page linking to a heading. And
        // the pages of the tags: of all tags, and of t0, t1 and all (every page of theirs is kept).
        #expect(third.kept == 6)
        #expect(third.taxonomyPages == 4)
        #expect(third.summary.warnings.contains { $0.description.contains("notes/page-3.md") })
        try await Self.expectFresh(site, warnings: third.summary.warnings)
        #expect(try await Self.build(site).kept == 6)
    }

    @Test func anEditedBodyIsRenderedAgainAndTheRestKept() async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        try await Self.build(site)
        try await Self.build(site)
        let text = try #require(Self.site["Content/notes/page-2.md"])
        try site.write(text.replacingOccurrences(of: "## Numbers 2", with: "## Figures 2\n\nA new paragraph."), to: "Content/notes/page-2.md")
        let edited = try await Self.build(site)
        #expect(edited.kept == 5)
        #expect(try site.output("notes/page-2/index.html").contains("A new paragraph."))
        try await Self.expectFresh(site, warnings: edited.summary.warnings)
        // The folder written now was the output two builds ago, before the edit: the page is
        // rendered there again too.
        #expect(try await Self.build(site).kept == 5)
        try await Self.expectFresh(site, warnings: edited.summary.warnings)
        #expect(try await Self.build(site).kept == 6)
    }

    /// A term's page lists its pages with their summaries: it keeps its files only when all of its
    /// pages kept theirs, and a page's new lead is on its terms' pages, as in a fresh build.
    @Test func aTermPageKeepsItsFilesOnlyWithAllItsPages() async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        try await Self.build(site)
        try await Self.build(site)
        let before = try site.snapshot()
        let text = try #require(Self.site["Content/notes/page-2.md"])
        try site.write(text.replacingOccurrences(of: "The lead of page 2.", with: "A new lead for page 2."), to: "Content/notes/page-2.md")
        let edited = try await Self.build(site)
        #expect(edited.kept == 5)
        // Only the page of t1 lists none of page 2's tags.
        #expect(edited.taxonomyPages == 1)
        let after = try site.snapshot()
        // Page 2's tags are t0 and all; t1 lists none of its pages.
        #expect(try site.output("tags/t0/index.html").contains("A new lead for page 2."))
        #expect(try site.output("tags/all/index.html").contains("A new lead for page 2."))
        #expect(after["tags/t1/index.html"] == before["tags/t1/index.html"])
        try await Self.expectFresh(site, warnings: edited.summary.warnings)
        #expect(try await Self.build(site).kept == 5)
        try await Self.expectFresh(site, warnings: edited.summary.warnings)
    }

    /// Whatever another page shows of a page (its title as a neighbour, the navigation), the
    /// site's templates and its settings are in the record's key: a change there keeps nothing.
    @Test(arguments: ["title", "template", "site.yml", "new page"])
    func aChangeOtherPagesShowKeepsNothing(change: String) async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        try await Self.build(site)
        try await Self.build(site)
        switch change {
        case "title":
            let text = try #require(Self.site["Content/notes/page-4.md"])
            try site.write(text.replacingOccurrences(of: "title: Page 4", with: "title: The fourth page"), to: "Content/notes/page-4.md")
        case "template":
            let url = site.root.appendingPathComponent("Templates/page.mustache")
            let template = try String(contentsOf: url, encoding: .utf8)
            let edited = template.replacingOccurrences(of: "{{{page.content}}}", with: "{{{page.content}}}\n<p>changed</p>")
            #expect(edited != template)
            try site.write(edited, to: "Templates/page.mustache")
        case "site.yml":
            try site.write("title: Kept again\n", to: "Content/site.yml")
        default:
            try site.write("---\ntitle: Page 0\nweight: 0\n---\nA new first page.\n", to: "Content/notes/page-0.md")
        }
        let changed = try await Self.build(site)
        #expect(changed.kept == 0)
        try await Self.expectFresh(site, warnings: changed.summary.warnings)
    }

    /// A kept file must be the file that build wrote: one written over, touched or replaced by a
    /// link in the folder since is rendered again, and nothing outside the folder is written.
    @Test(arguments: ["same size", "touched", "folder link", "removed"])
    func aFileChangedInTheFolderIsRenderedAgain(change: String) async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        try await Self.build(site)
        try await Self.build(site)
        // The spare folder: what the next build writes over.
        let spare = site.root.appendingPathComponent(".Public.sitegen-previous")
        let page = spare.appendingPathComponent("notes/page-5/index.html")
        let outside = site.root.appendingPathComponent("Elsewhere")
        switch change {
        case "same size":
            let data = try Data(contentsOf: page)
            try Data(repeating: UInt8(ascii: "x"), count: data.count).write(to: page)
        case "touched":
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: page.path)
        case "folder link":
            try FileManager.default.moveItem(at: page.deletingLastPathComponent(), to: outside)
            try FileManager.default.createSymbolicLink(at: page.deletingLastPathComponent(), withDestinationURL: outside)
        default:
            try FileManager.default.removeItem(at: page)
        }
        let outsideBefore = TestSite.snapshot(outside)
        let rebuilt = try await Self.build(site)
        #expect(rebuilt.kept == 5)
        try await Self.expectFresh(site, warnings: rebuilt.summary.warnings)
        #expect(TestSite.snapshot(outside) == outsideBefore)
    }

    /// A build that fails leaves the folder it claimed half written, and without a record: the
    /// next build writing over it keeps nothing from it. A record cut short is no record, nor is
    /// one naming a file outside the output folder.
    @Test(arguments: ["failed build", "cut record", "path outside"])
    func aFolderWithoutAWholeRecordKeepsNothing(kind: String) async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        try await Self.build(site)
        try await Self.build(site)
        let records = site.root.appendingPathComponent(".sitegen-cache/builds")
        if kind == "failed build" {
            // --strict makes the raw HTML warnings errors: the build claims the spare and fails.
            let failure = await site.failure { $0.strict = true }
            #expect(failure != nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: records.path).count == 1)
        } else {
            for name in try FileManager.default.contentsOfDirectory(atPath: records.path) {
                let url = records.appendingPathComponent(name)
                let data = try Data(contentsOf: url)
                if kind == "cut record" {
                    try data.prefix(data.count * 2 / 3).write(to: url)
                } else {
                    let text = String(decoding: data, as: UTF8.self)
                    let changed = text.replacingOccurrences(of: "o\tnotes/page-3/index.md\t", with: "o\tnotes/page-3/../../../Elsewhere/index.md\t")
                    #expect(changed != text)
                    try Data(changed.utf8).write(to: url)
                }
            }
        }
        let next = try await Self.build(site)
        #expect(next.kept == 0)
        try await Self.expectFresh(site, warnings: next.summary.warnings)
        #expect(try await Self.build(site).kept == (kind == "failed build" ? 6 : 0))
    }
}
