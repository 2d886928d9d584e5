import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Preview
import Testing

@Suite(.timeLimit(.minutes(1))) struct ConcurrencyTests {
    /// 200 requests at once while a rebuild is held half-way (the first 50 answers come while it is
    /// held) and then let go: every one is answered 200 with either the old page and the old
    /// version, or the new page and the new version.
    @Test func twoHundredRequestsDuringARebuild() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site, watch: false) { server, port, source in
            let old = try await RawHTTP.request(port: port, target: "/about/").text
            source.arm()
            try site.write("about.md", "About us, second version")
            server.requestRebuild(changed: [site.content.appendingPathComponent("about.md").path])
            try await eventually("the rebuild is under way") { source.isWaiting }

            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 64
            configuration.timeoutIntervalForRequest = 30
            let session = URLSession(configuration: configuration)
            let url = URL(string: "http://127.0.0.1:\(port)/about/")!
            var early: [(Int, String)] = []
            let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        let (data, response) = try await session.data(from: url)
                        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
                    }
                }
                var results: [(Int, String)] = []
                for try await result in group {
                    results.append(result)
                    if results.count == 50 {
                        early = results
                        source.release()
                    }
                }
                return results
            }
            session.finishTasksAndInvalidate()

            let new = try await RawHTTP.request(port: port, target: "/about/").text
            #expect(new.contains("<h1>About us, second version</h1>"))
            #expect(old != new)
            #expect(bodies.count == 200)
            #expect(early.allSatisfy { $0.1 == old }, "answered while the rebuild was held")
            for (status, body) in bodies {
                #expect(status == 200)
                #expect(body == old || body == new)
            }
        }
    }
}
