import ReportKit

/// The HTML of a market report's grid pages: the view toggle (grid or list, pure CSS: radio
/// inputs and `:checked`), the product cards and the page links.
enum ProductGridHTML {
    /// One grid page's product list with its toggle and pager, for the page in folder `from`.
    static func grid(
        _ products: ArraySlice<ShownProduct>, page: Int, pageCount: Int, layout: MarketLayout, from: String
    ) -> String {
        let id = layout.blockID
        var out = "<div class=\"market-view\">\n"
        out += "<input type=\"radio\" class=\"market-toggle market-toggle-grid\" name=\"\(id)-view\" id=\"\(id)-view-grid\" checked>"
        out += "<label for=\"\(id)-view-grid\"><span aria-hidden=\"true\">▦ </span>Grid</label>\n"
        out += "<input type=\"radio\" class=\"market-toggle market-toggle-list\" name=\"\(id)-view\" id=\"\(id)-view-list\">"
        out += "<label for=\"\(id)-view-list\"><span aria-hidden=\"true\">☰ </span>List</label>\n"
        if products.isEmpty {
            out += "<p class=\"note market-empty\">No products to show.</p>\n"
        } else {
            out += "<ul class=\"market-products\">\n"
            for product in products {
                out += card(product, layout: layout, from: from)
            }
            out += "</ul>\n"
        }
        out += "</div>\n"
        out += pager(page: page, pageCount: pageCount, layout: layout, from: from)
        return out
    }

    /// One product card.
    static func card(_ shown: ShownProduct, layout: MarketLayout, from: String) -> String {
        let product = shown.product
        let name = HTML.escape(product.name)
        var classes = ["market-product"]
        if product.isSoldOut { classes.append("is-sold-out") }
        if product.isDiscounted { classes.append("is-discounted") }
        var out = "<li class=\"\(classes.joined(separator: " "))\">"
        out += "<a class=\"market-product-link\" href=\"\(HTML.escape(layout.link(to: layout.detailFolder(shown.id), from: from)))\">"
        out += thumbnail(shown, layout: layout, from: from)
        out += "<span class=\"market-product-name\">\(name)</span></a>\n"
        out += "<p class=\"market-price\">\(priceHTML(shown))</p>\n"
        out += "<p class=\"\(product.isSoldOut ? "market-stock is-sold-out" : "market-stock")\">\(HTML.escape(shown.stockText))</p>"
        out += "</li>\n"
        return out
    }

    /// The thumbnail, lazily loaded, with the product's name as alt text; a placeholder when
    /// there is no safe image.
    static func thumbnail(_ shown: ShownProduct, layout: MarketLayout, from: String) -> String {
        let name = HTML.escape(shown.product.name)
        guard let image = shown.thumbnail else {
            return "<span class=\"market-thumb market-thumb-missing\" role=\"img\" aria-label=\"No image: \(name)\">"
                + "<span aria-hidden=\"true\">🧺</span></span>"
        }
        let source = HTML.escape(layout.imageSource(image, from: from))
        return "<img class=\"market-thumb\" src=\"\(source)\" alt=\"\(name)\" loading=\"lazy\" decoding=\"async\" width=\"240\" height=\"240\">"
    }

    /// The price: when discounted, the list price struck through (with words for screen readers)
    /// and then the sale price.
    static func priceHTML(_ shown: ShownProduct) -> String {
        guard shown.product.isDiscounted else {
            return "<span class=\"market-price-now\">\(HTML.escape(shown.priceText))</span>"
        }
        return "<del class=\"market-price-was\"><span class=\"market-vh\">Was </span>\(HTML.escape(shown.priceText))</del> "
            + "<span class=\"market-price-now\"><span class=\"market-vh\">now </span>\(HTML.escape(shown.bargainText))</span>"
    }

    /// Links to every grid page, with previous and next; nothing when there is one page.
    static func pager(page: Int, pageCount: Int, layout: MarketLayout, from: String) -> String {
        guard pageCount > 1 else { return "" }
        func href(_ number: Int) -> String {
            HTML.escape(layout.link(to: layout.gridFolder(number), from: from))
        }
        var out = "<nav class=\"market-pager\" aria-label=\"Product pages\">"
        if page > 1 {
            out += "<a class=\"market-pager-step\" rel=\"prev\" href=\"\(href(page - 1))\">← Previous</a>"
        }
        out += "<ol>"
        for number in 1...pageCount {
            let current = number == page ? " aria-current=\"page\"" : ""
            out += "<li><a href=\"\(href(number))\"\(current)><span class=\"market-vh\">Page </span>\(number)</a></li>"
        }
        out += "</ol>"
        if page < pageCount {
            out += "<a class=\"market-pager-step\" rel=\"next\" href=\"\(href(page + 1))\">Next →</a>"
        }
        out += "</nav>\n"
        return out
    }
}
