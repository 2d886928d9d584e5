import Foundation
import ReportKit

/// The HTML of a product's detail page: a swipeable gallery (CSS scroll snap, with page dots that
/// are plain anchor links), the figures, the vendor and dates, and the description.
enum ProductDetailHTML {
    static func page(_ shown: ShownProduct, layout: MarketLayout, backTitle: String) -> String {
        let folder = layout.detailFolder(shown.id)
        let product = shown.product
        let name = HTML.escape(product.name)
        var out = "<div class=\"report report-market market-detail\" id=\"product-\(shown.id)\">\n"
        out += "<p class=\"market-back\"><a href=\"\(HTML.escape(layout.link(to: "", from: folder)))\">← \(HTML.escape(backTitle))</a></p>\n"
        out += gallery(shown, layout: layout, from: folder)
        out += "<h2>Details</h2>\n"
        out += "<p class=\"market-price\">\(ProductGridHTML.priceHTML(shown))</p>\n"
        out += "<p class=\"\(product.isSoldOut ? "market-stock is-sold-out" : "market-stock")\">\(HTML.escape(shown.stockText))</p>\n"
        out += HTML.figures(figures(shown))
        out += "<h2>Description</h2>\n"
        if let description = product.description?.trimmingCharacters(in: .whitespacesAndNewlines), !description.isEmpty {
            for paragraph in paragraphs(description) {
                out += "<p class=\"market-description\">\(paragraph.map(HTML.escape).joined(separator: "<br>"))</p>\n"
            }
        } else {
            out += "<p class=\"note\">No description for \(name).</p>\n"
        }
        out += "</div>\n"
        return out
    }

    /// Figures shown under the price: discount, vendor and dates.
    static func figures(_ shown: ShownProduct) -> [(label: String, value: String)] {
        let product = shown.product
        var items: [(label: String, value: String)] = [("Product number", String(shown.id))]
        if product.isDiscounted {
            items.append(("Discount", PriceText.format(product.discountedPrice, currency: product.currency)))
        }
        if let vendor = shown.vendorText { items.append(("Vendor", vendor)) }
        if let created = product.createdAt { items.append(("Listed", created.dayText)) }
        if let issued = product.issuedAt { items.append(("Updated", issued.dayText)) }
        if let since = product.vendor?.createdAt { items.append(("Vendor since", since.dayText)) }
        return items
    }

    static func gallery(_ shown: ShownProduct, layout: MarketLayout, from: String) -> String {
        let name = HTML.escape(shown.product.name)
        guard !shown.images.isEmpty else {
            return "<div class=\"market-gallery\"><span class=\"market-thumb market-thumb-missing\" role=\"img\" aria-label=\"No image: \(name)\">"
                + "<span aria-hidden=\"true\">🧺</span></span></div>\n"
        }
        let count = shown.images.count
        var out = "<div class=\"market-gallery\">\n<ul class=\"market-slides\">\n"
        for (index, image) in shown.images.enumerated() {
            let source = HTML.escape(layout.imageSource(image, from: from))
            let alt = count == 1 ? name : "\(name), image \(index + 1) of \(count)"
            let loading = index == 0 ? "" : " loading=\"lazy\""
            out += "<li class=\"market-slide\" id=\"product-\(shown.id)-image-\(index + 1)\"><img src=\"\(source)\" alt=\"\(alt)\"\(loading) decoding=\"async\"></li>\n"
        }
        out += "</ul>\n"
        if count > 1 {
            out += "<nav class=\"market-dots\" aria-label=\"Images\">"
            for index in 1...count {
                out += "<a href=\"#product-\(shown.id)-image-\(index)\"><span class=\"market-vh\">Image \(index) of \(count)</span></a>"
            }
            out += "</nav>\n"
        }
        out += "</div>\n"
        return out
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
