import Foundation
import MarketReport
import SiteKit
import Testing

/// Report components (the product card, the gallery) are drawn by the site's partials, which a
/// site may override; without them the report shows the component's fallback.
@Suite("Component partials")
struct ComponentPartialTests {
    static let products = """
        {"pageNo": 1, "itemsPerPage": 1, "totalCount": 1, "lastPage": 1, "hasNext": false, "hasPrev": false,
         "pages": [{"id": 2, "vendor_id": 1, "vendorName": "농장", "name": "<img src=x onerror=alert(1)> *망고*",
                    "description": "달다", "thumbnail": "https://img.example/m.png?a=1&b=2", "currency": "KRW",
                    "price": 12000, "bargain_price": 11000, "discounted_price": 1000, "stock": 0,
                    "created_at": "2024-01-01T00:00:00", "issued_at": "2024-01-01T00:00:00"}]}
        """

    static func site(_ templates: TestSite.Templates) throws -> TestSite {
        var site = try TestSite([
            "Content/shop.md": "# Shop\n\n```market\nsource: data/products.json\n```\n",
            "Content/data/products.json": products,
        ], templates: templates)
        site.kinds = [MarketReportKind()]
        return site
    }

    @Test func theProjectPartialsDrawTheCardAndTheGallery() async throws {
        let site = try Self.site(.project)
        defer { site.remove() }
        try await site.build()
        let page = try site.output("shop/index.html")
        #expect(page.contains("""
            <ul class="market-products">
            <li class="market-product is-sold-out is-discounted"><a class="market-product-link" href="products/2/index.html">\
            <img class="market-thumb" src="https://img.example/m.png?a=1&amp;b=2" alt="" \
            loading="lazy" decoding="async" width="240" height="240"><span class="market-product-name">&lt;img src=x onerror=alert(1)&gt; *<span lang="ko">망고</span>*</span></a>
            <p class="market-price"><del class="market-price-was"><span class="market-vh">Was </span>KRW 12,000</del> \
            <span class="market-price-now"><span class="market-vh">now </span>KRW 11,000</span></p>
            <p class="market-stock is-sold-out"><span lang="ko">품절</span></p></li>
            </ul>
            """))
        let detail = try site.output("shop/products/2/index.html")
        #expect(detail.contains("""
            <div class="market-gallery">
            <ul class="market-slides">
            <li class="market-slide" id="product-2-image-1"><img src="https://img.example/m.png?a=1&amp;b=2" \
            alt="&lt;img src=x onerror=alert(1)&gt; *망고*" decoding="async"></li>
            </ul>
            </div>
            """))
        #expect(!page.contains("<img src=x") && !detail.contains("<img src=x"))
        // The `.md` twin shows the same product as text, escaped.
        let markdown = try site.output("shop/index.md")
        #expect(markdown.contains("| 2 | [\\<img src=x onerror=alert(1)\\> \\*망고\\*](products/2/index.md) | ~~KRW 12,000~~ KRW 11,000 | 품절 |"))
    }

    @Test func aSiteOverridesAPartial() async throws {
        let site = try Self.site(.project)
        defer { site.remove() }
        try site.write("<li class=\"my-card\">{{name}} — {{stock}}</li>\n", to: "Templates/partials/product-card.mustache")
        try await site.build()
        let page = try site.output("shop/index.html")
        #expect(page.contains("<ul class=\"market-products\">\n<li class=\"my-card\">&lt;img src=x onerror=alert(1)&gt; *<span lang=\"ko\">망고</span>* — <span lang=\"ko\">품절</span></li>\n</ul>"))
    }

    /// A site whose Templates/ has no partials gets the built-in ones, so its cards are the
    /// project's cards (the plain fallback is for output without templates: see ReportRendererTests).
    @Test func withoutPartialsTheBuiltInOnesDrawTheCards() async throws {
        let bare = try Self.site(.bare)
        defer { bare.remove() }
        try await bare.build()
        let project = try Self.site(.project)
        defer { project.remove() }
        try await project.build()
        let card = "<li class=\"market-product is-sold-out is-discounted\">"
        #expect(try bare.output("shop/index.html").contains(card))
        let cards = { (page: String) in page.components(separatedBy: "<ul class=\"market-products\">").last?.components(separatedBy: "</ul>").first }
        #expect(try cards(bare.output("shop/index.html")) == cards(project.output("shop/index.html")))
        #expect(try bare.output("shop/products/2/index.html").contains("<img src=\"https://img.example/m.png?a=1&amp;b=2\""))
    }
}
