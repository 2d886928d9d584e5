import Foundation
import ReportKit

/// The Markdown of a market report and of its extra pages, for the `.md` reports.
enum MarketMarkdown {
    /// Escapes text for inline Markdown (also `~`, which would strike text through).
    static func escape(_ text: String) -> String {
        MarkdownText.escape(text).replacingOccurrences(of: "~", with: "\\~")
    }

    /// The price: `~~KRW 12,000~~ KRW 11,000` when discounted.
    static func price(_ shown: ShownProduct) -> String {
        shown.product.isDiscounted ? "~~\(shown.priceText)~~ \(shown.bargainText)" : shown.priceText
    }

    /// A table of products, each name linking to its detail page's `index.md`.
    static func table(_ products: some Sequence<ShownProduct>, layout: MarketLayout, from: String) -> String {
        var out = "| No. | Product | Price | Stock |\n| ---: | --- | ---: | --- |\n"
        for shown in products {
            let link = layout.markdownLink(to: layout.detailFolder(shown.id), from: from)
            out += "| \(shown.id) | [\(escape(shown.product.name))](\(link)) | \(price(shown)) | \(escape(shown.stockText)) |\n"
        }
        return out
    }

    static func detail(_ shown: ShownProduct, layout: MarketLayout, backTitle: String) -> String {
        let folder = layout.detailFolder(shown.id)
        let product = shown.product
        var out = "[← \(escape(backTitle))](\(layout.markdownLink(to: "", from: folder)))\n\n"
        for (index, image) in shown.images.enumerated() {
            out += "![\(escape(product.name)), image \(index + 1)](\(layout.imageSource(image, from: folder)))\n"
        }
        if !shown.images.isEmpty { out += "\n" }
        out += "### Details\n\n"
        out += MarkdownText.figures(
            [("Price", price(shown)), ("Stock", shown.stockText)] + ProductDetailHTML.figures(shown)
        ) + "\n"
        out += "### Description\n\n"
        if let description = product.description?.trimmingCharacters(in: .whitespacesAndNewlines), !description.isEmpty {
            out += ProductDetailHTML.paragraphs(description).map { $0.map(escape).joined(separator: " ") }.joined(separator: "\n\n")
            out += "\n"
        } else {
            out += "No description.\n"
        }
        return out
    }
}
