import Basics
import Foundation
import MarketReport
import ReportKit
import Testing

@Suite struct ReportTests {
    @Test func hostileProductDataComesOutInert() async throws {
        let content = TemporaryContent()
        try content.write("data/products.json", listJSON([
            productJSON(
                id: "1", name: "<script>alert(1)</script>", thumbnail: "javascript:alert(1)",
                vendor: "<b>vendor</b>", description: "<img src=x onerror=alert(2)>\nline two"),
            productJSON(id: "2", name: "\" onmouseover=\"alert(3)\u{7}\u{1B}", thumbnail: "data:image/svg+xml,<svg onload=alert(4)>"),
            productJSON(id: "\"../../x\"", name: "path escape"),
        ]))
        let report = try await content.run("source: data/products.json")
        let pages = report.pages.map(\.page).joined()
        // Inert as the partials draw it, and as the fallback without partials.
        for html in [report.page, pages, report.html, report.pages.map(\.html).joined()] {
            #expect(!html.contains("<script"))
            #expect(!html.contains("javascript:"))
            #expect(!html.contains("data:image"))
            #expect(!html.contains("<img src=x"))
            #expect(!html.contains("<b>"))
            #expect(!html.contains("\" onmouseover"))
        }
        #expect(report.page.contains("<span class=\"market-product-name\">&lt;script&gt;alert(1)&lt;/script&gt;</span>"))
        #expect(report.page.contains("role=\"img\" aria-label=\"No image: &lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(report.page.contains("&quot; onmouseover=&quot;alert(3)  </span>"))
        // Control characters never reach a page.
        #expect(!(report.page + pages).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let detail = try #require(report.pages.first { $0.path == "products/1" })
        #expect(detail.title == "<script>alert(1)</script>")
        #expect(detail.page.contains("&lt;img src=x onerror=alert(2)&gt;<br>line two"))
        #expect(detail.page.contains("&lt;b&gt;vendor&lt;/b&gt;"))
        #expect(report.markdown.contains("\\<script\\>alert(1)\\</script\\>"))
        // The id that is not a whole number never becomes a path.
        #expect(report.pages.map(\.path).sorted() == ["products/1", "products/2"])
        #expect(content.warnings.all.contains { $0.contains("skipped product \"path escape\": its id \"../../x\" is not a whole number") })
        #expect(content.warnings.all.contains { $0.contains("product 1: thumbnail \"javascript:alert(1)\" is not an http(s) URL or a file under the content folder; not shown") })
        #expect(content.warnings.all.allSatisfy { $0.hasPrefix("\(content.url.lastPathComponent)/market/catalogue.md:10: market: ") })
    }

    @Test func cardsShowPricesAndStock() async throws {
        let content = TemporaryContent()
        try content.write("data/images/kiwi.svg", "<svg/>")
        try content.write("data/products.json", listJSON([
            productJSON(id: "1", name: "키위", price: 12000, stock: 7, thumbnail: "data/images/kiwi.svg"),
            productJSON(id: "2", name: "망고", price: 12000, bargain: 11000, stock: 0, thumbnail: "https://img.example/m.png?a=1&b=2"),
            productJSON(id: "3", name: "lemonade", price: 12.5, currency: "USD", stock: 3),
        ]))
        let report = try await content.run("source: data/products.json")
        let html = report.page
        // Plain price and stock.
        #expect(html.contains("""
            <li class="market-product"><a class="market-product-link" href="products/1/index.html">\
            <img class="market-thumb" src="../../data/images/kiwi.svg" alt="" loading="lazy" decoding="async" width="240" height="240">\
            <span class="market-product-name">키위</span></a>
            <p class="market-price"><span class="market-price-now">KRW 12,000</span></p>
            <p class="market-stock">잔여수량 : 7</p></li>
            """))
        // Discounted and sold out: the list price struck through, then the sale price; 품절.
        #expect(html.contains("""
            <li class="market-product is-sold-out is-discounted">\
            <a class="market-product-link" href="products/2/index.html">\
            <img class="market-thumb" src="https://img.example/m.png?a=1&amp;b=2" alt="" loading="lazy" decoding="async" width="240" height="240">\
            <span class="market-product-name">망고</span></a>
            <p class="market-price"><del class="market-price-was"><span class="market-vh">Was </span>KRW 12,000</del> \
            <span class="market-price-now"><span class="market-vh">now </span>KRW 11,000</span></p>
            <p class="market-stock is-sold-out">품절</p></li>
            """))
        #expect(html.contains("<span class=\"market-price-now\">USD 12.50</span>"))
        #expect(html.contains("<div><dt>Price range (KRW)</dt><dd>KRW 11,000 – 12,000</dd></div>"))
        #expect(html.contains("<div><dt>Price range (USD)</dt><dd>USD 12.50</dd></div>"))
        #expect(report.headlines == ["3 products", "1 sold out"])
        #expect(report.markdown.contains("| 2 | [망고](products/2/index.md) | ~~KRW 12,000~~ KRW 11,000 | 품절 |"))
        #expect(report.markdown.contains("| 1 | [키위](products/1/index.md) | KRW 12,000 | 잔여수량 : 7 |"))
        // The toggle works without JavaScript: two radio inputs before the list.
        #expect(html.contains("<input type=\"radio\" class=\"market-toggle market-toggle-grid\" name=\"market-1-view\" id=\"market-1-view-grid\" checked>"))
        #expect(html.contains("<input type=\"radio\" class=\"market-toggle market-toggle-list\" name=\"market-1-view\" id=\"market-1-view-list\">"))
        #expect(!html.contains("<script"))
    }

    @Test func jsonAndCSVDownloads() async throws {
        let content = TemporaryContent()
        try content.write("data/products.json", listJSON([
            productJSON(id: "7", name: "딸기, 생과", price: 1.2345555E7, bargain: 1.2E7, stock: 0, thumbnail: "https://img.example/s.png", created: "2024-01-30T00:00:00.00"),
            productJSON(id: "8", name: "lime", price: 2.5, currency: "USD", stock: 4, vendor: nil),
        ]))
        let report = try await content.run("source: data/products.json")
        #expect(report.files.map(\.name) == ["market-1.csv", "market-1.json"])
        let json = String(decoding: report.files[1].contents, as: UTF8.self)
        #expect(json == """
            {
              "summary": {
                "products": 2,
                "soldOut": 1,
                "discounted": 1,
                "priceRange": {
                  "KRW": [
                    12000000,
                    12000000
                  ],
                  "USD": [
                    2.5,
                    2.5
                  ]
                }
              },
              "products": [
                {
                  "id": 7,
                  "name": "딸기, 생과",
                  "vendor": "과일가게",
                  "currency": "KRW",
                  "price": 12345555,
                  "bargainPrice": 12000000,
                  "discountedPrice": 345555,
                  "stock": 0,
                  "thumbnail": "https://img.example/s.png",
                  "createdAt": "2024-01-30T00:00:00"
                },
                {
                  "id": 8,
                  "name": "lime",
                  "vendor": null,
                  "currency": "USD",
                  "price": 2.5,
                  "bargainPrice": 2.5,
                  "discountedPrice": 0,
                  "stock": 4,
                  "thumbnail": null,
                  "createdAt": "2024-01-01T00:00:00"
                }
              ]
            }

            """)
        let csv = String(decoding: report.files[0].contents, as: UTF8.self)
        #expect(csv == "\u{FEFF}" + """
            id,name,vendor,currency,price,bargainPrice,discountedPrice,stock,thumbnail,createdAt
            7,"딸기, 생과",과일가게,KRW,12345555,12000000,345555,0,https://img.example/s.png,2024-01-30T00:00:00
            8,lime,,USD,2.5,2.5,0,4,,2024-01-01T00:00:00

            """)
        #expect(report.page.contains("<a href=\"market-1.csv\" download>CSV</a>"))
    }

    @Test func gridPagesAndDetailPages() async throws {
        let content = TemporaryContent()
        let products = (1...45).map { productJSON(id: String($0), name: "상품 \($0)", stock: $0 % 5) }
        try content.write("data/products.json", listJSON(products))
        let report = try await content.run("source: data/products.json\nper_page: 20")
        let grid = report.pages.filter { $0.path.hasPrefix("market-1/page/") }
        #expect(grid.map(\.path) == ["market-1/page/2", "market-1/page/3"])
        #expect(grid.map(\.title) == ["Products — page 2 of 3", "Products — page 3 of 3"])
        #expect(report.page.components(separatedBy: "<li class=\"market-product").count - 1 == 20)
        #expect(grid[0].page.components(separatedBy: "<li class=\"market-product").count - 1 == 20)
        #expect(grid[1].page.components(separatedBy: "<li class=\"market-product").count - 1 == 5)
        // Links are relative to each page's folder.
        #expect(report.page.contains("<a href=\"market-1/page/2/index.html\"><span class=\"market-vh\">Page </span>2</a>"))
        #expect(report.page.contains("<a href=\"index.html\" aria-current=\"page\"><span class=\"market-vh\">Page </span>1</a>"))
        #expect(report.page.contains("rel=\"next\" href=\"market-1/page/2/index.html\""))
        #expect(grid[0].page.contains("rel=\"prev\" href=\"../../../index.html\""))
        #expect(grid[0].page.contains("<a href=\"../../../market-1/page/3/index.html\"><span class=\"market-vh\">Page </span>3</a>"))
        #expect(grid[0].page.contains("href=\"../../../products/21/index.html\""))
        #expect(grid[1].markdown.contains("[상품 45](../../../products/45/index.md)"))
        // A detail page per product.
        let details = report.pages.filter { $0.path.hasPrefix("products/") }
        #expect(details.map(\.path) == (1...45).map { "products/\($0)" })
        #expect(details[0].page.contains("<p class=\"market-back\"><a href=\"../../index.html\">← Products</a></p>"))
        // 9 of 45 are sold out (stock = id % 5 == 0).
        #expect(report.headlines == ["45 products", "9 sold out"])
    }

    @Test func detailPagesHaveAGalleryWithDots() async throws {
        let content = TemporaryContent()
        try content.write("data/images/a.svg", "<svg/>")
        try content.write("data/images/b.svg", "<svg/>")
        try content.write("data/products.json", listJSON([productJSON(id: "5", name: "귤", thumbnail: "data/images/a.svg")]))
        try content.write("data/details.json", """
            [{"id": 5, "vendor_id": 1, "name": "귤", "description": "새콤달콤\\n\\n제주산", "thumbnail": "data/images/a.svg",
              "currency": "KRW", "price": 3000, "bargain_price": 2500, "discounted_price": 500, "stock": 3,
              "created_at": "2024-02-01T00:00:00", "issued_at": "2024-02-03T00:00:00.00",
              "images": [{"id": 1, "url": "data/images/a.svg", "thumbnail_url": "data/images/a.svg", "issued_at": "2024-02-01T00:00:00"},
                         {"id": 2, "url": "data/images/b.svg", "thumbnail_url": "data/images/b.svg", "issued_at": "2024-02-01T00:00:00"},
                         {"id": 3, "url": "javascript:alert(1)", "thumbnail_url": "nope", "issued_at": "2024-02-01T00:00:00"}],
              "vendors": {"id": 1, "name": "제주농장", "created_at": "2020-05-01T00:00:00"}}]
            """)
        let report = try await content.run("source: data/products.json\ndetails: data/details.json")
        let detail = try #require(report.pages.first { $0.path == "products/5" })
        #expect(detail.title == "귤")
        #expect(detail.page.contains("""
            <li class="market-slide" id="product-5-image-1"><img src="../../../../data/images/a.svg" alt="귤, image 1 of 2" decoding="async"></li>
            <li class="market-slide" id="product-5-image-2"><img src="../../../../data/images/b.svg" alt="귤, image 2 of 2" loading="lazy" decoding="async"></li>
            """))
        #expect(detail.page.contains("""
            <nav class="market-dots" aria-label="Images"><a href="#product-5-image-1"><span class="market-vh">Image 1 of 2</span></a>\
            <a href="#product-5-image-2"><span class="market-vh">Image 2 of 2</span></a></nav>
            """))
        #expect(detail.page.contains("<div><dt>Vendor</dt><dd>제주농장</dd></div>"))
        #expect(detail.page.contains("<div><dt>Listed</dt><dd>2024-02-01</dd></div>"))
        #expect(detail.page.contains("<div><dt>Updated</dt><dd>2024-02-03</dd></div>"))
        #expect(detail.page.contains("<div><dt>Discount</dt><dd>KRW 500</dd></div>"))
        #expect(detail.page.contains("<p class=\"market-description\">새콤달콤</p>\n<p class=\"market-description\">제주산</p>"))
        #expect(detail.markdown.contains("![귤, image 2](../../../../data/images/b.svg)"))
        #expect(!detail.page.contains("javascript:"))
        #expect(content.warnings.all.contains { $0.hasSuffix("product 5: image 3 \"javascript:alert(1)\" is not an http(s) URL or a file under the content folder; not shown") })
    }

    @Test func aSecondBlockOnThePageUsesItsOwnFolders() async throws {
        let content = TemporaryContent()
        try content.write("data/products.json", listJSON([productJSON(id: "3", name: "a")]))
        let report = try await content.run("source: data/products.json", pagePath: "shop.md", index: 1)
        #expect(report.pages.map(\.path) == ["market-2/products/3"])
        #expect(report.page.contains("href=\"market-2/products/3/index.html\""))
        #expect(report.pages[0].page.contains("<a href=\"../../../index.html\">← Products</a>"))
        #expect(report.page.contains("<section class=\"report report-market\" id=\"market-2\" aria-labelledby=\"market-2-title\">"))
    }

    @Test func searchStockAndSort() async throws {
        let content = TemporaryContent()
        try content.write("data/products.json", listJSON([
            productJSON(id: "1", name: "딸기 주스", price: 5000, stock: 0, created: "2024-01-03T00:00:00"),
            productJSON(id: "2", name: "Strawberry jam", price: 3000, bargain: 1500, stock: 2, created: "2024-01-05T00:00:00"),
            productJSON(id: "3", name: "딸기", price: 4000, bargain: 3600, stock: 9, created: "2024-01-04T00:00:00.00"),
            productJSON(id: "4", name: "바나나", price: 2000, stock: 0, created: "2024-01-01T00:00:00"),
        ]))
        func ids(_ yaml: String) async throws -> [String] {
            let report = try await content.run(yaml)
            return report.pages.map(\.path)
        }
        #expect(try await ids("source: data/products.json\nsearch: 딸기") == ["products/1", "products/3"])
        #expect(try await ids("source: data/products.json\nsearch: STRAW") == ["products/2"])
        #expect(try await ids("source: data/products.json\nstock: soldout") == ["products/1", "products/4"])
        #expect(try await ids("source: data/products.json\nstock: available") == ["products/2", "products/3"])
        #expect(try await ids("source: data/products.json\nsort: newest") == ["products/2", "products/3", "products/1", "products/4"])
        #expect(try await ids("source: data/products.json\nsort: price") == ["products/2", "products/4", "products/3", "products/1"])
        #expect(try await ids("source: data/products.json\nsort: discount") == ["products/2", "products/3", "products/1", "products/4"])
        let soldOut = try await content.run("source: data/products.json\nstock: soldout\ntitle: 품절 상품")
        #expect(soldOut.page.contains("<h2 id=\"market-1-title\">품절 상품</h2>"))
        #expect(soldOut.headlines == ["2 products", "2 sold out"])
    }

    @Test func yamlErrorsNameLineAndKey() async throws {
        let content = TemporaryContent()
        try content.write("data/products.json", listJSON([productJSON(id: "1", name: "a")]))
        try content.write("../outside-\(content.url.lastPathComponent).json", listJSON([]))
        defer { try? FileManager.default.removeItem(at: content.url.deletingLastPathComponent().appendingPathComponent("outside-\(content.url.lastPathComponent).json")) }
        func message(_ yaml: String) async -> String {
            do {
                _ = try await content.run(yaml)
                return "no error"
            } catch {
                return Diagnostics.from(error).map(\.description).joined(separator: "\n")
            }
        }
        #expect(await message("source: data/products.json\nsortt: price").hasPrefix(
            "line 12: unknown key \"sortt\" (did you mean \"sort\"?)"))
        #expect(await message("source: data/products.json\nper_page: 0") == "line 12: per_page must be an integer from 1 to 500, got 0")
        #expect(await message("source: data/products.json\nsort: cheapest") == "line 12: sort must be one of api, newest, price, discount, got \"cheapest\"")
        #expect(await message("source: ../outside-\(content.url.lastPathComponent).json")
            == "line 11: source must stay inside the content folder, got \"../outside-\(content.url.lastPathComponent).json\"")
        #expect(await message("source: /etc/passwd") == "line 11: source must be a path relative to the content folder, got \"/etc/passwd\"")
        #expect(await message("source: data/missing.json") == "line 11: source names a file that does not exist: data/missing.json")
        #expect(await message("per_page: 5") == "line 11: needs either source (a products file) or api (a market URL)")
        #expect(await message("source: data/products.json\napi: https://market.example.com") == "line 12: use either source or api, not both")
        #expect(await message("api: javascript:alert(1)").hasPrefix("line 11: api must be an http(s) URL"))
        #expect(await message("source: data/products.json\npages: 3") == "line 12: pages applies only with api")
        #expect(await message("api: https://market.example.com\npages: lots") == "line 12: pages must be all or a number from 1 to 500, got \"lots\"")
        #expect(await message("source: data/products.json\ndetails: true").hasPrefix("line 12: details with source must name a details file"))
        // Every problem at once.
        #expect(await message("source: data/products.json\nper_page: -1\nstock: none") == """
            line 12: per_page must be an integer from 1 to 500, got -1
            line 13: stock must be one of all, available, soldout, got "none"
            """)
        #expect(await message("source: [unclosed").contains(": invalid YAML: "))
    }

    @Test func badProductDataNamesTheFileAndJSONPath() async throws {
        let content = TemporaryContent()
        try content.write("data/products.json", #"{"pages": [{"id": 1, "name": "a", "currency": "KRW", "price": "free", "stock": 1}]}"#)
        await #expect(throws: Diagnostic(line: 11, "data/products.json: pages[0].price must be a number")) {
            try await content.run("source: data/products.json")
        }
    }
}
