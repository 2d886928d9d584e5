import Foundation
import ReportKit

/// Turns a loaded catalogue into the block's report document: the first grid page (with summary
/// figures, notes and downloads), further grid pages, a detail page per product, the CSV and JSON
/// files, and the dashboard headlines.
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
        Report(try document())
    }

    /// The whole report as one document, extra pages included.
    public func document() throws -> ReportDocument {
        let csvName = "\(layout.blockID).csv", jsonName = "\(layout.blockID).json"
        let summary = catalogue.summary
        return ReportDocument(
            kind: "market", id: layout.blockID, title: catalogue.options.title,
            body: [.figures(summary.figures), .paragraph(Paragraph(sourceNote, className: "note"))]
                + grid(page: 1, from: "")
                + [.downloads([Download(MarketLabel.csv.text, file: csvName), Download(MarketLabel.json.text, file: jsonName)])],
            headlines: summary.headlines,
            card: summary.card,
            files: [
                ReportFile(name: csvName, text: try MarketCSV.document(catalogue)),
                ReportFile(name: jsonName, text: try MarketDocument(catalogue).json()),
            ],
            pages: gridPages() + detailPages()
        )
    }

    /// The console's document: the figures, the note and every product in one table.
    func consoleDocument() -> ReportDocument {
        ReportDocument(
            kind: "market", id: layout.blockID, title: catalogue.options.title,
            body: [
                .figures(catalogue.summary.figures), .paragraph(Paragraph(sourceNote)),
                .table(MarketCards.table(catalogue.products, layout: layout, from: "")),
            ])
    }

    /// What the report shows, in words: source, search, filter and order.
    var sourceNote: String {
        let options = catalogue.options
        var parts: [String] = []
        switch options.source {
        case .file(_, let shown): parts.append(MarketLabel.from.text(shown))
        case .api(let url): parts.append(MarketLabel.from.text(url.absoluteString))
        }
        if let search = options.search { parts.append(MarketLabel.search.text(search)) }
        switch options.stock {
        case .all: break
        case .available: parts.append(MarketLabel.inStockOnly.text)
        case .soldout: parts.append(MarketLabel.soldOutOnly.text)
        }
        switch options.sort {
        case .api: break
        case .newest: parts.append(MarketLabel.newestFirst.text)
        case .price: parts.append(MarketLabel.cheapestFirst.text)
        case .discount: parts.append(MarketLabel.biggestDiscountFirst.text)
        }
        parts.append(MarketLabel.perPage.text(String(options.perPage)))
        return parts.joined(separator: " · ") + MarketLabel.sourceNoteEnd.text
    }

    /// Grid page `page`, for the page in folder `from`: the cards and the pager. Markdown shows a
    /// table instead: of every product on the first page (the block's page), of the page's
    /// products on the others.
    func grid(page: Int, from: String) -> [ReportNode] {
        let shown = products(onPage: page)
        let listed = page == 1 ? catalogue.products[...] : shown
        return [
            .cards(CardList(
                id: layout.blockID, classPrefix: "market",
                cards: shown.map { MarketCards.card($0, layout: layout, from: from) },
                emptyText: MarketLabel.noProducts.text,
                fallback: listed.isEmpty ? [] : [.table(MarketCards.table(listed, layout: layout, from: from))])),
            .pager(Pager(
                label: MarketLabel.productPages.text, classPrefix: "market", current: page,
                links: (1...pageCount).map { layout.link(to: layout.gridFolder($0), from: from) })),
        ]
    }

    func gridPages() -> [ReportDocumentPage] {
        guard pageCount > 1 else { return [] }
        let title = catalogue.options.title
        return (2...pageCount).map { number in
            let folder = layout.gridFolder(number)
            let back = Paragraph(
                [.link([.text(MarketLabel.backToFirstPage.text(title))],
                       href: layout.link(to: "", from: folder), markdownHref: layout.markdownLink(to: "", from: folder))],
                className: "market-back")
            return ReportDocumentPage(
                path: folder,
                title: MarketLabel.pageTitle.text(title, String(number), String(pageCount)),
                document: ReportDocument(
                    kind: "market", id: layout.blockID, container: .division,
                    body: [.paragraph(back)] + grid(page: number, from: folder)))
        }
    }

    func detailPages() -> [ReportDocumentPage] {
        catalogue.products.map { shown in
            ReportDocumentPage(
                path: layout.detailFolder(shown.id),
                title: shown.product.name,
                document: MarketDetail.document(shown, layout: layout, backTitle: catalogue.options.title))
        }
    }
}
