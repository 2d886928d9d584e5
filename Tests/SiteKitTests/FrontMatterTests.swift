import Basics
import Foundation
import ReportKit
import SiteKit
import Testing

@Suite("Front matter: dates, tags, taxonomies, extra")
struct FrontMatterTests {
    @Test func datesAreDaysOrISOTimesOrderedByTheirInstant() throws {
        let day = try PageDate("2024-01-30")
        #expect(day.instant == 1_706_572_800)
        #expect(day.rfc3339 == "2024-01-30T00:00:00Z")
        let seoul = try PageDate("2024-01-30T10:00:00+09:00")
        #expect(seoul.instant == 1_706_572_800 + 3600)
        #expect(seoul.rfc3339 == "2024-01-30T10:00:00+09:00")
        let spaced = try PageDate("2024-02-29 23:59")
        #expect(spaced.rfc3339 == "2024-02-29T23:59:00Z")
        #expect(try PageDate("1969-12-31T23:59:59.5Z").instant == -1)
        #expect(try PageDate("2024-01-30T01:00:00Z") == PageDate("2024-01-30T01:00:00Z"))
        let later = try PageDate("2024-01-30T02:00:00+00:00")
        #expect(day < seoul && seoul < later)
        for bad in ["2023-02-29", "2024-13-01", "2024-1-30", "2024-01-30T25:00", "2024-01-30T10:00+9", "30.01.2024", "2024-01-30Tx"] {
            #expect(throws: Diagnostic.self, "\(bad)") { try PageDate(bad) }
        }
    }

    @Test func aHugoStylePageReadsWithItsTaxonomiesAndExtra() throws {
        let yaml = """
        title: Mango day
        date: 2024-01-30T10:00:00+09:00
        tags: [mango, 재고]
        categories: Daily Notes
        draft: false
        extra:
          mood: sunny
          featured: true
          stock: {mango: 12}
          helpers: [Ana, ~]
        """
        let front = try FrontMatter(yaml: yaml, lineOffset: 1, taxonomies: ["tags", "categories"])
        #expect(front.tags == ["mango", "재고"])
        #expect(front.terms == ["tags": ["mango", "재고"], "categories": ["Daily Notes"]])
        #expect(front.date?.text == "2024-01-30T10:00:00+09:00")
        #expect(front.extra?["mood"] == .text("sunny"))
        #expect(front.extra?["featured"] == .bool(true))
        #expect(front.extra?["stock"]?["mango"] == .text("12"))
        #expect(front.extra?["helpers"] == .list([.text("Ana"), .null]))
    }

    /// Keys sitegen does not use are left out with a warning saying where they go; a taxonomy
    /// must be named in `site.yml` to be one.
    @Test func unknownKeysPointToExtraAndTaxonomiesMustBeNamed() throws {
        let front = try FrontMatter(yaml: "title: T\ncategories: [a]\nauthor: me\n", lineOffset: 1)
        #expect(front.terms["categories"] == nil)
        #expect(front.warnings.map(\.description) == [
            "line 3: key \"categories\" is not a sitegen key and is left out; to make it a taxonomy, list it in site.yml's taxonomies: [tags, categories]",
            "line 4: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
        ])
    }

    @Test func badTermsAndDeepExtraAreErrors() throws {
        do {
            _ = try FrontMatter(yaml: "tags: [ok, '  ', {a: b}]\n", lineOffset: 1)
            Issue.record("bad terms were accepted")
        } catch {
            #expect(Diagnostics.from(error).map(\.description) == [
                "line 2: tags[1] must be a term with a letter or digit, got \"  \"",
                "line 2: tags[2] must be text, got a mapping",
            ])
        }
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(throws: Diagnostic.self) { try FrontMatter(yaml: "extra: \(deep)\n", lineOffset: 1) }
    }

    @Test func siteConfigNamesTaxonomies() throws {
        #expect(try SiteConfig(yaml: "title: x\n").taxonomies == ["tags"])
        #expect(try SiteConfig(yaml: "taxonomies: [tags, categories, series]\n").taxonomies == ["tags", "categories", "series"])
        #expect(try SiteConfig(yaml: "taxonomies: []\n").taxonomies == [])
        do {
            _ = try SiteConfig(yaml: "taxonomies: [Tags, title]\n")
            Issue.record("bad taxonomy names were accepted")
        } catch {
            #expect(Diagnostics.from(error).map(\.description) == [
                "line 1: taxonomies[0] must be a name like tags or categories (lower-case letters, digits, - and _), got \"Tags\"",
            ])
        }
    }
}
