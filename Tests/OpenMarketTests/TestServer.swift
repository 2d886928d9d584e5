import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A real HTTP server on 127.0.0.1 at an ephemeral port, serving a small paginated catalogue
/// and a few misbehaving endpoints, for the client tests.
///
/// Routes (each under a prefix, so one server serves every case):
/// - `/shop/api/products?page_no=N&items_per_page=M[&search_value=S]`, `/shop/api/products/{id}`
/// - `/flaky/…` answers 500 to the first request, then like `/shop`
/// - `/missing/…` always 404; `/slow/…` answers after 4 s; `/truncated/…` cuts its JSON short
/// - `/html/…` answers 200 with an HTML page; `/endless/…` always says `hasNext: true`
/// - `/switch/…` like `/shop` while ``ServerState/up`` is true, else 503
/// - `/bomb/…` answers 16 KB of gzip that inflate to 16 MB; `/flood/…` a chunked answer that
///   never ends; `/metadata/…` redirects to the cloud metadata address
struct TestServer {
    let baseURL: URL
    let state: ServerState

    /// Runs `body` with a server started for it, and stops the server afterwards.
    static func with<T: Sendable>(products: Int = 7, _ body: @Sendable (TestServer) async throws -> T) async throws -> T {
        let state = ServerState(catalogue: TestCatalogue(count: products))
        let router = Router()
        for prefix in ["shop", "flaky", "missing", "slow", "truncated", "html", "endless", "switch", "bomb", "flood", "metadata"] {
            router.get("\(prefix)/api/products") { request, _ in
                await state.record(prefix, request.uri.description)
                return try await state.respond(prefix: prefix, id: nil, query: Query(request))
            }
            router.get("\(prefix)/api/products/:id") { request, context in
                await state.record(prefix, request.uri.description)
                return try await state.respond(prefix: prefix, id: context.parameters.get("id"), query: Query(request))
            }
        }
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "test-server")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger
        )
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { () -> T? in
                try await services.run()
                return nil
            }
            var ports = portStream.makeAsyncIterator()
            guard let port = await ports.next(), port > 0, let url = URL(string: "http://127.0.0.1:\(port)") else {
                await services.triggerGracefulShutdown()
                throw TestServerError.noPort
            }
            let result: Result<T, any Error>
            do {
                result = .success(try await body(TestServer(baseURL: url, state: state)))
            } catch {
                result = .failure(error)
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return try result.get()
        }
    }

    /// The base URL for one route prefix, e.g. `http://127.0.0.1:PORT/shop`.
    func base(_ prefix: String) -> URL {
        baseURL.appendingPathComponent(prefix)
    }
}

/// The query items the catalogue routes read.
struct Query: Sendable {
    var page = 1
    var perPage = 10
    var search: String?

    init(_ request: Request) {
        let items = request.uri.queryParameters
        page = items["page_no"].flatMap { Int($0) } ?? 1
        perPage = items["items_per_page"].flatMap { Int($0) } ?? 10
        search = items["search_value"].map { String($0) }
    }
}

enum TestServerError: Error {
    case noPort
    case noFixture
}

/// What the test server has seen and how the switchable route behaves.
actor ServerState {
    let catalogue: TestCatalogue
    private(set) var requests: [String: [String]] = [:]
    /// Detail requests being answered right now, and the most there ever were at once.
    private var inFlight = 0
    private(set) var maxInFlight = 0
    var up = true
    private var flakyFailures = 0

    init(catalogue: TestCatalogue) {
        self.catalogue = catalogue
    }

    func record(_ prefix: String, _ uri: String) {
        requests[prefix, default: []].append(uri)
    }

    func setUp(_ value: Bool) {
        up = value
    }

    func respond(prefix: String, id: String?, query: Query) async throws -> Response {
        switch prefix {
        case "flaky":
            flakyFailures += 1
            if flakyFailures == 1 { return Self.text("oops", status: .internalServerError, type: "text/plain") }
        case "missing":
            return Self.text("{\"code\": 404}", status: .notFound)
        case "slow":
            try await Task.sleep(for: .seconds(4))
        case "truncated":
            let full = catalogue.listJSON(page: 1, perPage: 5, search: nil)
            return Self.text(String(full.prefix(full.count / 2)))
        case "html":
            return Self.text("<!DOCTYPE html>\n<html><body><h1>502 Bad Gateway</h1></body></html>", type: "text/html")
        case "endless":
            return Self.text(catalogue.listJSON(page: 1, perPage: 2, search: nil, forcePage: query.page, forceHasNext: true))
        case "switch":
            if !up { return Self.text("down", status: .serviceUnavailable, type: "text/plain") }
        case "bomb":
            guard let url = Bundle.module.url(forResource: "Fixtures/zeros-16mb.json", withExtension: "gz") else { throw TestServerError.noFixture }
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try Data(contentsOf: url))))
        case "flood":
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                let spaces = ByteBuffer(repeating: UInt8(ascii: " "), count: 1 << 16)
                while !Task.isCancelled { try await writer.write(spaces) }
            })
        case "metadata":
            var headers = HTTPFields()
            headers[.location] = "http://169.254.169.254/latest/meta-data/"
            return Response(status: .found, headers: headers)
        default:
            break
        }
        if let id {
            inFlight += 1
            maxInFlight = max(maxInFlight, inFlight)
            defer { inFlight -= 1 }
            // Long enough for the client's next requests to arrive while this one is open.
            try await Task.sleep(for: .milliseconds(20))
            guard let number = Int(id), let json = catalogue.detailJSON(id: number) else {
                return Self.text("{\"code\": 404}", status: .notFound)
            }
            return Self.text(json)
        }
        return Self.text(catalogue.listJSON(page: query.page, perPage: query.perPage, search: query.search))
    }

    private static func text(_ body: String, status: HTTPResponse.Status = .ok, type: String = "application/json") -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// A catalogue of `count` products with ids 1…count, served in the v2 list shape.
struct TestCatalogue: Sendable {
    let count: Int

    func name(_ id: Int) -> String { id % 2 == 0 ? "사과 \(id)" : "apple \(id)" }

    func productJSON(_ id: Int) -> String {
        """
        {"id": \(id), "vendor_id": 3, "vendorName": "shop", "name": "\(name(id))", "description": "item \(id)",
         "thumbnail": "https://img.example/\(id).png", "currency": "KRW", "price": \(id * 1000).0,
         "bargain_price": \(id * 1000).0, "discounted_price": 0.0, "stock": \(id),
         "created_at": "2024-01-\(id < 10 ? "0" : "")\(id)T00:00:00", "issued_at": "2024-01-01T00:00:00"}
        """
    }

    func listJSON(page: Int, perPage: Int, search: String?, forcePage: Int? = nil, forceHasNext: Bool? = nil) -> String {
        let ids = (1...count).filter { id in search.map { name(id).contains($0) } ?? true }
        let lastPage = max(1, (ids.count + perPage - 1) / perPage)
        let slice = ids.dropFirst((page - 1) * perPage).prefix(perPage)
        let hasNext = forceHasNext ?? (page < lastPage)
        return """
            {"pageNo": \(forcePage ?? page), "itemsPerPage": \(perPage), "totalCount": \(ids.count), "offset": \((page - 1) * perPage),
             "limit": \(perPage), "lastPage": \(lastPage), "hasNext": \(hasNext), "hasPrev": \(page > 1),
             "pages": [\(slice.map(productJSON).joined(separator: ","))]}
            """
    }

    func detailJSON(id: Int) -> String? {
        guard (1...count).contains(id) else { return nil }
        let product = productJSON(id).dropLast()
        return product + """
            , "images": [{"id": \(id * 10), "url": "https://img.example/\(id)-a.png", "thumbnail_url": "https://img.example/\(id)-a-t.png", "issued_at": "2024-01-01T00:00:00"}],
             "vendors": {"id": 3, "name": "shop"}}
            """
    }
}
