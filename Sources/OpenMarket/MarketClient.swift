import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches products from an open market API with URLSession:
/// `GET {base}/api/products?page_no=N&items_per_page=M[&search_value=S]` page by page, and
/// `GET {base}/api/products/{id}` for details. Every response that decodes is cached on disk;
/// 5xx answers and timeouts are retried with a growing pause.
public final class MarketClient: Sendable {
    /// The API's base URL, e.g. `https://market.example.com` (a path prefix is kept).
    public let baseURL: URL
    public let options: FetchOptions
    public let cache: ResponseCache?
    public let policy: CachePolicy
    private let warn: @Sendable (String) -> Void
    private let session: URLSession
    private let loader: BoundedLoader

    /// - Parameters:
    ///   - cache: where responses are kept; nil keeps none (then `.offline` always fails).
    ///   - warn: receives warnings, e.g. when a failed fetch falls back to a cached copy.
    public init(
        baseURL: URL, options: FetchOptions = FetchOptions(), cache: ResponseCache?, policy: CachePolicy = .normal,
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.baseURL = baseURL
        self.options = options
        self.cache = cache
        self.policy = policy
        self.warn = warn
        let configuration = URLSessionConfiguration.ephemeral
        // URLSession on Linux counts its timeouts in whole seconds, so it only backs up the
        // client's own deadline (see `withDeadline`).
        configuration.timeoutIntervalForRequest = Self.sessionTimeout(options.timeout)
        configuration.timeoutIntervalForResource = Self.sessionTimeout(options.timeout)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = max(1, options.detailConcurrency)
        loader = BoundedLoader(limit: max(options.maxResponseBytes, 0))
        session = URLSession(configuration: configuration, delegate: loader, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
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
        if policy != .refresh, let cache, let cached = cache.read(address) {
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
            guard let cache, let cached = cache.read(address),
                let value = try? decode(cached, address)
            else { throw error }
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

    private static func sessionTimeout(_ seconds: Double) -> Double {
        (max(seconds, 0) + 1).rounded(.up)
    }

    private func fetchOnce(_ url: URL) async throws -> Data {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.sessionTimeout(options.timeout))
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            let session = self.session
            let loader = self.loader
            let request = request
            let answer = try await withDeadline(seconds: options.timeout, url: url) {
                try await loader.load(request, in: session)
            }
            (data, response) = (answer.0, answer.1)
        } catch let error as MarketError {
            throw error
        } catch let error as URLError {
            if error.code == .timedOut { throw MarketError.timedOut(url: url.absoluteString, seconds: options.timeout) }
            throw MarketError.transport(url: url.absoluteString, message: error.localizedDescription)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw MarketError.transport(url: url.absoluteString, message: error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw MarketError.transport(url: url.absoluteString, message: "not an HTTP response")
        }
        guard (200...299).contains(http.statusCode) else {
            throw MarketError.status(url: url.absoluteString, code: http.statusCode)
        }
        return data
    }

    /// Runs `work`, giving up with ``MarketError/timedOut(url:seconds:)`` after `seconds`. The
    /// caller is resumed at the deadline even if `work` ignores cancellation.
    private func withDeadline<T: Sendable>(
        seconds: Double, url: URL, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = DeadlineRace<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation)
                let worker = Task {
                    do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
                }
                let timer = Task {
                    try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                    race.finish(.failure(MarketError.timedOut(url: url.absoluteString, seconds: seconds)))
                }
                race.onFinish { worker.cancel(); timer.cancel() }
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }
}

/// The first of several outcomes wins; later ones are ignored.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var outcome: Result<T, any Error>?
        var cleanup: (@Sendable () -> Void)?
        var done = false
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<T, any Error>) {
        let early: Result<T, any Error>? = state.withLock { state in
            if let outcome = state.outcome { state.done = true; return outcome }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func onFinish(_ action: @escaping @Sendable () -> Void) {
        let runNow: Bool = state.withLock { state in
            if state.done { return true }
            state.cleanup = action
            return false
        }
        if runNow { action() }
    }

    func finish(_ result: Result<T, any Error>) {
        let (waiting, action): (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) = state.withLock { state in
            guard !state.done else { return (nil, nil) }
            guard let continuation = state.continuation else {
                if state.outcome == nil { state.outcome = result }
                return (nil, nil)
            }
            state.done = true
            state.continuation = nil
            let action = state.cleanup
            state.cleanup = nil
            return (continuation, action)
        }
        waiting?.resume(with: result)
        action?()
    }
}
