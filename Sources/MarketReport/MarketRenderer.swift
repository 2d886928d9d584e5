import Foundation
import ReportKit

/// Turns a loaded catalogue into the block's report: the first grid page (with summary figures,
/// notes and downloads), further grid pages, a detail page per product, the CSV and JSON files,
/// and the dashboard headlines.
public struct MarketRenderer: Sendable {
    public var catalogue: MarketCatalogue
    public var layout: MarketLayout

    public init(catalogue: MarketCatalogue, layout: MarketLayout) {
        self.catalogue = catalogue
        self.layout = layout
    }

    /// Number of grid pages (at least one, which may be empty).
    public var pageCount: Int {
        max(1, (catalogue.products.count + catalogue.options.perPage - 1) / catalogue.options.perPage)
    }

    /// The products on grid page `number` (1-based).
    public func products(onPage number: Int) -> ArraySlice<ShownProduct> {
        let perPage = catalogue.options.perPage
        let start = min(catalogue.products.count, (number - 1) * perPage)
        return catalogue.products[start..<min(catalogue.products.count, start + perPage)]
    }

    public func report() throws -> Report {
        let options = catalogue.options
        let summary = catalogue.summary
        let csvName = "\(layout.blockID).csv", jsonName = "\(layout.blockID).json"
        let files = [
            ReportFile(name: csvName, text: MarketCSV.document(catalogue)),
            ReportFile(name: jsonName, text: try MarketDocument(catalogue).json()),
        ]

        var html = "<section class=\"report report-market\" id=\"\(HTML.escape(layout.blockID))\">\n"
        html += "<h2>\(HTML.escape(options.title))</h2>\n"
        html += HTML.figures(summary.figures)
        html += "<p class=\"note\">\(HTML.escape(sourceNote))</p>\n"
        html += ProductGridHTML.grid(products(onPage: 1), page: 1, pageCount: pageCount, layout: layout, from: "")
        html += HTML.downloads([("CSV", csvName), ("JSON", jsonName)])
        html += "</section>\n"

        var markdown = "### \(MarketMarkdown.escape(options.title))\n\n"
        markdown += MarkdownText.figures(summary.figures) + "\n"
        markdown += MarketMarkdown.escape(sourceNote) + "\n\n"
        if !catalogue.products.isEmpty {
            markdown += MarketMarkdown.table(catalogue.products, layout: layout, from: "") + "\n"
        }
        markdown += "Download: [CSV](\(csvName)) · [JSON](\(jsonName))\n"

        return Report(html: html, markdown: markdown, files: files, headlines: summary.headlines, pages: gridPages() + detailPages())
    }

    /// What the report shows, in words: source, search, filter and order.
    var sourceNote: String {
        let options = catalogue.options
        var parts: [String] = []
        switch options.source {
        case .file(_, let shown): parts.append("From \(shown)")
        case .api(let url): parts.append("From \(url.absoluteString)")
        }
        if let search = options.search { parts.append("search “\(search)”") }
        switch options.stock {
        case .all: break
        case .available: parts.append("in stock only")
        case .soldout: parts.append("sold out only")
        }
        switch options.sort {
        case .api: break
        case .newest: parts.append("newest first")
        case .price: parts.append("cheapest first")
        case .discount: parts.append("biggest discount first")
        }
        parts.append("\(options.perPage) per page")
        return parts.joined(separator: " · ") + ". Prices are sale prices; a discounted product shows its list price struck through."
    }

    func gridPages() -> [ReportPage] {
        guard pageCount > 1 else { return [] }
        let title = catalogue.options.title
        return (2...pageCount).map { number in
            let folder = layout.gridFolder(number)
            let heading = "\(title) — page \(number) of \(pageCount)"
            var html = "<div class=\"report report-market\" id=\"\(HTML.escape(layout.blockID))\">\n"
            html += "<p class=\"market-back\"><a href=\"\(HTML.escape(layout.link(to: "", from: folder)))\">← \(HTML.escape(title)), page 1</a></p>\n"
            html += ProductGridHTML.grid(products(onPage: number), page: number, pageCount: pageCount, layout: layout, from: folder)
            html += "</div>\n"
            var markdown = "[← \(MarketMarkdown.escape(title)), page 1](\(layout.markdownLink(to: "", from: folder)))\n\n"
            markdown += MarketMarkdown.table(products(onPage: number), layout: layout, from: folder)
            return ReportPage(path: folder, title: heading, html: html, markdown: markdown)
        }
    }

    func detailPages() -> [ReportPage] {
        let title = catalogue.options.title
        return catalogue.products.map { shown in
            ReportPage(
                path: layout.detailFolder(shown.id),
                title: shown.product.name,
                html: ProductDetailHTML.page(shown, layout: layout, backTitle: title),
                markdown: MarketMarkdown.detail(shown, layout: layout, backTitle: title)
            )
        }
    }
}
