import Basics
import Randomness
import SiteKit
import Testing

/// The plain front matter reader must give exactly what Yams' reading gives, or decline.
@Suite("Plain front matter: read without Yams, same value or declined")
struct PlainFrontMatterTests {
    @Test func aTypicalPageReadsAsYamsReadsIt() throws {
        let yaml = """
        title: Post 42 about mangoes
        date: 2024-03-05
        description: A short line
        tags: [mango, stock]
        weight: 3
        draft: false

        """
        var expected = FrontMatter()
        expected.title = "Post 42 about mangoes"
        expected.date = try PageDate("2024-03-05")
        expected.description = "A short line"
        expected.terms = ["tags": ["mango", "stock"]]
        expected.weight = 3
        expected.lines = ["title": 2, "date": 3, "description": 4, "tags": 5, "weight": 6, "draft": 7]
        #expect(FrontMatter.plain(yaml: yaml, lineOffset: 1) == expected)
        #expect(try FrontMatter(parsingYAML: yaml, lineOffset: 1) == expected)
    }

    @Test func quotedTextBlankLinesAndLoneTermsReadAsYamsReadsThem() throws {
        let yaml = """
        title: "Page 9840: catalogue chart juice"
        description: '한눈에 보기 — yes'
        layout: post
        toc: yes

        categories: Daily Notes
        tags: [ 재고 , "Fresh Fruit", 'a: b']
        series:
        weight: -7
        draft: Off
        """
        var expected = FrontMatter()
        expected.title = "Page 9840: catalogue chart juice"
        expected.description = "한눈에 보기 — yes"
        expected.layout = "post"
        expected.toc = true
        expected.terms = ["categories": ["Daily Notes"], "tags": ["재고", "Fresh Fruit", "a: b"], "series": []]
        expected.weight = -7
        expected.lines = ["title": 4, "description": 5, "layout": 6, "toc": 7, "categories": 9, "tags": 10, "series": 11, "weight": 12, "draft": 13]
        let taxonomies = ["tags", "categories", "series"]
        #expect(FrontMatter.plain(yaml: yaml, lineOffset: 3, taxonomies: taxonomies) == expected)
        #expect(try FrontMatter(parsingYAML: yaml, lineOffset: 3, taxonomies: taxonomies) == expected)
    }

    @Test func scalarsKeepTheTextYamsGivesThem() {
        let read = { (yaml: String) in FrontMatter.plain(yaml: yaml, lineOffset: 0) }
        #expect(read("title: 123")?.title == "123")
        #expect(read("title: null")?.title == "null")
        #expect(read("title: ~")?.title == "~")
        #expect(read("title:")?.title == "")
        #expect(read("title:   two  spaces   ")?.title == "two  spaces")
        #expect(read("title: About \"us\", C# and [more]")?.title == "About \"us\", C# and [more]")
        #expect(read("draft: YES")?.draft == true)
        #expect(read("weight: +007")?.weight == 7)
        #expect(read("tags: ~")?.tags == [])
        #expect(read("tags: nULL")?.tags == ["nULL"])
        #expect(read("tags: [a,b]")?.tags == ["a", "b"])
        #expect(read("date: 2024-03-05 10:00")?.date?.rfc3339 == "2024-03-05T10:00:00Z")
        #expect(read("") == FrontMatter())
        #expect(read("\n\n") == FrontMatter())
    }

    /// Forms the reader leaves to Yams: other YAML syntax, forms Yams reads differently from their
    /// text (a comment, a trailing comma, a continued line), and everything that is an error.
    @Test func declinesWhatItCannotReadForCertain() {
        let declined = [
            "title: a #comment", "# comment\ntitle: a", "title: x\n  more", "title: \"a\" # c", "tags: [a, ]", "tags: [a, [b]]",
            "tags: [a: b]", "tags: {a: b}", "tags:\n  - a", "title: - a", "title: -", "title: ? x", "title: : x",
            "title: a: b", "title: ends:", "title: &anchor x", "title: *alias", "title: !str x", "title: |", "title: >",
            "title: %x", "title: @x", "title: `x`", "title: ,x", "title: ]x", "title: {x", "title: 'it''s'", "title: \"a\\tb\"",
            "title: \"a\" x", "title: \"unclosed", "title:\tx", "title: a\tb", "title: x\r", "title: a\u{85}b",
            "title: a\u{2028}b", "title: \u{FEFF}x", "title: a\u{7}b", "  title: x", "title : x", "title:x", "Title: x",
            "author: me", "extra: x", "---", "title: x\ntitle: y", "title: [a]", "date: 2024-02-30", "date: May 1",
            "draft: y", "draft: null", "draft: \"true\"", "toc: 1", "weight: 0x1F", "weight: 1_000", "weight: 3.0",
            "weight: '3'", "weight:", "layout: a b", "layout:", "tags: \"\"", "tags: [ok, '  ']", "tags: ['-']",
        ]
        for yaml in declined {
            #expect(FrontMatter.plain(yaml: yaml, lineOffset: 1) == nil, "\(yaml.debugDescription)")
        }
        let long = String(repeating: "k", count: 1100)
        #expect(throws: Diagnostic.self) { try FrontMatter(parsingYAML: "\(long): x", lineOffset: 1, taxonomies: [long]) }
        #expect(FrontMatter.plain(yaml: "\(long): x", lineOffset: 1, taxonomies: [long]) == nil)
    }

    /// Thousands of seeded front matters, plain ones and plain ones with a few characters or lines
    /// changed: every one the reader accepts must equal Yams' reading, and it must accept every plain one.
    @Test func agreesWithYamsOnSeededFrontMatter() {
        var random = SeededGenerator(seed: 16)
        var accepted = (plain: 0, changed: 0)
        var declined = 0
        var mismatches = 0
        for round in 0..<4000 {
            var yaml = Self.plainFrontMatter(&random)
            let isPlain = round % 2 == 0
            if !isPlain { Self.change(&yaml, &random) }
            let yams = try? FrontMatter(parsingYAML: yaml, lineOffset: 1, taxonomies: Self.taxonomies)
            guard let plain = FrontMatter.plain(yaml: yaml, lineOffset: 1, taxonomies: Self.taxonomies) else {
                if isPlain { Issue.record("declined plain front matter \(yaml.debugDescription)") }
                declined += 1
                continue
            }
            if plain != yams {
                mismatches += 1
                if mismatches <= 5 { Issue.record("\(yaml.debugDescription): plain \(plain), Yams \(String(describing: yams))") }
            }
            if isPlain { accepted.plain += 1 } else { accepted.changed += 1 }
        }
        #expect(mismatches == 0)
        #expect(accepted.plain == 2000)
        #expect(accepted.changed >= 200 && declined >= 1000, "accepted \(accepted.changed) changed, declined \(declined)")
    }

    private static let taxonomies = ["tags", "categories"]

    /// Keys in a random order, each once, with values of the forms the reader accepts.
    private static func plainFrontMatter(_ random: inout SeededGenerator) -> String {
        let words = ["mango", "Kiwi", "재고", "한눈에", "yes", "no", "null", "~", "123", "-4", "C#", "a:b", "x,y", "[b]", "{c}", "é", "\"us\"", "it's", "—"]
        func text() -> String { (0..<random.below(4) + 1).map { _ in random.pick(words) }.joined(separator: " ") }
        func quoted(_ text: String) -> String {
            switch random.below(3) {
            case 0 where !text.contains("\"") && text.first.map({ !"-?:,[]{}#&*!|>'%@`~".contains($0) }) != false: text
            case 1 where !text.contains("\""): "\"\(text): x\""
            default: text.contains("'") ? "\"\(text.filter { $0 != "\"" })\"" : "'\(text)'"
            }
        }
        func terms() -> String {
            switch random.below(5) {
            case 0: return random.pick(["", "~", "null", "[]", "[ ]"])
            case 1: return random.pick(["mango", "Daily Notes", "재고"])
            default: return "[" + (0..<random.below(4)).map { _ in random.pick(["mango", " kiwi ", "재고", "\"a] b\"", "'x: y'", "Fresh Fruit", "2024"]) }.joined(separator: ",") + "]"
            }
        }
        var lines: [String] = []
        for key in (FrontMatter.keys.filter { $0 != "extra" && $0 != "aliases" } + taxonomies).shuffled(using: &random) where random.below(4) != 0 {
            let value = switch key {
            case "title", "description", "summary": quoted(text())
            case "slug": random.pick(["morning-rush", "2024", "재고", "\"a b\"", "'x.y'"])
            case "date": random.pick(["2024-03-05", "2024-02-29", "1999-12-31T23:59:59Z", "2024-05-01T09:30:00+09:00", "'2024-01-30 10:00'"])
            case "draft", "toc": random.pick(["true", "false", "yes", "No", "ON", "off"])
            case "weight": random.pick(["0", "3", "-7", "+12", "007", "\(random.below(1000))"])
            case "layout": random.pick(["page", "post", "home-2", "\"wide_page\""])
            default: terms()
            }
            lines.append(key + ":" + String(repeating: " ", count: value.isEmpty ? 0 : random.below(2) + 1) + value + String(repeating: " ", count: random.below(3) / 2))
            if random.below(8) == 0 { lines.append("") }
        }
        return lines.joined(separator: "\n") + (random.below(2) == 0 ? "\n" : "")
    }

    /// Changes one or two characters or lines to something YAML may read differently.
    private static func change(_ yaml: inout String, _ random: inout SeededGenerator) {
        let nasty: [Character] = [
            "\"", "'", "#", ":", "-", "[", "]", "{", "}", ",", "&", "*", "!", "|", ">", "%", "@", "`", "?", "~", "\\",
            " ", "\t", "\r", "\n", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{7}", "\u{A0}", "é", "재", "0", "x",
        ]
        let lines = [
            "# note", "  indented: x", "extra:", "extra: {a: 1}", "author: me", "title: again", "tags:\n  - a", "- item",
            "title: |\n  block", "---", "...", "tags: [a, ]", "title: x # y", "weight: 1_000", "draft: y", "date: 2024-13-01",
            "categories: [a: b]", "toc: ~", "title: 'it''s'", "title: \"a\\nb\"", "? key\n: value", "tags: &t [a]\ncategories: *t",
        ]
        var rows = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        for _ in 0..<(random.below(3) / 2 + 1) {
            let row = random.below(rows.count)
            var characters = rows[row]
            // Mostly in a value, where the reader has the most to get right.
            let start = random.below(8) == 0 ? 0 : (characters.firstIndex(of: ":") ?? -1) + 1
            let at = start + random.below(characters.count - start + 1)
            switch random.below(4) {
            case 0: rows.insert(Array(random.pick(lines)), at: row)
            case 1 where at < characters.count: characters[at] = random.pick(nasty)
            default: characters.insert(random.pick(nasty), at: at)
            }
            rows[row] = characters
        }
        yaml = rows.map { String($0) }.joined(separator: "\n")
    }
}

/// Draws for the seeded cases, from the project's fixed-algorithm generator.
private extension SeededGenerator {
    /// A whole number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { nextInt(in: 0...(bound - 1)) }
    /// One of `items`.
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
