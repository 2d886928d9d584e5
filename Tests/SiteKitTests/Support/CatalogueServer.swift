import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A market API on 127.0.0.1 at an ephemeral port for site builds: one page of two products
/// at `/api/products`; counts the requests.
enum CatalogueServer {
    static let list = """
        {"pageNo": 1, "itemsPerPage": 20, "totalCount": 2, "offset": 0, "limit": 20, "lastPage": 1, "hasNext": false, "hasPrev": false,
         "pages": [
          {"id": 1, "vendor_id": 3, "name": "apple", "thumbnail": "https://img.example/1.png", "currency": "KRW", "price": 1000.0,
           "bargain_price": 1000.0, "discounted_price": 0.0, "stock": 1, "created_at": "2024-01-01T00:00:00", "issued_at": "2024-01-01T00:00:00"},
          {"id": 2, "vendor_id": 3, "name": "pear", "thumbnail": "https://img.example/2.png", "currency": "KRW", "price": 2000.0,
           "bargain_price": 2000.0, "discounted_price": 0.0, "stock": 0, "created_at": "2024-01-02T00:00:00", "issued_at": "2024-01-01T00:00:00"}]}
        """

    /// Runs `body` with the server's base URL (`http://127.0.0.1:PORT`), then stops the server.
    static func with<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.get("api/products") { _, _ -> Response in
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: list)))
        }
        let (ports, portsContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "catalogue-server")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portsContinuation.yield(channel.localAddress?.port ?? 0)
                portsContinuation.finish()
            },
            logger: logger)
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { () -> T? in
                try await services.run()
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            let result: Result<T, any Error>
            do {
                result = .success(try await body("http://127.0.0.1:\(port)"))
            } catch {
                result = .failure(error)
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return try result.get()
        }
    }
}
