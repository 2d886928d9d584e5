import Basics
import Foundation
import MarketReport
import ReportKit
import Testing

/// `sitegen market`'s library side: options from flags, text output.
@Suite struct ConsoleTests {
    @Test func textOutputListsEveryProduct() async throws {
        let content = TemporaryContent()
        try content.write("products.json", listJSON([
            productJSON(id: "7", name: "딸기", price: 12000, bargain: 11000, stock: 0),
            productJSON(id: "12", name: "line\u{1B}[31mred", price: 2.5, currency: "USD", stock: 3),
        ]))
        let options = try MarketConsole.options(
            source: "products.json", api: nil, itemsPerPage: 20, pages: "all", search: nil, details: false,
            detailsFile: nil, currentDirectory: content.url)
        let catalogue = try await MarketConsole.load(
            options, cacheDirectory: content.url, offline: false, refresh: false, timeout: 10, imageRoot: nil, warn: { _ in })
        #expect(try MarketConsole.report(catalogue).output(.text) == """
            Products

            Products: 2
            Sold out: 1
            Discounted: 1
            Price range (KRW): KRW 11,000
            Price range (USD): USD 2.50

            From products.json · 20 per page. Prices are sale prices; a discounted product shows its list price struck through.

            No.  Product                           Price  Stock
            ---  ------------  -------------------------  ------------
              7  딸기          ~~KRW 12,000~~ KRW 11,000  품절
             12  line [31mred                   USD 2.50  잔여수량 : 3

            """)
        #expect(try MarketConsole.report(catalogue).output(.json).hasPrefix("{\n  \"summary\": {\n    \"products\": 2,"))
    }

    @Test func flagErrorsNameTheFlag() {
        let here = FileManager.default.temporaryDirectory
        func message(source: String? = nil, api: String? = nil, itemsPerPage: Int = 20, pages: String = "all",
                     details: Bool = false, detailsFile: String? = nil) -> String {
            do {
                _ = try MarketConsole.options(
                    source: source, api: api, itemsPerPage: itemsPerPage, pages: pages, search: nil, details: details,
                    detailsFile: detailsFile, currentDirectory: here)
                return "no error"
            } catch {
                return Diagnostics.from(error).map(\.description).joined(separator: "\n")
            }
        }
        #expect(message() == "give --source FILE or --api URL")
        #expect(message(source: "a.json", api: "https://x.example") == "give --source or --api, not both")
        #expect(message(source: "no-such-\(UUID().uuidString).json").hasPrefix("--source: no such file: no-such-"))
        #expect(message(api: "file:///etc/passwd") == "--api must be an http(s) URL without query, like https://market.example.com, got \"file:///etc/passwd\"")
        #expect(message(api: "https://x.example", itemsPerPage: 0) == "--items-per-page must be an integer from 1 to 1,000, got 0")
        #expect(message(api: "https://x.example", pages: "many") == "--pages must be all or a number from 1 to 500, got \"many\"")
        #expect(message(api: "https://x.example", pages: "3") == "no error")
        #expect(message(api: "https://x.example", details: true) == "no error")
    }
}

/// The example site's catalogue in Content/: it loads offline, with every image a file that exists.
@Suite struct SampleCatalogueTests {
    static let content = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Content")

    @Test func sampleCatalogueLoadsWithLocalImages() async throws {
        let block = ReportBlock(
            kind: "market", source: "source: data/products.json\ndetails: data/product-details.json\nper_page: 12",
            pagePath: "market/index.md", line: 1, index: 0)
        let warnings = WarningLog()
        let context = ReportContext(
            contentDirectory: Self.content, cacheDirectory: FileManager.default.temporaryDirectory, offline: true,
            warn: { warnings.add($0) })
        let report = try await MarketReportKind().run(block, context: context)
        #expect(warnings.all.isEmpty)
        #expect(report.headlines == ["40 products", "6 sold out"])
        #expect(report.pages.filter { $0.path.hasPrefix("products/") }.count == 40)
        #expect(report.pages.filter { $0.path.hasPrefix("market-1/page/") }.map(\.path) == ["market-1/page/2", "market-1/page/3", "market-1/page/4"])
        // Page 1 shows the juices; images are linked relative to the page (market/ is one folder deep).
        #expect(report.page.contains("src=\"../data/images/juice-red.svg\""))
        // The one product without a picture gets the placeholder on its detail page.
        let basket = try #require(report.pages.first { $0.path == "products/216" })
        #expect(basket.page.contains("market-thumb-missing"))
        let mixed = try #require(report.pages.first { $0.path == "products/307" })
        #expect(mixed.page.components(separatedBy: "class=\"market-slide\"").count - 1 == 3)
        #expect(mixed.page.contains("src=\"../../../data/images/blueberry.svg\""))
        #expect(mixed.page.contains("<span class=\"market-price-now\">USD 12.90</span>"))
    }
}
