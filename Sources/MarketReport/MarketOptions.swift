import Basics
import Foundation
import OpenMarket
import ReportKit

/// What a `market` block (or `sitegen market`) asks for: where the products come from, which of
/// them to show and how.
public struct MarketOptions: Sendable, Equatable {
    /// Where the products come from.
    public enum Source: Sendable, Equatable {
        /// A list response saved as a file; `shown` is the path as the user wrote it.
        case file(URL, shown: String)
        /// An open market API's base URL.
        case api(URL)
    }

    /// Where product details (images, vendor, description) come from.
    public enum Details: Sendable, Equatable {
        /// No details: cards and detail pages use the list data.
        case none
        /// `GET {api}/api/products/{id}` for each shown product.
        case fetch
        /// A JSON array of detail responses, for a local catalogue.
        case file(URL, shown: String)
    }

    public var source: Source
    /// The line of `source:` or `api:` in the page, for errors about loading.
    public var sourceLine: Int?
    /// `items_per_page` sent to the API.
    public var itemsPerPage: Int
    /// List pages to fetch; nil for all of them.
    public var pages: Int?
    /// A search term: sent to the API as `search_value`; for a file, products whose name
    /// contains it (ignoring case) are kept.
    public var search: String?
    public var details: Details
    /// Products per grid page on the site.
    public var perPage: Int
    public var sort: MarketSort
    public var stock: StockFilter
    /// The report's heading.
    public var title: String

    public init(
        source: Source, itemsPerPage: Int = 20, pages: Int? = nil, search: String? = nil, details: Details = .none,
        perPage: Int = 20, sort: MarketSort = .api, stock: StockFilter = .all, title: String = "Products"
    ) {
        self.source = source
        self.itemsPerPage = itemsPerPage
        self.pages = pages
        self.search = search
        self.details = details
        self.perPage = perPage
        self.sort = sort
        self.stock = stock
        self.title = title
    }

    /// The keys a block may use.
    public static let keys = [
        "source", "api", "items_per_page", "pages", "search", "details", "per_page", "sort", "stock", "title",
    ]

    /// Most list pages a block may ask for.
    public static let maxPages = 500

    /// Reads a block's YAML (SPEC §5.3). Every problem is reported with its line and key, all at once.
    /// - Parameters:
    ///   - lineOffset: added to the body's 1-based lines to give lines in the page.
    ///   - contentDirectory: `source` and a `details` file are relative to it and must stay inside it.
    public static func parse(_ yaml: String, lineOffset: Int, contentDirectory: URL) throws -> MarketOptions {
        var problems = DiagnosticCollector()
        let root = try ScenarioNode.parse(yaml, lineOffset: lineOffset, problems: &problems)
        let map = try root.mapping(allowed: keys, problems: &problems)

        let sourceNode = map["source"], apiNode = map["api"]
        var source: Source?
        switch (sourceNode, apiNode) {
        case (nil, nil):
            problems.add(root.error("needs either source (a products file) or api (a market URL)"))
        case (let file?, let api?):
            problems.add(Diagnostic(line: api.line ?? file.line, "use either source or api, not both"))
        case (let file?, nil):
            source = problems.attempt { try contentFile(file, contentDirectory: contentDirectory) }.map { .file($0.url, shown: $0.shown) }
        case (nil, let api?):
            source = problems.attempt { try apiURL(api) }.map { .api($0) }
        }
        let isAPI = apiNode != nil && sourceNode == nil

        var options = MarketOptions(source: source ?? .api(contentDirectory))
        options.sourceLine = (apiNode ?? sourceNode)?.line
        if let node = map["items_per_page"] {
            if isAPI {
                problems.attempt { options.itemsPerPage = try node.int(in: 1...1000) }
            } else {
                problems.add(node.error("applies only with api"))
            }
        }
        if let node = map["pages"] {
            if !isAPI {
                problems.add(node.error("applies only with api"))
            } else if (try? node.string()) == "all" {
                options.pages = nil
            } else {
                problems.attempt {
                    do {
                        options.pages = try node.int(in: 1...maxPages)
                    } catch {
                        throw node.error("must be all or a number from 1 to \(maxPages), got \(node.shownValue)")
                    }
                }
            }
        }
        if let node = map["search"] {
            problems.attempt {
                let text = try node.string().trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { throw node.error("must not be empty") }
                guard text.count <= 100 else { throw node.error("must be at most 100 characters") }
                options.search = text
            }
        }
        if let node = map["details"] {
            problems.attempt {
                if isAPI {
                    options.details = try node.bool() ? .fetch : .none
                } else if let flag = try? node.bool() {
                    if flag { throw node.error("with source must name a details file (a JSON list of product details), got true") }
                    options.details = .none
                } else {
                    let file = try contentFile(node, contentDirectory: contentDirectory)
                    options.details = .file(file.url, shown: file.shown)
                }
            }
        }
        if let node = map["per_page"] {
            problems.attempt { options.perPage = try node.int(in: 1...500) }
        }
        if let node = map["sort"] {
            problems.attempt { options.sort = try choice(node, MarketSort.self) }
        }
        if let node = map["stock"] {
            problems.attempt { options.stock = try choice(node, StockFilter.self) }
        }
        if let node = map["title"] {
            problems.attempt {
                let text = try node.string().trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { throw node.error("must not be empty") }
                options.title = text
            }
        }
        try problems.check()
        return options
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ node: ScenarioNode, _ type: T.Type) throws -> T
    where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        guard let text = try? node.string(), let value = T(rawValue: text) else {
            throw node.error("must be one of \(names.joined(separator: ", ")), got \(node.shownValue)")
        }
        return value
    }

    /// A file named relative to the content folder that exists and stays inside it.
    private static func contentFile(_ node: ScenarioNode, contentDirectory: URL) throws -> (url: URL, shown: String) {
        let text = try node.string().trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw node.error("must name a file relative to the content folder") }
        guard !text.hasPrefix("/"), !text.hasPrefix("~"), !text.contains("\\"), !text.contains(":") else {
            throw node.error("must be a path relative to the content folder, got \(node.shownValue)")
        }
        let segments = text.split(separator: "/")
        guard !segments.contains("..") else {
            throw node.error("must stay inside the content folder, got \(node.shownValue)")
        }
        let url = contentDirectory.appendingPathComponent(text)
        guard PathCheck.isInside(url, folder: contentDirectory) else {
            throw node.error("must stay inside the content folder, got \(node.shownValue)")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw node.error("names a file that does not exist: \(text)")
        }
        return (url, text)
    }

    private static func apiURL(_ node: ScenarioNode) throws -> URL {
        let text = try node.string().trimmingCharacters(in: .whitespaces)
        guard HTML.safeHTTPURL(text) != nil, let url = URL(string: text), url.host?.isEmpty == false,
            url.query == nil, url.fragment == nil
        else {
            throw node.error("must be an http(s) URL without query, like https://market.example.com, got \(node.shownValue)")
        }
        return url
    }
}

/// The order of the products in a report.
public enum MarketSort: String, Sendable, CaseIterable {
    /// As the source lists them.
    case api
    /// Newest `created_at` first (products without a date last).
    case newest
    /// By currency, then cheapest sale price first.
    case price
    /// Biggest discount (as a share of the price) first.
    case discount
}

/// Which products a report shows, by stock.
public enum StockFilter: String, Sendable, CaseIterable {
    case all
    /// Only products with stock left.
    case available
    /// Only sold-out products (`품절`).
    case soldout
}
