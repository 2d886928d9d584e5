import Basics
import Foundation
import Hummingbird
import Logging
import MarketReport
import OpenMarket
import ReportKit
import ServiceLifecycle
import Testing

/// `api:` blocks against a real HTTP server on 127.0.0.1 at an ephemeral port.
@Suite struct APIBlockTests {
    /// A 10 s answer limit: on a loaded machine a shorter one times out and retries, and the
    /// request counts below would be off.
    static let kind = MarketReportKind(fetch: FetchOptions(timeout: 10, retries: 1, backoff: 0.01))

    @Test func fetchesPagesAndDetailsThenWorksOffline() async throws {
        try await withCatalogueServer { base, hits in
            let content = TemporaryContent()
            let yaml = "api: \(base)\nitems_per_page: 2\ndetails: true\nsort: price"
            let block = ReportBlock(kind: "market", source: yaml, pagePath: "market/live.md", line: 3, index: 0)
            let report = try await Self.kind.run(block, context: content.context(listing: [base]))
            #expect(report.headlines == ["3 products", "1 sold out"])
            #expect(report.pages.map(\.path) == ["products/3", "products/1", "products/2"])
            let detail = try #require(report.pages.first { $0.path == "products/1" })
            #expect(detail.page.contains("<img src=\"https://img.example/1-a.png\" alt=\"귤 1, image 1 of 2\" decoding=\"async\">"))
            #expect(detail.page.contains("<div><dt>Vendor</dt><dd>농장</dd></div>"))
            #expect(!detail.page.contains("javascript:"))
            #expect(report.page.contains("From \(base)"))
            // Two list pages and three details.
            #expect(hits.count == 5)

            // The cache now serves the same block offline, without requests.
            let offline = try await Self.kind.run(block, context: content.context(offline: true, listing: [base]))
            #expect(offline.page == report.page)
            #expect(hits.count == 5)

            // Offline with an empty cache names the URL, at the line of api:.
            let empty = TemporaryContent()
            await #expect(throws: Diagnostic(line: 4, "offline: no cached response for \(base)/api/products?page_no=1&items_per_page=2 (build once without --offline to fill the cache)")) {
                try await Self.kind.run(block, context: empty.context(offline: true, listing: [base]))
            }
        }
    }

    /// Serves three products, two per page, with details; counts requests.
    func withCatalogueServer(_ body: @Sendable (String, HitCounter) async throws -> Void) async throws {
        let hits = HitCounter()
        let router = Router()
        let products = [
            (1, "귤 1", 3000, 0), (2, "귤 2", 5000, 4), (3, "귤 3", 1000, 2),
        ]
        @Sendable func productJSON(_ p: (Int, String, Int, Int)) -> String {
            """
            {"id": \(p.0), "vendor_id": 9, "name": "\(p.1)", "thumbnail": "https://img.example/\(p.0).png",
             "currency": "KRW", "price": \(p.2), "bargain_price": \(p.2), "discounted_price": 0, "stock": \(p.3),
             "created_at": "2024-03-0\(p.0)T00:00:00", "issued_at": "2024-03-0\(p.0)T00:00:00"}
            """
        }
        router.get("api/products") { request, _ -> Response in
            hits.add()
            let page = request.uri.queryParameters["page_no"].flatMap { Int($0) } ?? 1
            let slice = products.dropFirst((page - 1) * 2).prefix(2)
            let json = """
                {"page_no": \(page), "items_per_page": 2, "last_page": 2, "has_next": \(page < 2),
                 "pages": [\(slice.map(productJSON).joined(separator: ","))]}
                """
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: json)))
        }
        router.get("api/products/:id") { _, context -> Response in
            hits.add()
            guard let id = context.parameters.get("id", as: Int.self), let p = products.first(where: { $0.0 == id }) else {
                return Response(status: .notFound)
            }
            let json = productJSON(p).dropLast() + """
                , "images": [{"id": 1, "url": "https://img.example/\(id)-a.png", "thumbnail_url": "https://img.example/\(id)-a-t.png", "issued_at": "2024-03-01T00:00:00"},
                             {"id": 2, "url": "javascript:alert(1)", "thumbnail_url": "https://img.example/\(id)-b-t.png", "issued_at": "2024-03-01T00:00:00", "succeed": true}],
                 "vendors": {"id": 9, "name": "농장"}}
                """
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: String(json))))
        }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "market-report-test-server")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portSink.yield(channel.localAddress?.port ?? 0)
                portSink.finish()
            },
            logger: logger
        )
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            let outcome: Result<Void, any Error>
            do {
                try #require(port > 0)
                try await body("http://127.0.0.1:\(port)", hits)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            try outcome.get()
        }
    }
}

/// Counts requests seen by the server.
final class HitCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var count: Int { lock.withLock { value } }

    func add() {
        lock.withLock { value += 1 }
    }
}
