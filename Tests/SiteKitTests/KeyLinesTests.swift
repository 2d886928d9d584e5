import SiteKit
import Testing

/// The lines of a page's front matter keys: looked up, replaced and compared as a dictionary's.
@Suite("Front matter key lines")
struct KeyLinesTests {
    @Test func setLookUpReplaceAndRemove() {
        var lines = KeyLines()
        #expect(lines["title"] == nil)
        #expect(lines.updateValue(2, forKey: "title") == nil)
        #expect(lines.updateValue(3, forKey: "layout") == nil)
        #expect(lines["title"] == 2 && lines["layout"] == 3)
        #expect(lines.updateValue(5, forKey: "title") == 2)
        #expect(lines["title"] == 5)
        lines["layout"] = nil
        #expect(lines["layout"] == nil && lines["title"] == 5)
    }

    @Test func equalWhateverTheOrderTheKeysWereSetIn() {
        var a = KeyLines()
        a["title"] = 2
        a["tags"] = 4
        var b = KeyLines()
        b["tags"] = 4
        b["title"] = 2
        #expect(a == b)
        b["tags"] = 5
        #expect(a != b)
        b["tags"] = 4
        b["date"] = 6
        #expect(a != b)
        #expect(KeyLines() == KeyLines())
        #expect(a == ["tags": 4, "title": 2])
    }

    @Test func aPageKnowsTheLinesOfItsKeys() throws {
        let front = try FrontMatter(yaml: "title: One\nlayout: wide\n\ntags: [a]\n", lineOffset: 1)
        #expect(front.lines["title"] == 2 && front.lines["layout"] == 3 && front.lines["tags"] == 5)
        let yams = try FrontMatter(parsingYAML: "tags: [a]\nlayout: wide\ntitle: One\n", lineOffset: 4)
        #expect(yams.lines["title"] == 7 && yams.lines["layout"] == 6 && yams.lines["tags"] == 5)
    }
}
