import Basics
import Foundation
import OpenMarket

/// The products a report shows, loaded and prepared from ``MarketOptions``: read from the file or
/// fetched from the API, de-duplicated, without unusable ids, filtered by stock, completed with
/// details, sorted, with safe images.
public struct MarketCatalogue: Sendable {
    public var options: MarketOptions
    public var products: [ShownProduct]

    public init(options: MarketOptions, products: [ShownProduct]) {
        self.options = options
        self.products = products
    }

    /// The summary figures of ``products``.
    public var summary: MarketSummary { MarketSummary(products.map(\.product)) }

    /// Loads the products.
    /// - Parameters:
    ///   - cacheDirectory: where API responses are cached.
    ///   - policy: how the cache is used (`--offline`, `--refresh`).
    ///   - fetch: time limits, retries and concurrency for the API; paging and search come from `options`.
    ///   - imageRoot: the folder local image paths are relative to (the content folder); only
    ///     used for a file source: API data may only use http(s) image URLs.
    ///   - warn: receives warnings (skipped products, unsafe images, cache fallbacks).
    ///   - network: where the API and its redirects may be fetched from.
    ///   - writesCache: false to read cached answers without storing new ones (`sitegen check`).
    public static func load(
        _ options: MarketOptions, cacheDirectory: URL, policy: CachePolicy, fetch: FetchOptions = FetchOptions(),
        imageRoot: URL?, network: NetworkPolicy = .publicOnly, writesCache: Bool = true,
        warn: @escaping @Sendable (String) -> Void
    ) async throws -> MarketCatalogue {
        var listed: [Product]
        var client: MarketClient?
        var localRoot: URL?
        switch options.source {
        case .file(let url, let shown):
            listed = try CatalogueFile.products(at: url, shownPath: shown)
            if let search = options.search {
                listed = listed.filter { $0.name.range(of: search, options: [.caseInsensitive]) != nil }
            }
            localRoot = imageRoot
        case .api(let url):
            var settings = fetch
            settings.itemsPerPage = options.itemsPerPage
            settings.pageLimit = options.pages
            settings.search = options.search
            let api = MarketClient(
                baseURL: url, options: settings, cache: ResponseCache(directory: cacheDirectory, writable: writesCache), policy: policy,
                network: network, warn: warn)
            listed = try await api.fetchProducts()
            client = api
        }

        var seen = Set<Int>()
        var duplicates = 0
        var chosen: [(id: Int, product: Product)] = []
        for product in listed {
            guard let id = product.id.integer else {
                warn("skipped product \"\(product.name)\": its id \"\(product.id)\" is not a whole number")
                continue
            }
            guard seen.insert(id).inserted else {
                duplicates += 1
                continue
            }
            switch options.stock {
            case .all: chosen.append((id, product))
            case .available: if !product.isSoldOut { chosen.append((id, product)) }
            case .soldout: if product.isSoldOut { chosen.append((id, product)) }
            }
        }
        if duplicates > 0 {
            warn("skipped \(duplicates) repeated product\(duplicates == 1 ? "" : "s") (same id listed twice)")
        }

        switch options.details {
        case .none:
            break
        case .fetch:
            if let client {
                let details = try await client.fetchDetails(ids: chosen.map(\.id))
                chosen = chosen.map { entry in (entry.id, details[entry.id].map { entry.product.merged(with: $0) } ?? entry.product) }
            }
        case .file(let url, let shown):
            var details: [Int: Product] = [:]
            for detail in try CatalogueFile.details(at: url, shownPath: shown) {
                if let id = detail.id.integer, details[id] == nil { details[id] = detail }
            }
            chosen = chosen.map { entry in (entry.id, details[entry.id].map { entry.product.merged(with: $0) } ?? entry.product) }
        }

        let shown = chosen.map { entry in
            prepare(entry.product, id: entry.id, localRoot: localRoot, warn: warn)
        }
        return MarketCatalogue(options: options, products: sorted(shown, by: options.sort))
    }

    /// Checks a product's images (warning about each one that is present but unsafe) and removes
    /// control characters from its text, which no page or terminal should receive.
    static func prepare(_ listed: Product, id: Int, localRoot: URL?, warn: (String) -> Void) -> ShownProduct {
        var product = listed
        for doubt in listed.doubts {
            warn("product \(id) (\(Product.quoted(listed.name))): \(doubt)")
        }
        if !Product.isCurrencyCode(product.currency) {
            warn("product \(id): currency is not a three-letter code; shown as XXX (no currency)")
            product.currency = "XXX"
        }
        product.name = plainText(product.name, keepLines: false)
        product.description = product.description.map { plainText($0, keepLines: true) }
        product.vendorName = product.vendorName.map { plainText($0, keepLines: false) }
        product.currency = plainText(product.currency, keepLines: false)
        if var vendor = product.vendor {
            vendor.name = plainText(vendor.name, keepLines: false)
            product.vendor = vendor
        }
        func check(_ text: String?, _ what: String) -> ImageReference? {
            let reference = ImageReference.resolve(text, localRoot: localRoot)
            if reference == nil, let text, !text.trimmingCharacters(in: .whitespaces).isEmpty {
                let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
                let allowed = localRoot == nil ? "an http(s) URL" : "an http(s) URL or a file under the content folder"
                warn("product \(id): \(what) \"\(shown)\" is not \(allowed); not shown")
            }
            return reference
        }
        let thumbnail = check(product.thumbnail, "thumbnail")
        var images: [ImageReference] = []
        for (index, image) in product.images.enumerated() where image.succeed != false {
            if let reference = check(image.url, "image \(index + 1)") ?? check(image.thumbnailURL, "image \(index + 1) thumbnail"),
                !images.contains(reference)
            {
                images.append(reference)
            }
        }
        if images.isEmpty, let thumbnail { images = [thumbnail] }
        return ShownProduct(id: id, product: product, thumbnail: thumbnail, images: images)
    }

    /// `text` with control characters (and, unless `keepLines`, line breaks) turned into spaces.
    static func plainText(_ text: String, keepLines: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let isControl = scalar.properties.generalCategory == .control
            if isControl && !(keepLines && (scalar == "\n" || scalar == "\t")) {
                out += scalar == "\r" && keepLines ? "" : " "
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The products in the order `sort` asks for; ties keep the source's order.
    static func sorted(_ products: [ShownProduct], by sort: MarketSort) -> [ShownProduct] {
        let indexed = Array(products.enumerated())
        let ordered: [(offset: Int, element: ShownProduct)]
        switch sort {
        case .api:
            return products
        case .newest:
            ordered = indexed.sorted { a, b in
                switch (a.element.product.createdAt, b.element.product.createdAt) {
                case let (x?, y?) where x != y: x > y
                case (_?, nil): true
                case (nil, _?): false
                default: a.offset < b.offset
                }
            }
        case .price:
            ordered = indexed.sorted { a, b in
                let x = a.element.product, y = b.element.product
                if x.currency != y.currency { return x.currency < y.currency }
                if x.bargainPrice != y.bargainPrice { return x.bargainPrice < y.bargainPrice }
                return a.offset < b.offset
            }
        case .discount:
            ordered = indexed.sorted { a, b in
                let x = a.element.discountShare, y = b.element.discountShare
                return x != y ? x > y : a.offset < b.offset
            }
        }
        return ordered.map(\.element)
    }
}
