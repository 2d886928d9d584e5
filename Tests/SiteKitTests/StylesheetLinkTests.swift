import BuiltInKinds
import Foundation
import ReportKit
import SiteKit
import Testing

@Suite("Stylesheet links: each page loads the site's and those of the kinds it shows")
struct StylesheetLinkTests {
    /// A kind with a stylesheet, a script and an extra page below its page.
    struct ShelfKind: ReportKind {
        let name = "shelf"
        let builtIn = BuiltInFiles(["assets/shelf.css": ".shelf {}\n", "assets/shelf.js": "// shelf\n"])

        func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
            let item = ReportDocument(kind: name, id: "\(block.id)-item", container: .division, body: [.paragraph(Paragraph("an item"))])
            return Report(ReportDocument(
                kind: name, id: block.id, title: "Shelf", body: [.paragraph(Paragraph("a shelf"))],
                pages: [ReportDocumentPage(path: "items/1", title: "Item", document: item)]
            ))
        }
    }

    /// The stylesheets and scripts a page links, by name without the hash (`site.css`).
    static func links(_ html: String) -> [String] {
        html.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "assets/") else { return nil }
            guard line.hasPrefix("<link rel=\"stylesheet\"") || line.hasPrefix("<script src=") else { return nil }
            let name = line[start.upperBound...].prefix { $0 != "\"" }
            let parts = name.split(separator: ".")
            return "\(parts[0]).\(parts[parts.count - 1])"
        }
    }

    @Test func aPageLinksTheSheetsOfTheKindsItShowsAndNoOthers() async throws {
        var site = try TestSite([
            "Content/index.md": "# Home\n\n[tape](tape.md), [both](both.md)\n",
            "Content/tape.md": "# Tape\n\n```calc\n1 + 2\n```\n",
            "Content/both.md": "# Both\n\n```shelf\n```\n\n```calc\n3 × 4\n```\n",
            "Content/plain.md": "# Plain\n",
            "Content/site.yml": "title: Links\nbase_url: https://example.com/\n",
        ], templates: .none)
        defer { site.remove() }
        site.kinds = BuiltInKinds.all + [ShelfKind()]
        try await site.build()

        #expect(Self.links(try site.output("tape/index.html")) == ["site.css", "calc.css", "charts.js", "sort.js"])
        #expect(Self.links(try site.output("both/index.html")) == ["site.css", "calc.css", "shelf.css", "charts.js", "shelf.js", "sort.js"])
        // An extra page shows only the report that made it.
        #expect(Self.links(try site.output("both/items/1/index.html")) == ["site.css", "shelf.css", "charts.js", "shelf.js", "sort.js"])
        // The home page's cards, the search page, the 404 page and plain pages need the site's only.
        for page in ["index.html", "plain/index.html", "search/index.html", "404.html"] {
            #expect(Self.links(try site.output(page)) == ["site.css", "charts.js", "sort.js"], "\(page)")
        }
        // Every kind's assets are written all the same.
        let assets = try site.snapshot().keys.filter { $0.hasPrefix("assets/") }.map { String($0.split(separator: ".")[0]) }.sorted()
        #expect(assets == ["assets/bank", "assets/calc", "assets/charts", "assets/data", "assets/juice", "assets/market", "assets/shelf", "assets/shelf", "assets/site", "assets/sort"])
    }

    /// A site's file replaces a kind's stylesheet and is linked where the kind's was; a stylesheet
    /// of the site's own is linked everywhere.
    @Test func aSitesStylesheetsReplaceAKindsOrJoinTheSites() async throws {
        var site = try TestSite([
            "Content/index.md": "# Home\n",
            "Content/tape.md": "# Tape\n\n```calc\n1 + 2\n```\n",
            "Templates/assets/calc.css": ".calc-tape { color: teal; }\n",
            "Templates/assets/brand.css": "body { color: navy; }\n",
        ], templates: .none)
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        try await site.build()
        #expect(Self.links(try site.output("tape/index.html")) == ["site.css", "brand.css", "calc.css", "charts.js", "sort.js"])
        #expect(Self.links(try site.output("index.html")) == ["site.css", "brand.css", "charts.js", "sort.js"])
        let calc = try #require(try site.snapshot().first { $0.key.hasPrefix("assets/calc.") })
        #expect(String(decoding: calc.value, as: UTF8.self) == ".calc-tape { color: teal; }\n")
    }
}
