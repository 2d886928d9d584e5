import Basics
import Foundation
@testable import Preview
import Testing

@Suite(.timeLimit(.minutes(1))) struct StartupTests {
    @Test func aPortInUseIsAClearError() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site, watch: false) { _, port, _ in
            var configuration = PreviewConfiguration(host: "127.0.0.1", port: port)
            configuration.handlesSignals = false
            let second = PreviewServer(source: TestSource(content: site.content), configuration: configuration)
            await #expect(throws: PreviewError.portInUse(host: "127.0.0.1", port: port)) {
                try await second.run()
            }
            #expect(PreviewError.portInUse(host: "127.0.0.1", port: 8000).description
                == "port 8000 is already in use on 127.0.0.1; stop the other server or try --port 8001")
            // The first server is unaffected.
            let first = try await RawHTTP.request(port: port, target: "/")
            #expect(first.status == 200)
        }
    }

    @Test func printsTheURLOnceListening() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let events = Locked<[String]>([])
        var configuration = PreviewConfiguration(host: "127.0.0.1", port: 0)
        configuration.handlesSignals = false
        let server = PreviewServer(source: TestSource(content: site.content), configuration: configuration) { event in
            events.withLock { $0.append(event.description) }
        }
        let running = Task { try await server.run() }
        let port = try await waitForPort(server, running: running)
        await server.shutdown()
        try await running.value
        let printed = events.withLock { $0 }
        #expect(printed.count == 2)
        #expect(printed.first?.hasPrefix("Built the site in ") == true && printed.first?.hasSuffix(" ms.") == true)
        #expect(printed.last == "Serving the site at http://127.0.0.1:\(port)/ (Ctrl-C to stop)")
    }

    @Test func shutdownBeforeListeningEndsRun() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let source = TestSource(content: site.content)
        source.arm()
        var configuration = PreviewConfiguration(host: "127.0.0.1", port: 0, watchedFolders: [site.content.path])
        configuration.handlesSignals = false
        let server = PreviewServer(source: source, configuration: configuration)
        let running = Task { try await server.run() }
        try await eventually("the first build is under way") { source.isWaiting }
        await server.shutdown()
        source.release()
        try await running.value
        #expect(server.port == nil)
    }
}
