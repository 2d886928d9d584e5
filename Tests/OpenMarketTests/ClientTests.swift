import Basics
import Foundation
import OpenMarket
import Testing

/// The client against a real HTTP server on 127.0.0.1 (see ``TestServer``). Time limits and
/// pauses are short so the suite stays fast.
@Suite struct ClientTests {
    /// Long enough that a loaded machine never times out where a test expects an answer.
    static let quick = FetchOptions(itemsPerPage: 3, timeout: 10, retries: 1, backoff: 0.01)

    func temporaryCache() -> ResponseCache {
        ResponseCache(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("openmarket-tests-\(UUID().uuidString)"))
    }

    @Test func fetchesEveryPageInOrder() async throws {
        try await TestServer.with(products: 7) { server in
            let client = MarketClient(baseURL: server.base("shop"), options: Self.quick, cache: nil, network: .listing(server.base("shop")))
            let products = try await client.fetchProducts()
            #expect(products.map(\.id.integer) == [1, 2, 3, 4, 5, 6, 7])
            #expect(await server.state.requests["shop"] == [
                "/shop/api/products?page_no=1&items_per_page=3",
                "/shop/api/products?page_no=2&items_per_page=3",
                "/shop/api/products?page_no=3&items_per_page=3",
            ])
        }
    }

    @Test func pageLimitAndSearchAreSent() async throws {
        try await TestServer.with(products: 12) { server in
            var options = Self.quick
            options.itemsPerPage = 2
            options.pageLimit = 2
            options.search = "사과"
            let client = MarketClient(baseURL: server.base("shop"), options: options, cache: nil, network: .listing(server.base("shop")))
            let products = try await client.fetchProducts()
            #expect(products.map(\.id.integer) == [2, 4, 6, 8])
            let requests = await server.state.requests["shop"] ?? []
            #expect(requests.count == 2)
            #expect(requests.first == "/shop/api/products?page_no=1&items_per_page=2&search_value=%EC%82%AC%EA%B3%BC")
        }
    }

    @Test func endlessServerStopsAtThePageCapWithAWarning() async throws {
        try await TestServer.with { server in
            var options = Self.quick
            options.maxPages = 4
            let warnings = Warnings()
            let client = MarketClient(baseURL: server.base("endless"), options: options, cache: nil, network: .listing(server.base("endless")), warn: warnings.add)
            let products = try await client.fetchProducts()
            #expect(products.count == 8)
            #expect(await server.state.requests["endless"]?.count == 4)
            #expect(warnings.all.count == 1)
            #expect(warnings.all.first?.contains("stopped after 4 pages") == true)
        }
    }

    @Test func detailsAreFetchedForEveryId() async throws {
        try await TestServer.with(products: 9) { server in
            let client = MarketClient(baseURL: server.base("shop"), options: Self.quick, cache: nil, network: .listing(server.base("shop")))
            let details = try await client.fetchDetails(ids: Array(1...9))
            #expect(details.keys.sorted() == Array(1...9))
            #expect(details[4]?.images.map(\.url) == ["https://img.example/4-a.png"])
            #expect(details[4]?.vendor?.name == "shop")
            #expect(await server.state.maxInFlight <= 4)
        }
    }

    @Test func a500IsRetried() async throws {
        try await TestServer.with { server in
            let client = MarketClient(baseURL: server.base("flaky"), options: Self.quick, cache: nil, network: .listing(server.base("flaky")))
            let products = try await client.fetchProducts()
            #expect(products.map(\.id.integer) == [1, 2, 3, 4, 5, 6, 7])
            let requests = await server.state.requests["flaky"] ?? []
            #expect(requests == [
                "/flaky/api/products?page_no=1&items_per_page=3",
                "/flaky/api/products?page_no=1&items_per_page=3",
                "/flaky/api/products?page_no=2&items_per_page=3",
                "/flaky/api/products?page_no=3&items_per_page=3",
            ])
        }
    }

    @Test func a404IsAnErrorNamingTheURLAndIsNotRetried() async throws {
        try await TestServer.with { server in
            let client = MarketClient(baseURL: server.base("missing"), options: Self.quick, cache: nil, network: .listing(server.base("missing")))
            let url = client.listURL(page: 1).absoluteString
            await #expect(throws: MarketError.status(url: url, code: 404)) { try await client.fetchProducts() }
            #expect(await server.state.requests["missing"]?.count == 1)
            #expect(MarketError.status(url: url, code: 404).description.contains("/missing/api/products?page_no=1"))
        }
    }

    @Test func aSlowResponseTimesOut() async throws {
        try await TestServer.with { server in
            var options = Self.quick
            // Long enough for the request to reach the server on a loaded machine, shorter than
            // the server's pause.
            options.timeout = 1
            let client = MarketClient(baseURL: server.base("slow"), options: options, cache: nil, network: .listing(server.base("slow")))
            let url = client.listURL(page: 1).absoluteString
            await #expect(throws: MarketError.timedOut(url: url, seconds: 1)) { try await client.fetchProducts() }
            // The first attempt and one retry. On a loaded machine the server may read a request
            // after its client gave up on it: wait (at most 10 s) for both to be counted.
            for _ in 0..<50 where await (server.state.requests["slow"]?.count ?? 0) < 2 {
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(await server.state.requests["slow"]?.count == 2)
        }
    }

    @Test func truncatedJSONNamesTheURL() async throws {
        try await TestServer.with { server in
            let client = MarketClient(baseURL: server.base("truncated"), options: Self.quick, cache: nil, network: .listing(server.base("truncated")))
            let url = client.listURL(page: 1).absoluteString
            let error = await #expect(throws: MarketError.self) { try await client.fetchProducts() }
            guard case .decoding(let source, _, let message)? = error else {
                Issue.record("expected a decoding error, got \(String(describing: error))")
                return
            }
            #expect(source == url)
            #expect(message == "is not valid JSON: Unexpected end of file during JSON parse.")
        }
    }

    @Test func anHTMLPageIsNotJSON() async throws {
        try await TestServer.with { server in
            let client = MarketClient(baseURL: server.base("html"), options: Self.quick, cache: nil, network: .listing(server.base("html")))
            let url = client.listURL(page: 1).absoluteString
            await #expect(throws: MarketError.notJSON(source: url, start: "<!DOCTYPE html>")) { try await client.fetchProducts() }
            let message = MarketError.notJSON(source: url, start: "<!DOCTYPE html>").description
            #expect(message == "\(url) is not JSON (it starts with \"<!DOCTYPE html>\")")
        }
    }

    @Test func theCacheServesOffline() async throws {
        try await TestServer.with(products: 5) { server in
            let cache = temporaryCache()
            defer { try? FileManager.default.removeItem(at: cache.directory) }
            let online = MarketClient(baseURL: server.base("shop"), options: Self.quick, cache: cache, network: .listing(server.base("shop")))
            let fetched = try await online.fetchProducts()
            _ = try await online.fetchDetail(id: 2)
            let requestsOnline = await server.state.requests["shop"]?.count
            #expect(requestsOnline == 3)

            let offline = MarketClient(baseURL: server.base("shop"), options: Self.quick, cache: cache, policy: .offline, network: .listing(server.base("shop")))
            #expect(try await offline.fetchProducts() == fetched)
            #expect(try await offline.fetchDetail(id: 2).images.count == 1)
            // Normal mode reads the cache too: no new requests.
            #expect(try await online.fetchProducts() == fetched)
            #expect(await server.state.requests["shop"]?.count == requestsOnline)

            let url = offline.detailURL(id: 3).absoluteString
            await #expect(throws: MarketError.notCached(url: url)) { try await offline.fetchDetail(id: 3) }
            #expect(MarketError.notCached(url: url).description.hasPrefix("offline: no cached response for \(url)"))
        }
    }

    @Test func refreshBypassesTheCache() async throws {
        try await TestServer.with(products: 2) { server in
            let cache = temporaryCache()
            defer { try? FileManager.default.removeItem(at: cache.directory) }
            let client = MarketClient(baseURL: server.base("shop"), options: Self.quick, cache: cache, network: .listing(server.base("shop")))
            let url = client.listURL(page: 1).absoluteString
            // A stale cached copy with another product in it.
            try cache.write(Data(#"{"pages": [{"id": 99, "name": "old", "currency": "KRW", "price": 1, "stock": 1}]}"#.utf8), for: url)
            #expect(try await client.fetchProducts().map(\.id.integer) == [99])

            let refreshing = MarketClient(baseURL: server.base("shop"), options: Self.quick, cache: cache, policy: .refresh, network: .listing(server.base("shop")))
            #expect(try await refreshing.fetchProducts().map(\.id.integer) == [1, 2])
            #expect(await server.state.requests["shop"]?.count == 1)
            // The fresh response replaced the stale copy.
            #expect(try await client.fetchProducts().map(\.id.integer) == [1, 2])
        }
    }

    @Test func aFailedFetchWithACachedCopyWarnsAndUsesIt() async throws {
        try await TestServer.with(products: 2) { server in
            let cache = temporaryCache()
            defer { try? FileManager.default.removeItem(at: cache.directory) }
            let warnings = Warnings()
            let client = MarketClient(
                baseURL: server.base("switch"), options: Self.quick, cache: cache, policy: .refresh, network: .listing(server.base("switch")), warn: warnings.add)
            let fresh = try await client.fetchProducts()
            #expect(warnings.all.isEmpty)

            await server.state.setUp(false)
            #expect(try await client.fetchProducts() == fresh)
            let url = client.listURL(page: 1).absoluteString
            #expect(warnings.all == ["GET \(url) failed: HTTP 503 Service Unavailable; using the cached copy from \(cache.file(for: url).path)"])
        }
    }

    @Test func cacheFilesAreNamedByAStableHashOfTheURL() {
        let cache = ResponseCache(directory: URL(fileURLWithPath: "/tmp/c"))
        #expect(cache.file(for: "https://market.example.com/api/products?page_no=1&items_per_page=20").lastPathComponent
            == cache.file(for: "https://market.example.com/api/products?page_no=1&items_per_page=20").lastPathComponent)
        #expect(cache.file(for: "a").lastPathComponent == "openmarket-af63dc4c8601ec8c.json")
        #expect(cache.file(for: "a") != cache.file(for: "b"))
    }

    @Test func urlsAreBuiltWithQueryItems() throws {
        var options = FetchOptions(itemsPerPage: 20)
        options.search = "a+b c"
        let base = try #require(URL(string: "https://market.example.com/v2/"))
        let client = MarketClient(baseURL: base, options: options, cache: nil, network: .listing(base))
        #expect(client.listURL(page: 3).absoluteString
            == "https://market.example.com/v2/api/products?page_no=3&items_per_page=20&search_value=a%2Bb%20c")
        #expect(client.detailURL(id: 32).absoluteString == "https://market.example.com/v2/api/products/32")
    }
}

extension NetworkPolicy {
    /// The policy of a test: the loopback test server at `base` is listed, as a site lists it in
    /// `security.http.urls`.
    static func listing(_ base: URL) -> NetworkPolicy {
        NetworkPolicy(listed: NetworkPolicy.Entry(base.absoluteString).map { [$0] } ?? [], onlyListed: false)
    }
}

/// Where requests may go: private addresses only when listed, redirects checked too.
@Suite struct NetworkPolicyClientTests {
    @Test func aLoopbackServerIsRefusedUnlessListed() async throws {
        try await TestServer.with(products: 3) { server in
            let client = MarketClient(baseURL: server.base("shop"), options: ClientTests.quick, cache: nil)
            let url = client.listURL(page: 1).absoluteString
            await #expect(throws: MarketError.refused(url: url, reason: "127.0.0.1 is a loopback address; sitegen fetches from such an address only when its URL is listed under security.http.urls (site.yml)")) {
                try await client.fetchProducts()
            }
            #expect(await server.state.requests["shop"] == nil)
        }
    }

    @Test func aRedirectToTheMetadataAddressIsRefused() async throws {
        try await TestServer.with(products: 3) { server in
            let client = MarketClient(baseURL: server.base("metadata"), options: ClientTests.quick, cache: nil, network: .listing(server.base("metadata")))
            await #expect(throws: MarketError.refused(
                url: "http://169.254.169.254/latest/meta-data/",
                reason: "a redirect leads there, and 169.254.169.254 is a link-local address (169.254.0.0/16, where cloud metadata services answer); sitegen fetches from such an address only when its URL is listed under security.http.urls (site.yml)")) {
                try await client.fetchProducts()
            }
        }
    }
}

/// Collects warnings from the client's callback.
final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    var all: [String] { lock.withLock { items } }

    @Sendable func add(_ warning: String) {
        lock.withLock { items.append(warning) }
    }
}

/// Answers past ``FetchOptions/maxResponseBytes`` are an error naming the URL, read no further.
@Suite struct ResponseLimitTests {
    @Test func anAnswerLargerThanTheLimitIsAnError() async throws {
        try await TestServer.with(products: 7) { server in
            var options = ClientTests.quick
            options.maxResponseBytes = 200
            let client = MarketClient(baseURL: server.base("shop"), options: options, cache: nil, network: .listing(server.base("shop")))
            await #expect(throws: MarketError.tooLarge(url: client.listURL(page: 1).absoluteString, limit: 200)) {
                try await client.fetchProducts()
            }
            #expect(MarketError.tooLarge(url: "https://x.example/api", limit: 64 << 20).description
                == "GET https://x.example/api failed: the answer is larger than 64 MB (counted after decompression); stopped reading it (no product list is that large)")
            // Counted after decoding: 16 KB of gzip that inflate to 16 MB stop at 1 MB, and an
            // answer that never ends stops there too.
            options.maxResponseBytes = 1 << 20
            for prefix in ["bomb", "flood"] {
                let client = MarketClient(baseURL: server.base(prefix), options: options, cache: nil, network: .listing(server.base(prefix)))
                await #expect(throws: MarketError.tooLarge(url: client.listURL(page: 1).absoluteString, limit: 1 << 20)) {
                    try await client.fetchProducts()
                }
            }
            // Under the limit, the same answers load.
            options.maxResponseBytes = 64 << 20
            let products = try await MarketClient(baseURL: server.base("shop"), options: options, cache: nil, network: .listing(server.base("shop"))).fetchProducts()
            #expect(products.count == 7)
        }
    }
}
