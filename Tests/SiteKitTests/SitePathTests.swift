import Foundation
import Randomness
@testable import SiteKit
import Testing

/// Site paths: the byte-wise quick paths for ASCII paths give what the character-wise rules give.
@Suite("Site paths: parent and normalize")
struct SitePathTests {
    /// `parent` as the rule states it, over characters.
    private func ruleParent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    @Test func handWorkedPaths() {
        #expect(SitePath.normalize("bank/morning.md") == "bank/morning.md")
        #expect(SitePath.normalize("bank/./morning.md") == "bank/morning.md")
        #expect(SitePath.normalize("bank/../juice/day.md") == "juice/day.md")
        #expect(SitePath.normalize("bank//morning.md/") == "bank/morning.md")
        #expect(SitePath.normalize("/bank/morning.md") == "bank/morning.md")
        #expect(SitePath.normalize("../day.md") == nil)
        #expect(SitePath.normalize("bank/.../a.md") == "bank/.../a.md")
        #expect(SitePath.normalize("bank/..a/.b.md") == "bank/..a/.b.md")
        #expect(SitePath.normalize("") == "")
        #expect(SitePath.normalize(".") == "")
        #expect(SitePath.parent("bank/morning.md") == "bank")
        #expect(SitePath.parent("a/b/c.md") == "a/b")
        #expect(SitePath.parent("index.md") == "")
        #expect(SitePath.parent("/x") == "")
        // A `/` followed by a combining mark is one character with it, not a separator.
        #expect(SitePath.parent("a/b/\u{301}c") == "a")
        #expect(SitePath.normalize("a/\u{301}/../b") == "b")
    }

    @Test func quickPathsMatchTheRulesOnRandomPaths() {
        var random = SeededGenerator(seed: 30)
        let pieces = ["a", "b", "index.md", ".", "..", "...", "", "/", "//", ".x", "x.", "재고", "\u{301}", "é", "e\u{301}", "#", "?"]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...7, using: &random)
            var path = ""
            for _ in 0..<count {
                path += pieces[Int.random(in: 0..<pieces.count, using: &random)]
                if Bool.random(using: &random) { path += "/" }
            }
            #expect(SitePath.normalize(path) == SitePath.normalizeByCharacters(path), "normalize \(path.debugDescription)")
            #expect(SitePath.parent(path) == ruleParent(path), "parent \(path.debugDescription)")
        }
    }
}
