import Foundation
import Markdown
import Testing

/// Issue 31: a 1 MB page of a list nested 1,000 deep took 46 s in sitegen's passes (libcmark
/// alone: 0.01 s), and 20,000 images nested in one another 12 s. The passes are linear in the
/// nesting now, and nesting past ``MarkdownNesting``'s limits is refused.
@Suite("Markdown: deep nesting")
struct NestingTests {
    /// A list nested `depth` deep, each item with a strikethrough, a bare URL and a lazy line.
    static func nestedList(depth: Int) -> String {
        (0..<depth).map { level in
            String(repeating: "  ", count: level) + "- item ~~\(level)~~ www.example.com/\(level)\nlazy \(level)"
        }.joined(separator: "\n") + "\n"
    }

    /// Runs `work` on a thread of its own, off the pool the servers of other suites need.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    /// The 1 MB, 1,000-level list renders as cmark-gfm renders it (the oracle).
    @Test func aListNestedAThousandDeepRendersAsCmarkGFM() async throws {
        let text = Self.nestedList(depth: 1_000)
        #expect(text.utf8.count > 1_000_000)
        let (html, problem) = await Self.onThread {
            let document = MarkdownDocument(parsing: text, extensions: .gfm)
            return (document.renderHTML(), document.nestingProblem)
        }
        #expect(problem == nil)
        let expected = try #require(GFMSpecTests.liveOracle(text), "cmark-gfm, this test's oracle, is not installed: apt-get install -y cmark-gfm")
        #expect(html == expected)
    }

    @Test func blockNestingPastTheLimitIsAProblem() {
        let quotes = "# Q\n\n" + String(repeating: ">", count: 100_000) + " deep\n"
        let document = MarkdownDocument(parsing: quotes, extensions: .gfm)
        #expect(document.nestingProblem == MarkdownNesting.Problem(line: 3, depth: 1_001, what: "lists and block quotes", limit: 1_000))
        let atTheLimit = MarkdownDocument(parsing: String(repeating: ">", count: 1_000) + " deep\n", extensions: .gfm)
        #expect(atTheLimit.nestingProblem == nil)
    }

    @Test func inlineNestingPastTheLimitIsAProblem() {
        func images(_ count: Int) -> String {
            "text\n\n" + String(repeating: "![", count: count) + "x" + String(repeating: "](http://example.com/a.png)", count: count) + "\n"
        }
        #expect(MarkdownDocument(parsing: images(20_000), extensions: .gfm).nestingProblem
            == MarkdownNesting.Problem(line: 3, depth: 33, what: "links, images and emphasis", limit: 32))
        #expect(MarkdownDocument(parsing: images(32), extensions: .gfm).nestingProblem == nil)
        let emphasis = String(repeating: "*a ", count: 5_000) + "x" + String(repeating: " a*", count: 5_000) + "\n"
        #expect(MarkdownDocument(parsing: emphasis, extensions: .gfm).nestingProblem?.depth == 33)
    }
}
