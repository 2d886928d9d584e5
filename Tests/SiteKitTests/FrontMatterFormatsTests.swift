import Basics
import Foundation
import SiteKit
import Testing

/// Front matter in TOML (`+++`) and JSON as well as YAML, each with file:line errors, and keys of
/// other generators left out with a warning.
@Suite("Front matter: TOML, JSON and keys of other generators")
struct FrontMatterFormatsTests {
    @Test func tomlReadsAsTheSameYAMLWould() throws {
        let toml = """
        title = "Markdown Syntax Guide"
        date = 2019-03-11
        weight = 3
        draft = false
        tags = [
            "markdown",
            "css",
        ]
        summary = 'It is "quoted"\\n'
        [extra]
        mood = "sunny"
        count = 12
        """
        let front = try FrontMatter(toml: toml, lineOffset: 1)
        #expect(front.title == "Markdown Syntax Guide")
        #expect(front.date?.text == "2019-03-11")
        #expect(front.weight == 3)
        #expect(front.tags == ["markdown", "css"])
        #expect(front.summary == "It is \"quoted\"\\n")
        #expect(front.extra?["mood"] == .text("sunny"))
        #expect(front.extra?["count"] == .text("12"))
        // Each key keeps the line it has in the file (the +++ line is line 1).
        #expect(front.lines["title"] == 2 && front.lines["tags"] == 6 && front.lines["extra"] == 11)
        let offset = try FrontMatter(toml: "date = 2024-05-01T09:30:00+09:00\n", lineOffset: 1)
        #expect(offset.date?.text == "2024-05-01T09:30:00+09:00")
    }

    @Test func tomlErrorsNameTheirLine() {
        #expect(Self.errors { try FrontMatter(toml: "title = \"A\"\nweight = \"heavy\"\n", lineOffset: 1) } == [
            "line 3: weight must be an integer, got \"heavy\"",
        ])
        #expect(Self.errors { try FrontMatter(toml: "title = \"A\"\ndate = \n", lineOffset: 1) } == [
            "line 3: invalid TOML: Error while parsing key-value pair: expected value, saw '\\n'",
        ])
    }

    @Test func jsonReadsWithLinesAndErrors() throws {
        let json = """
        {
        \t"title": "First note",
        \t"date": "2024-03-01",
        \t"tags": ["alpha", "beta"],
        \t"draft": false
        }
        """
        let front = try FrontMatter(json: json, lineOffset: 0)
        #expect(front.title == "First note")
        #expect(front.tags == ["alpha", "beta"])
        #expect(front.lines["date"] == 3)
        #expect(Self.errors { try FrontMatter(json: "{\n  \"title\": \"A\",\n  \"weight\": \"x\"\n}", lineOffset: 0) } == [
            "line 3: weight must be an integer, got \"x\"",
        ])
        #expect(Self.errors { try FrontMatter(json: "[1, 2]", lineOffset: 0) } == [
            "line 1: JSON front matter must be an object ({ \"title\": … })",
        ])
    }

    /// A key of Hugo or Zola that sitegen has no use for is left out with a warning saying what
    /// to do; a near miss of a sitegen key is still an error (a typo is never ignored).
    @Test func foreignKeysWarnAndTyposFail() throws {
        let front = try FrontMatter(yaml: "title: T\nauthor: me\nmath: true\nbutton: Go\n", lineOffset: 1)
        #expect(front.warnings.map(\.description) == [
            "line 3: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
            "line 4: key \"math\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.math)",
            "line 5: key \"button\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.button)",
        ])
        #expect(Self.errors { try FrontMatter(yaml: "titel: T\n", lineOffset: 1) } == [
            "line 2: unknown key \"titel\" (did you mean \"title\"?); expected one of: title, description, date, draft, layout, weight, toc, extra, summary, slug, aliases, tags",
        ])
        let series = try FrontMatter(yaml: "series: [Themes Guide]\n", lineOffset: 1)
        #expect(series.warnings.map(\.description) == [
            "line 2: key \"series\" is not a sitegen key and is left out; to make it a taxonomy, list it in site.yml's taxonomies: [tags, series]",
        ])
    }

    /// Zola's `taxonomies: {tags: [...]}` carries over for the site's taxonomies.
    @Test func zolaTaxonomiesCarryOver() throws {
        let front = try FrontMatter(toml: "title = \"T\"\n[taxonomies]\ntags = [\"rust\", \"web\"]\nauthors = [\"Kim\"]\n", lineOffset: 1)
        #expect(front.tags == ["rust", "web"])
        #expect(front.warnings.map(\.description) == [
            "line 3: key \"taxonomies.authors\" is not a sitegen key and is left out; to make it a taxonomy, list it in site.yml's taxonomies: [tags, authors]",
        ])
    }

    @Test func slugsAndAliasesAreChecked() {
        #expect(Self.errors { try FrontMatter(yaml: "slug: a/b\naliases: [\"https://x.com/\"]\n", lineOffset: 1) } == [
            "line 2: slug must be one address segment like morning-rush (no /, #, ?, % or spaces at either end), got \"a/b\"",
            "line 3: aliases[0] must be an address inside the site like old/morning, got \"https://x.com/\"",
        ])
    }

    /// A page in TOML or JSON builds with its title, date and tags; a TOML error names the file
    /// and line.
    @Test func pagesInEveryFormatBuild() async throws {
        let site = try TestSite([
            "Content/index.md": "# Home\n",
            "Content/toml.md": "+++\ntitle = \"From TOML\"\ndate = 2024-01-02\ntags = [\"mango\"]\n+++\n\nBody.\n",
            "Content/json.md": "{\n  \"title\": \"From JSON\",\n  \"tags\": [\"mango\"]\n}\n\nBody.\n",
        ])
        defer { site.remove() }
        try await site.build()
        #expect(try site.output("toml/index.html").contains("<h1>From TOML</h1>"))
        #expect(try !site.output("toml/index.html").contains("+++"))
        #expect(try site.output("json/index.html").contains("<h1>From JSON</h1>"))
        #expect(try site.output("tags/mango/index.html").contains("From TOML"))
        try site.write("+++\ntitle = \"From TOML\"\nweight = 1.5\n+++\n", to: "Content/toml.md")
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == ["Content/toml.md:3: weight must be an integer, got \"1.5\""])
    }

    private static func errors(_ body: () throws -> FrontMatter) -> [String] {
        do {
            _ = try body()
            return []
        } catch {
            return Diagnostics.from(error).map(\.description)
        }
    }
}
