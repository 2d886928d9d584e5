import Foundation
import Markdown
import Testing

/// Random lines mixing the inline syntax the GFM extensions meet (`*`, `_`, `~`, `~~`, `__`,
/// bare URLs, `www.`, escapes, code spans, brackets), rendered by us and by the installed
/// cmark-gfm; every line must render the same. Skipped when cmark-gfm is not on PATH.
///
/// More lines or another seed: `GFM_DIFFERENTIAL_LINES=10000 GFM_DIFFERENTIAL_SEED=7 swift test
/// --filter GFMDifferentialTests` (or `Scripts/gfm-differential 10000 7`).
@Suite("GFM extensions against cmark-gfm on random lines")
struct GFMDifferentialTests {
    /// A fixed-algorithm generator (SplitMix64), so a seed names the same lines everywhere.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    static let tokens = [
        "*", "**", "***", "_", "__", "___", "~", "~~", "~~~", "a", "b", "word", "x1", "한글", "é",
        "https://x.org/a_b", "http://a.b/c*d", "https://e.com/p?q=1.", "ftp://f.io/x~y", "www.ex.com", "www.a.b/c_d",
        "www.x_y.org", "a@b.co", "\\*", "\\_", "\\~", "\\\\", "\\", "`c`", "`a*b`", "``~x``", "(", ")", ".", ",",
        "!", "?", "[", "]", "[l](u)", "<http://a.b>", "<https://a.b/www.c>", "<www.x.y>",
        "<mailto:a@b.co>", "mailto:", "xmpp:", "/r", "<", ">", "&amp;", "&#42;", "\"", "'", ":", "/", "-",
    ]

    /// `count` lines from `seed`; each starts with `x ` so that it is a paragraph of its own.
    static func lines(count: Int, seed: UInt64) -> [String] {
        var generator = Generator(state: seed)
        return (0..<count).map { _ in
            let length = 2 + Int(generator.next() % 10)
            var line = "x "
            for _ in 0..<length {
                line += generator.pick(tokens)
                line += generator.pick(["", "", " "])
            }
            return line
        }
    }

    /// Block openings a random line is put behind in the documents (quotes, list items, headings,
    /// tabs, a lazy continuation, a reference definition before it).
    static let blocks = [
        "", "", "> ", "- ", "1. ", "# ", "## ", "  ", "\t", "> - ", "- [ ] ", "",
    ]

    /// `count` small documents of a few random lines behind random block openings, with setext
    /// underlines, ATX closing sequences, hard breaks and a table now and then.
    static func documents(count: Int, seed: UInt64) -> [String] {
        var generator = Generator(state: seed)
        let pieces = lines(count: count * 4, seed: seed ^ 0x5EED).map { String($0.dropFirst(2)) }
        return (0..<count).map { index in
            var document = ""
            for line in 0..<(1 + Int(generator.next() % 4)) {
                let text = pieces[index * 4 + line]
                document += generator.pick(blocks) + text
                document += generator.pick(["\n", "\n", "  \n", "\\\n", " ##\n", "\n===\n", "\n\n"])
            }
            return document
        }
    }

    @Test func randomDocumentsRenderAsCmarkGFMRendersThem() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["GFM_DIFFERENTIAL_DOCUMENTS"].flatMap(Int.init) ?? 200
        let seed = environment["GFM_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 12
        var found = 0
        for document in Self.documents(count: count, seed: seed) {
            let expected = try #require(GFMSpecTests.liveOracle(document), "cmark-gfm, this test's oracle, is not installed: apt-get install -y cmark-gfm")
            let ours = GFMSpecTests.render(document)
            guard ours != expected else { continue }
            found += 1
            if found <= 10 { print("differs: \(document.debugDescription)\n  ours:   \(ours.debugDescription)\n  theirs: \(expected.debugDescription)") }
        }
        print("GFM differential: \(found) of \(count) documents differ (seed \(seed))")
        #expect(found == 0)
    }

    /// cmark-gfm's HTML for each line (one run over the lines as blank-line-separated
    /// paragraphs). Fails when cmark-gfm is not installed, or when its answer does not have one
    /// line per input line.
    static func oracle(_ lines: [String]) throws -> [String] {
        let html = try #require(GFMSpecTests.liveOracle(lines.joined(separator: "\n\n") + "\n"), "cmark-gfm, this test's oracle, is not installed: apt-get install -y cmark-gfm")
        let rendered = html.split(separator: "\n", omittingEmptySubsequences: true).map { String($0) + "\n" }
        try #require(rendered.count == lines.count, "cmark-gfm answered \(rendered.count) lines for \(lines.count)")
        return rendered
    }

    /// The lines that render differently here, with both renderings.
    static func divergences(count: Int, seed: UInt64) throws -> [(line: String, ours: String, theirs: String)] {
        let lines = lines(count: count, seed: seed)
        let expected = try oracle(lines)
        return zip(lines, expected).compactMap { line, theirs in
            let ours = GFMSpecTests.render(line + "\n")
            return ours == theirs ? nil : (line, ours, theirs)
        }
    }

    @Test func randomLinesRenderAsCmarkGFMRendersThem() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["GFM_DIFFERENTIAL_LINES"].flatMap(Int.init) ?? 2_000
        let seed = environment["GFM_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 12
        let found = try Self.divergences(count: count, seed: seed)
        for divergence in found.prefix(20) {
            print("differs: \(divergence.line)\n  ours:   \(divergence.ours)  theirs: \(divergence.theirs)")
        }
        print("GFM differential: \(found.count) of \(count) lines differ (seed \(seed))")
        #expect(found.isEmpty)
    }
}
