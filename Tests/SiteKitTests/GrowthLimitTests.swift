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
}
