import Basics
import Foundation

/// Fetches products from an open market API through ``HTTPFetch`` (the network policy, the
/// answer's size counted after decoding, a deadline):
/// `GET {base}/api/products?page_no=N&items_per_page=M[&search_value=S]` page by page, and
/// `GET {base}/api/products/{id}` for details. Every response that decodes is cached on disk;
/// 5xx answers and timeouts are retried with a growing pause.
public final class MarketClient: Sendable {
    /// The API's base URL, e.g. `https://market.example.com` (a path prefix is kept).
    public let baseURL: URL
    public let options: FetchOptions
    public let cache: ResponseCache?
    public let policy: CachePolicy
    /// Where requests and redirects may go (`site.yml` `security.http.urls`, no private
    /// addresses unless listed).
    public let network: NetworkPolicy
    private let warn: @Sendable (String) -> Void

    /// - Parameters:
    ///   - cache: where responses are kept; nil keeps none (then `.offline` always fails).
    ///   - network: where requests and their redirects may go.
    ///   - warn: receives warnings, e.g. when a failed fetch falls back to a cached copy.
    public init(
        baseURL: URL, options: FetchOptions = FetchOptions(), cache: ResponseCache?, policy: CachePolicy = .normal,
        network: NetworkPolicy = .publicOnly, warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.baseURL = baseURL
        self.network = network
        self.options = options
        self.cache = cache
        self.policy = policy
        self.warn = warn
    }

    // MARK: URLs

    /// The list URL for a page, built with URLComponents and query items.
    public func listURL(page: Int) -> URL {
        var items = [
            URLQueryItem(name: "page_no", value: String(page)),
            URLQueryItem(name: "items_per_page", value: String(options.itemsPerPage)),
        ]
        if let search = options.search, !search.isEmpty {
            items.append(URLQueryItem(name: "search_value", value: search))
        }
        return url(path: "api/products", query: items)
    }

    /// The detail URL of a product.
    public func detailURL(id: Int) -> URL {
        url(path: "api/products/\(id)", query: [])
    }

    private func url(path: String, query: [URLQueryItem]) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        let prefix = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = prefix + "/" + path
        components.queryItems = query.isEmpty ? nil : query
        // `+` is legal in a query but servers read it as a space: encode it.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? baseURL.appendingPathComponent(path)
    }

    // MARK: Fetching

    /// Every product of the catalogue, page after page in order, following `hasNext`/`lastPage`
    /// up to ``FetchOptions/pageLimit`` pages, or when there is none, up to
    /// ``FetchOptions/maxPages`` (stopping there with a warning).
    public func fetchProducts() async throws -> [Product] {
        var products: [Product] = []
        var page = 1
        let cap = options.pageLimit ?? options.maxPages
        while true {
            let url = listURL(page: page)
            let list = try await load(url) { try MarketDecoder.listPage($0, source: $1) }
            products += list.products
            guard list.hasPage(after: page), !list.products.isEmpty else { break }
            if page >= cap {
                if options.pageLimit == nil {
                    warn("stopped after \(cap) pages of \(baseURL.absoluteString): the server still reports more pages")
                }
                break
            }
            page += 1
        }
        return products
    }

    /// The detail of each id, fetched at most ``FetchOptions/detailConcurrency`` at a time.
    /// The first failure is thrown once the requests in flight have ended.
    public func fetchDetails(ids: [Int]) async throws -> [Int: Product] {
        let width = max(1, options.detailConcurrency)
        return try await withThrowingTaskGroup(of: (Int, Product).self) { group in
            var results: [Int: Product] = [:]
            var pending = ids.makeIterator()
            for _ in 0..<width {
                guard let id = pending.next() else { break }
                group.addTask { (id, try await self.fetchDetail(id: id)) }
            }
            while let (id, detail) = try await group.next() {
                results[id] = detail
                if let next = pending.next() {
                    group.addTask { (next, try await self.fetchDetail(id: next)) }
                }
            }
            return results
        }
    }

    /// The detail of one product.
    public func fetchDetail(id: Int) async throws -> Product {
        try await load(detailURL(id: id)) { try MarketDecoder.detail($0, source: $1) }
    }

    /// Loads one URL through the cache policy, decoding with `decode(data, sourceName)`.
    private func load<T>(_ url: URL, decode: (Data, String) throws -> T) async throws -> T {
        let address = url.absoluteString
        if policy != .refresh, let cache, let cached = try cache.read(address) {
            return try decode(cached, "\(address) (cached in \(cache.file(for: address).path))")
        }
        if policy == .offline {
            throw MarketError.notCached(url: address)
        }
        do {
            let data = try await fetchWithRetries(url)
            let value = try decode(data, address)
            try cache?.write(data, for: address)
            return value
        } catch let error as MarketError {
            // A refused URL is never answered from the cache: the policy decides, not the cache.
            if case .refused = error { throw error }
            guard let cache, let cached = try cache.read(address) else { throw error }
            let value: T
            do {
                value = try decode(cached, address)
            } catch _ {
                // The cached copy does not decode either: the fetch's failure is the one to report.
                throw error
            }
            warn("\(error); using the cached copy from \(cache.file(for: address).path)")
            return value
        }
    }

    private func fetchWithRetries(_ url: URL) async throws -> Data {
        var attempt = 0
        while true {
            do {
                return try await fetchOnce(url)
            } catch let error as MarketError where error.isRetryable && attempt < options.retries {
                let pause = options.backoff * Double(1 << min(attempt, 16))
                attempt += 1
                try await Task.sleep(nanoseconds: UInt64(max(0, pause) * 1_000_000_000))
            }
        }
    }

    private func fetchOnce(_ url: URL) async throws -> Data {
        let fetch = HTTPFetch(network: network, limit: max(options.maxResponseBytes, 0), timeout: options.timeout)
        let answer: HTTPFetch.Answer
        do {
            answer = try await fetch.get(url, headers: ["Accept": "application/json"])
        } catch let failure as HTTPFetch.Failure {
            let address = url.absoluteString
            switch failure {
            case .refused(let refused, let reason): throw MarketError.refused(url: refused, reason: reason)
            case .tooLarge: throw MarketError.tooLarge(url: address, limit: options.maxResponseBytes)
            case .timedOut: throw MarketError.timedOut(url: address, seconds: options.timeout)
            case .transport(_, let message): throw MarketError.transport(url: address, message: message)
            }
        }
        guard (200...299).contains(answer.status) else {
            throw MarketError.status(url: url.absoluteString, code: answer.status)
        }
        return answer.body
    }
}
