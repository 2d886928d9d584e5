import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SiteKit
import Testing

@Suite("Atom feed of dated pages")
struct FeedTests {
    @Test func theFeedListsDatedPagesNewestFirstAndDependsOnNoClock() async throws {
        let site = try TestSite(fixture: "hugo-site")
        defer { site.remove() }
        try await site.build()
        #expect(try site.output("atom.xml") == """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
          <title>Fruit stand</title>
          <subtitle>Notes from a fruit stand.</subtitle>
          <link rel="alternate" type="text/html" href="https://example.com/stand/"/>
          <link rel="self" type="application/atom+xml" href="https://example.com/stand/atom.xml"/>
          <id>https://example.com/stand/</id>
          <updated>2024-02-02T00:00:00Z</updated>
          <author><name>Stand keeper</name></author>
          <generator>sitegen</generator>
          <entry>
            <title>Stock take</title>
            <link rel="alternate" type="text/html" href="https://example.com/stand/posts/stock-take/"/>
            <id>https://example.com/stand/posts/stock-take/</id>
            <updated>2024-02-02T00:00:00Z</updated>
            <summary>What is left on the shelves.</summary>
          </entry>
          <entry>
            <title>Mango day</title>
            <link rel="alternate" type="text/html" href="https://example.com/stand/posts/mango-day/"/>
            <id>https://example.com/stand/posts/mango-day/</id>
            <updated>2024-01-30T10:00:00+09:00</updated>
            <summary>Mangoes arrived early and sold out by noon.</summary>
          </entry>
          <entry>
            <title>Kiwi count</title>
            <link rel="alternate" type="text/html" href="https://example.com/stand/posts/kiwi-count/"/>
            <id>https://example.com/stand/posts/kiwi-count/</id>
            <updated>2024-01-30T00:00:00Z</updated>
            <summary>Counting kiwis.</summary>
          </entry>
        </feed>

        """)
        #expect(try site.output("index.html").contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Fruit stand\" href=\"atom.xml\">"))
        #expect(try site.output("posts/mango-day/index.html").contains("href=\"../../atom.xml\">"))
        #expect(try site.output("404.html").contains("href=\"https://example.com/stand/atom.xml\">"))
    }

    /// A summary from the first paragraph is its first 300 characters cut at a space, with `…`;
    /// counted in characters, whether the text is ASCII, Korean or carries combining marks.
    @Test func summariesAreCutAtThreeHundredCharacters() async throws {
        let ascii = (1...80).map { "w\($0)" }.joined(separator: " ")
        let korean = String(repeating: "가나다 ", count: 90)
        let combining = String(repeating: "e\u{301}e ", count: 110)
        let short = String(repeating: "x", count: 300)
        var files = ["Content/site.yml": "title: T\nbase_url: https://example.com/\n"]
        for (index, text) in [ascii, korean, combining, short].enumerated() {
            files["Content/p\(index).md"] = "---\ntitle: P\(index)\ndate: 2024-01-0\(index + 1)\n---\n\(text.split(separator: " ", maxSplits: 3).joined(separator: "\n"))\n"
        }
        let site = try TestSite(files, templates: .bare)
        defer { site.remove() }
        try await site.build()
        let feed = try site.output("atom.xml")
        func cut(_ text: String) -> String {
            let prefix = String(text.prefix(300))
            return String(prefix[..<(prefix.lastIndex(of: " ") ?? prefix.endIndex)]) + "…"
        }
        for text in [ascii, korean, combining] {
            #expect(cut(text).count <= 301)
            #expect(feed.contains("<summary>\(cut(text))</summary>"), "\(text.prefix(20))")
        }
        #expect(feed.contains("<summary>\(short)</summary>"))
    }

    @Test func noBaseURLNoFeed() async throws {
        let site = try TestSite(fixture: "hugo-site")
        defer { site.remove() }
        try site.write("title: Fruit stand\ntaxonomies: [tags, categories]\n", to: "Content/site.yml")
        try await site.build()
        #expect(!site.exists("atom.xml"))
        #expect(try !site.output("index.html").contains("atom.xml"))
    }

    /// A page without a description is summed up by its first paragraph: lines joined, cut at a
    /// space before the 300th character with "…".
    @Test func aLongFirstParagraphIsCutAtASpace() async throws {
        let words = (1...80).map { "word\($0)" }
        let paragraph = words[..<40].joined(separator: " ") + "\n" + words[40...].joined(separator: " ")
        let site = try TestSite([
            "Content/site.yml": "title: T\nbase_url: https://example.com/\n",
            "Content/index.md": "# Home\n",
            "Content/long.md": "---\ndate: 2024-01-01\n---\n# Long\n\n\(paragraph)\n",
            "Content/short.md": "---\ndate: 2024-01-02\n---\n# Short\n\nTwo\nlines, 고객 *ok*.\n",
        ])
        defer { site.remove() }
        try await site.build()
        let feed = try site.output("atom.xml")
        // "word1 " … "word9 " are 6 characters each, "word10 " … 7: 54 + 7 × 35 = 299 characters
        // reach the space after word44, so the cut keeps word1 … word44.
        #expect(feed.contains("<summary>" + words[..<44].joined(separator: " ") + "…</summary>"))
        #expect(feed.contains("<summary>Two lines, 고객 ok.</summary>"))
    }

    /// Issue 31: U+FFFE or U+FFFF in a title made `atom.xml` invalid XML. Characters XML 1.0
    /// forbids are left out of the feed and the sitemap; an XML parser reads both.
    @Test func charactersXMLForbidsAreLeftOut() async throws {
        let site = try TestSite([
            "Content/site.yml": "title: \"T\\uFFFFT\"\nbase_url: https://example.com/\n",
            "Content/index.md": "# Home\n",
            "Content/odd.md": "---\ndate: 2024-01-02\n---\n# A\u{FFFE}B\u{FFFF}C\u{1}D 🍎\n\nSome \u{FFFE}text.\n",
        ])
        defer { site.remove() }
        try await site.build()
        let feed = try site.output("atom.xml")
        #expect(feed.contains("<title>ABCD 🍎</title>"))
        #expect(feed.contains("<title>TT</title>"))
        for name in ["atom.xml", "sitemap.xml"] {
            let parser = XMLParser(data: Data(try site.output(name).utf8))
            #expect(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")")
        }
    }
}
