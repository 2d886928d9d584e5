import Foundation
import OpenMarket
import ReportKit

/// A product's detail page: the gallery (drawn by the `gallery` partial: CSS scroll snap with page
/// dots that are plain anchor links), the price, stock and figures, and the description.
enum MarketDetail {
    static func document(_ shown: ShownProduct, layout: MarketLayout, backTitle: String) -> ReportDocument {
        let folder = layout.detailFolder(shown.id)
        let product = shown.product
        var body: [ReportNode] = [
            .paragraph(Paragraph(
                [.link([.text(MarketLabel.back.text(backTitle))],
                       href: layout.link(to: "", from: folder), markdownHref: layout.markdownLink(to: "", from: folder))],
                className: "market-back")),
            .component(gallery(shown, layout: layout, from: folder)),
            .heading(MarketLabel.details.text),
            .paragraph(MarketCards.price(shown)),
            .paragraph(MarketCards.stock(shown)),
            .figures(figures(shown)),
            .heading(MarketLabel.description.text),
        ]
        if let description = product.description?.trimmingCharacters(in: .whitespacesAndNewlines), !description.isEmpty {
            for paragraph in paragraphs(description) {
                let lines = paragraph.map { Inline.text($0) }
                body.append(.paragraph(Paragraph(Array(lines.map { [$0] }.joined(separator: [.lineBreak])), className: "market-description")))
            }
        } else {
            body.append(.paragraph(Paragraph(MarketLabel.noDescription.text(product.name), className: "note")))
        }
        return ReportDocument(kind: "market", id: "product-\(shown.id)", container: .division, classes: ["market-detail"], body: body)
    }

    /// Figures shown under the price: number, discount, vendor and dates.
    static func figures(_ shown: ShownProduct) -> [Figure] {
        let product = shown.product
        var items = [Figure(MarketLabel.productNumber.text, String(shown.id))]
        if product.isDiscounted {
            items.append(Figure(MarketLabel.discount.text, PriceText.format(product.discountedPrice, currency: product.currency)))
        }
        if let vendor = shown.vendorText { items.append(Figure(MarketLabel.vendor.text, vendor)) }
        if let created = product.createdAt { items.append(Figure(MarketLabel.listed.text, Self.dayText(created))) }
        if let issued = product.issuedAt { items.append(Figure(MarketLabel.updated.text, Self.dayText(issued))) }
        if let since = product.vendor?.createdAt { items.append(Figure(MarketLabel.vendorSince.text, Self.dayText(since))) }
        return items
    }

    /// A day as the interface writes dates: `2024-03-02`, `2024년 3월 2일`.
    static func dayText(_ date: MarketDate) -> String {
        let padded = date.dayText.split(separator: "-").map(String.init)
        return MarketLabel.day.text(padded[0], padded[1], padded[2], String(date.month), String(date.day))
    }

    /// The gallery of the page in folder `from`. The partial sees `images` (each with `id`, `src`,
    /// `alt`, `lazy`, `dot`), `hasImages`, `hasDots`, `dotsLabel` and `missingImage`; Markdown
    /// shows the images one per line.
    static func gallery(_ shown: ShownProduct, layout: MarketLayout, from: String) -> Component {
        let name = shown.product.name
        let count = shown.images.count
        let images: [ComponentValue] = shown.images.enumerated().map { index, image in
            .object([
                ("id", .text("product-\(shown.id)-image-\(index + 1)")),
                ("src", .text(layout.imageSource(image, from: from))),
                ("alt", .text(count == 1 ? name : MarketLabel.imageAlt.text(name, String(index + 1), String(count)))),
                ("lazy", .flag(index > 0)),
                ("dot", .text(MarketLabel.imageOf.text(String(index + 1), String(count)))),
            ])
        }
        return Component(
            name: "gallery",
            value: .object([
                ("images", .list(images)),
                ("hasImages", .flag(count > 0)),
                ("hasDots", .flag(count > 1)),
                ("dotsLabel", .text(MarketLabel.images.text)),
                ("missingImage", .text(MarketLabel.noImage.text(name))),
            ]),
            fallback: [.images(shown.images.enumerated().map { index, image in
                Image(source: layout.imageSource(image, from: from), alt: MarketLabel.imageNumber.text(name, String(index + 1)))
            })])
    }

    /// Paragraphs split at blank lines, each as its lines.
    static func paragraphs(_ text: String) -> [[String]] {
        var result: [[String]] = []
        var current: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                if !current.isEmpty { result.append(current) }
                current = []
            } else {
                current.append(trimmed)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
