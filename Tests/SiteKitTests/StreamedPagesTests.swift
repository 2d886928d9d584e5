import Basics
import BuiltInKinds
import Foundation
import SiteKit
import Synchronization
import Testing
import TestThreads

/// `sitegen build` renders and writes a plain page as soon as it is parsed when every title of
/// the site is in front matter, so a large site never holds every rendered body at once. What it
/// writes, and what it reports when something is wrong, must be what the render step gives.
@Suite("Pages rendered as they are parsed")
struct StreamedPagesTests {
    /// A site whose every page has a title in its front matter: 250 plain pages (tagged, dated,
    /// linking to each other, to a file, to their own headings), a page whose summary ends at
    /// `<!--more-->`, one that links to another page's heading, one with a report, and indexes.
    private static func titledSite(pages count: Int = 250) -> [String: String] {
        var files = [
            "Content/site.yml": "title: Titled\nbase_url: https://example.org/\n",
            "Content/index.md": "---\ntitle: Home\n---\nWelcome. See [the notes](notes/index.md).\n",
            "Content/notes/index.md": "---\ntitle: Notes\nweight: 1\n---\nAll the notes.\n",
            "Content/notes/more.md": "---\ntitle: More\ndate: 2024-03-02\n---\nThe lead.<!--more-->\n\nThe rest.\n",
            "Content/notes/deep.md": "---\ntitle: Deep link\n---\nSee [its steps](page-3.md#steps) and [the top](#deep).\n\n## Deep\n",
            "Content/notes/tape.md": "---\ntitle: Tape\ntags: [calc]\n---\n```calc\n1 + 2\n```\n",
            "Content/notes/data.csv": "a,b\n1,2\n",
        ]
        for index in 0..<count {
            files["Content/notes/page-\(index).md"] = """
            ---
            title: "Page \(index)"
            date: 2024-01-\(String(format: "%02d", index % 28 + 1))
            tags: [\(index % 3 == 0 ? "fizz" : "buzz")]
            ---
            Text of page \(index) with [the next](page-\((index + 1) % count).md), [the data](data.csv)
            and [its own steps](#steps).

            ## Steps

            1. one
            2. two

            """
        }
        return files
    }

    /// Builds `site` into its output folder, returning the events it logged, in order.
    private static func events(building site: TestSite) async throws -> [BuildEvent] {
        let events = Mutex<[BuildEvent]>([])
        let build = Site(options: site.options, kinds: site.kinds, log: { event in events.withLock { $0.append(event) } })
        _ = try await withTaskExecutorPreference(TestThreads.shared) { try await build.build() }
        return events.withLock { $0 }
    }

    /// Pages rendered before the render step starts: the progress counted before its `[5/7]`.
    private static func renderedBeforeRenderStep(_ events: [BuildEvent]) -> Int {
        var done = 0
        for event in events {
            switch event {
            case .step(let index, _, _) where index >= 5: return done
            case .progress(let count, _): done = count
            default: continue
            }
        }
        return done
    }

    /// Builds the titled site, makes `edit`, and returns how the next build (with `adjust`) fails,
    /// having expected that failure to leave the output folder as the first build wrote it and no
    /// staging folder behind, though pages were written as they were parsed.
    private static func failedRebuild(
        after edit: (TestSite) throws -> Void, _ adjust: (inout BuildOptions) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> BuildFailure {
        var site = try TestSite(titledSite())
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        try await site.build()
        let before = try site.snapshot()
        try edit(site)
        let failure = try #require(await site.failure(adjust), sourceLocation: sourceLocation)
        #expect(try site.snapshot() == before, sourceLocation: sourceLocation)
        let left = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("staging") }
        #expect(left.isEmpty, sourceLocation: sourceLocation)
        return failure
    }

    @Test func pagesAreWrittenAsTheyAreParsedAndAsTheRenderStepWouldWriteThem() async throws {
        var site = try TestSite(Self.titledSite())
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        let events = try await Self.events(building: site)
        // Pages were rendered during the parse step: the progress line had passed 200 before
        // the render step began (progress is reported every 100 pages).
        #expect(Self.renderedBeforeRenderStep(events) >= 200)
        // The same site built in memory, where every page waits for the render step, is the
        // same site byte for byte.
        let session = SiteSession(options: site.options, kinds: site.kinds)
        let files = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build() }
        try await expectMatchesFreshBuild(files, site)
        // The pages that wait show what the parse found: the summary before <!--more-->, the
        // checked link to another page's heading, the report.
        #expect(try site.output("notes/index.html").contains("The lead."))
        #expect(try site.output("notes/deep/index.html").contains("href=\"../page-3/index.html#steps\""))
        #expect(try site.output("notes/tape/index.html").contains("calc"))
        #expect(try site.output("notes/page-7/index.html").contains("href=\"../../tags/buzz/index.html\""))
    }

    @Test func aTitleFromAHeadingKeepsEveryPageForTheRenderStep() async throws {
        var files = Self.titledSite()
        files["Content/notes/untitled.md"] = "# A heading title\n\nText.\n"
        var site = try TestSite(files)
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        let events = try await Self.events(building: site)
        #expect(Self.renderedBeforeRenderStep(events) == 0)
        let session = SiteSession(options: site.options, kinds: site.kinds)
        let built = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build() }
        try await expectMatchesFreshBuild(built, site)
    }

    /// A broken link on a page rendered early is reported by the render step, at its line, as
    /// before; a broken heading link on a page that waits too. The previous output stays as it
    /// was and no staging folder is left behind.
    @Test func problemsOfPagesRenderedEarlyAreTheRenderStepsAndLeaveTheOutputAlone() async throws {
        let failure = try await Self.failedRebuild(after: { site in
            try site.write("---\ntitle: Page 12\n---\nFine.\n\nSee [missing](nope.md).\n", to: "Content/notes/page-12.md")
            try site.write("---\ntitle: Deep link\n---\nSee [its steps](page-3.md#stepz).\n", to: "Content/notes/deep.md")
        })
        #expect(failure.step == "Render pages")
        #expect(failure.diagnostics.map(\.description) == [
            "Content/notes/deep.md:4: link \"page-3.md#stepz\" points to no heading \"#stepz\" in notes/page-3.md (did you mean \"#steps\"? its ids: steps)",
            "Content/notes/page-12.md:6: link \"nope.md\" points to no page (no file notes/nope.md in the content folder)",
        ])
    }

    /// `--strict` stops a build with warnings after the parse, when plain pages are written
    /// already: they are given up with the rest, and the output folder stays as it was.
    @Test func strictWarningsGiveUpThePagesWrittenSoFar() async throws {
        let failure = try await Self.failedRebuild(after: { site in
            try site.write("---\ntitle: Raw\n---\nSome <b>raw</b> HTML.\n", to: "Content/notes/raw.md")
        }, { $0.strict = true })
        #expect(failure.step == "Warnings (--strict makes them errors)")
        #expect(failure.diagnostics.map(\.description).first?.hasPrefix("Content/notes/raw.md:4:") == true)
    }

    /// A page the parse step rejects stops the build there, though other pages were already
    /// written: the output folder is left as it was, with no staging folder behind.
    @Test func aParseProblemGivesUpThePagesWrittenSoFar() async throws {
        let failure = try await Self.failedRebuild(after: { site in
            let blocks = (1...51).map { "```calc\n\($0) + 1\n```\n" }.joined(separator: "\n")
            try site.write("---\ntitle: Many\n---\n" + blocks, to: "Content/notes/many.md")
        })
        #expect(failure.step == "Parse pages")
        #expect(failure.diagnostics.map(\.description).first?.hasPrefix("Content/notes/many.md:") == true)
    }
}
