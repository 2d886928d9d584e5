import Foundation
@testable import Preview
import Testing

@Suite(.timeLimit(.minutes(1))) struct LiveReloadTests {
    @Test func editingAPageRebuildsAndSendsReload() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site) { _, port, source in
            let client = try EventStreamClient(port: port)
            defer { client.close() }
            let hello = try #require(await client.next("hello"))
            #expect(client.head.withLock { $0 }.lowercased().contains("content-type: text/event-stream"))
            let before = try await RawHTTP.request(port: port, target: "/about/")
            #expect(before.text.contains("e.data !== \"\(hello.data)\""))

            try site.write("about.md", "About us, edited")
            #expect(await client.next("reload") != nil)
            let after = try await RawHTTP.request(port: port, target: "/about/")
            #expect(after.text.contains("<h1>About us, edited</h1>"))
            #expect(!after.text.contains("e.data !== \"\(hello.data)\""), "a new version for the new build")
            let changed = try #require(source.calls.withLock { $0 }.last)
            #expect(changed.contains(site.content.appendingPathComponent("about.md").path))
        }
    }

    @Test func aBrokenPageShowsTheOverlayAndKeepsTheOldPage() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site) { _, port, _ in
            let client = try EventStreamClient(port: port)
            defer { client.close() }
            _ = await client.next("hello")

            try site.write("about.md", "About us\nBROKEN")
            let error = try #require(await client.next("build-error"))
            #expect(error.data.contains("\"file\":\"Content/about.md\""))
            #expect(error.data.contains("\"line\":2"))
            #expect(error.data.contains("sitegen-error-overlay"))

            let page = try await RawHTTP.request(port: port, target: "/about/")
            #expect(page.status == 200)
            #expect(page.text.contains("<h1>About us</h1>"), "the last good page is still served")
            #expect(page.text.contains("id=\"sitegen-error-overlay\""))
            #expect(page.text.contains("Content/about.md:2: unknown block &lt;bank&gt; &amp; &quot;friends&quot;"))
            #expect(page.text.contains("Render pages"))
            let css = try await RawHTTP.request(port: port, target: "/assets/site.css")
            #expect(!css.text.contains("id=\"sitegen-error-overlay\""))

            try site.write("about.md", "About us, fixed")
            #expect(await client.next("reload") != nil)
            let fixed = try await RawHTTP.request(port: port, target: "/about/")
            #expect(fixed.text.contains("<h1>About us, fixed</h1>"))
            #expect(!fixed.text.contains("id=\"sitegen-error-overlay\""))
        }
    }

    @Test func aFailingFirstBuildIsServedAsTheOverlay() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("index.md", "BROKEN")
        try await withServer(site) { _, port, _ in
            let page = try await RawHTTP.request(port: port, target: "/")
            #expect(page.status == 503)
            #expect(page.text.contains("Content/index.md:1: unknown block"))
            #expect(page.text.contains("EventSource"))

            let client = try EventStreamClient(port: port)
            defer { client.close() }
            _ = await client.next("hello")
            try site.write("index.md", "Home again")
            #expect(await client.next("reload") != nil)
            let fixed = try await RawHTTP.request(port: port, target: "/")
            #expect(fixed.status == 200)
            #expect(fixed.text.contains("<h1>Home again</h1>"))
        }
    }

    @Test func closedTabsAreForgottenAndShutdownEndsOpenStreams() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let source = TestSource(content: site.content)
        var configuration = PreviewConfiguration(host: "127.0.0.1", port: 0)
        configuration.handlesSignals = false
        let server = PreviewServer(source: source, configuration: configuration)
        let running = Task { try await server.run() }
        let port = try await waitForPort(server, running: running)

        let closed = try EventStreamClient(port: port)
        _ = await closed.next("hello")
        let open = try EventStreamClient(port: port)
        _ = await open.next("hello")
        #expect(server.hub.count == 2)
        closed.close()
        try await eventually("the closed tab is forgotten") { server.hub.count == 1 }

        await server.shutdown()
        try await running.value
        for await _ in open.events {}
        #expect(server.hub.count == 0)
    }
}
