import Basics
import BuiltInKinds
import Foundation
import SiteKit
import Testing

/// Issue 31: limits on what grows — wherever the input enters — each a clear error naming the
/// file and line, with the previous output untouched.
@Suite("Limits on what grows")
struct GrowthLimitTests {
    /// Ten levels of nine aliases (9¹⁰ values from half a kilobyte), indented by `indent`.
    static func aliasBomb(indent: String) -> String {
        var lines = [indent + "a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1..<10 {
            lines.append(indent + "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The bomb under `extra:` ran for ten minutes and 20 GB; in `site.yml`, a block and an i18n
    /// table it is refused the same way, at the line where the values pass the budget.
    @Test(arguments: [
        ("Content/a.md", "---\ntitle: A\nextra:\n" + aliasBomb(indent: "  ") + "---\nText\n", "Content/a.md:9"),
        ("Content/site.yml", "title: T\nlanguage: en\n" + aliasBomb(indent: ""), "Content/site.yml:8"),
        ("Content/a.md", "# A\n\n```bank\n" + aliasBomb(indent: "") + "```\n", "Content/a.md:9"),
        ("Templates/i18n/en.yml", aliasBomb(indent: ""), "Templates/i18n/en.yml:6"),
    ])
    func anAliasBombIsRefusedWhereverItIs(file: String, text: String, place: String) async throws {
        var site = try TestSite(["Content/index.md": "# Home\n", "Content/a.md": "# A\n"])
        site.kinds = BuiltInKinds.all
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        try site.write(text, to: file)
        let failure = try #require(await site.failure())
        #expect(try site.snapshot() == before)
        #expect(failure.diagnostics.contains { $0.description.hasPrefix(place + ": ") && $0.description.contains("stands for more than 100,000 values once its aliases (*name) are expanded") },
                "\(failure.diagnostics)")
    }

    /// A 100,000-line calc block made a 10 MB page. Every page, whatever its kind, has a size
    /// limit (8 MB; smaller here, so the test stays quick): past it the build stops naming the
    /// page, and the previous output stays.
    @Test func aPageLargerThanTheLimitIsAnError() async throws {
        var site = try TestSite(["Content/index.md": "# Home\n"])
        site.kinds = BuiltInKinds.all
        defer { site.remove() }
        try await site.build { $0.maximumPageBytes = 64 << 10 }
        let before = try site.snapshot()
        let lines = (1...3_000).map { "\($0) * 2" }.joined(separator: "\n")
        try site.write("# Tape\n\n```calc\n\(lines)\n```\n", to: "Content/tape.md")
        let failure = try #require(await site.failure { $0.maximumPageBytes = 64 << 10 })
        #expect(try site.snapshot() == before)
        let messages = failure.diagnostics.map(\.description)
        #expect(messages.contains { $0.hasPrefix("Content/tape.md: its page tape/index.html would hold ") && $0.hasSuffix(" MB, more than the 64 KB a page may; show less on it (fewer lines in a block, a smaller max_rows) or split it into pages") },
                "\(messages)")
        // The same page is fine under the standard limit.
        try await site.build()
        #expect(site.exists("tape/index.html"))
    }

    /// Many blocks on one page multiplied each block's limits: a page holds at most 50.
    @Test func aPageWithTooManyBlocksIsAnError() async throws {
        var site = try TestSite(["Content/index.md": "# Home\n"])
        site.kinds = BuiltInKinds.all
        defer { site.remove() }
        let blocks = (1...51).map { "```calc\n\($0) + 1\n```\n" }.joined(separator: "\n")
        try site.write("# Many\n\n" + blocks, to: "Content/many.md")
        let failure = try #require(await site.failure())
        #expect(failure.step == "Parse pages")
        // Each block takes four lines: the 51st starts at line 3 + 50 × 4.
        #expect(failure.diagnostics.map(\.description) == [
            "Content/many.md:203: holds 51 report blocks, more than the 50 a page may (this is the first past them); split them over several pages",
        ])
        try site.write("# Many\n\n" + (1...50).map { "```calc\n\($0) + 1\n```\n" }.joined(separator: "\n"), to: "Content/many.md")
        try await site.build()
    }

    /// A 100,000-line calc block was worked out and rendered into a 10 MB page before the page
    /// was refused for its size (74.6 s in a debug build). The tape is refused before any line
    /// runs, at the first expression past the limit, and the previous output stays.
    @Test func aHundredThousandLineCalcBlockIsRefusedBeforeItRuns() async throws {
        var site = try TestSite(["Content/index.md": "# Home\n"])
        site.kinds = BuiltInKinds.all
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        let lines = (1...100_000).map { "\($0)+1" }.joined(separator: "\n")
        try site.write("# Tape\n\n```calc\n\(lines)\n```\n", to: "Content/tape.md")
        let failure = try #require(await site.failure())
        #expect(try site.snapshot() == before)
        #expect(failure.step == "Run report blocks")
        #expect(failure.diagnostics.map(\.description) == [
            "Content/tape.md:10004: calc: the tape holds 100,000 expressions, more than the 10,000 a calc block may (this is the first past them); split it over several blocks or pages",
        ])
    }
}

