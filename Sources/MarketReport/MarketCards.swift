import ReportKit

/// A product as the grid shows it: a card drawn by the `product-card` partial, a table row in
/// Markdown, and the price as inline text.
enum MarketCards {
    /// The card of `shown` on the page in folder `from`. The partial sees `name`, `href`,
    /// `soldOut`, `discounted`, `image` (absent without a safe image), `missingImage`, `price`,
    /// `salePrice`, `was`, `now` and `stock`.
    static func card(_ shown: ShownProduct, layout: MarketLayout, from: String) -> Component {
        let product = shown.product
        var value: [(key: String, value: ComponentValue)] = [
            ("name", .text(product.name)),
            ("href", .text(layout.link(to: layout.detailFolder(shown.id), from: from))),
            ("soldOut", .flag(product.isSoldOut)),
            ("discounted", .flag(product.isDiscounted)),
        ]
        if let image = shown.thumbnail { value.append(("image", .text(layout.imageSource(image, from: from)))) }
        value += [
            ("missingImage", .text(MarketLabel.noImage.text(product.name))),
            ("price", .text(shown.priceText)),
            ("salePrice", .text(shown.bargainText)),
            ("was", .text(MarketLabel.was.text)),
            ("now", .text(MarketLabel.now.text)),
            ("stock", .text(shown.stockText)),
        ]
        let link = Inline.link([.text(product.name)], href: layout.link(to: layout.detailFolder(shown.id), from: from),
                               markdownHref: layout.markdownLink(to: layout.detailFolder(shown.id), from: from))
        return Component(name: "product-card", value: .object(value), fallback: [
            .paragraph(Paragraph([link])),
            .paragraph(price(shown)),
            .paragraph(stock(shown)),
        ])
    }

    /// The products as a table: number, name linking to the detail page, price, stock.
    static func table(_ products: some Sequence<ShownProduct>, layout: MarketLayout, from: String) -> Table {
        Table(
            caption: "",
            columns: [.init(MarketLabel.numberColumn.text, .number), .init(MarketLabel.productColumn.text),
                      .init(MarketLabel.priceColumn.text, .money), .init(MarketLabel.stockColumn.text)],
            rows: products.map { shown in
                let folder = layout.detailFolder(shown.id)
                return [
                    Table.Cell(String(shown.id)),
                    Table.Cell([.link([.text(shown.product.name)], href: layout.link(to: folder, from: from),
                                      markdownHref: layout.markdownLink(to: folder, from: from))]),
                    Table.Cell(priceText(shown)),
                    Table.Cell(shown.stockText),
                ]
            },
            hasRowHeaders: false)
    }

    /// `<p class="market-price">`: when discounted, the list price struck through (with words for
    /// screen readers) and then the sale price.
    static func price(_ shown: ShownProduct) -> Paragraph {
        Paragraph(priceText(shown), className: "market-price")
    }

    static func priceText(_ shown: ShownProduct) -> [Inline] {
        guard shown.product.isDiscounted else {
            return [.styled([.text(shown.priceText)], className: "market-price-now")]
        }
        return [
            .deleted([.spoken(MarketLabel.was.text, className: "market-vh"), .text(shown.priceText)], className: "market-price-was"),
            .text(" "),
            .styled([.spoken(MarketLabel.now.text, className: "market-vh"), .text(shown.bargainText)], className: "market-price-now"),
        ]
    }

    /// `잔여수량 : 7`, or `품절` styled as sold out.
    static func stock(_ shown: ShownProduct) -> Paragraph {
        Paragraph(shown.stockText, className: shown.product.isSoldOut ? "market-stock is-sold-out" : "market-stock")
    }
}
