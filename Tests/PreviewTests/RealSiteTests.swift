import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Preview
import SiteKit
import Testing

/// `sitegen serve` end to end: the real incremental session, the project's templates, the file
/// watcher on both folders, a real server on an ephemeral port.
@Suite(.timeLimit(.minutes(1))) struct RealSiteTests {
    /// A site folder with Markdown pages and a copy of the project's templates.
    struct Site {
        let root: URL
        var content: URL { root.appendingPathComponent("Content") }
        var templates: URL { root.appendingPathComponent("Templates") }

        init(pages: Int = 0) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("preview-real-\(UUID().uuidString)")
            let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: project.appendingPathComponent("Templates"), to: templates)
            try write("Content/site.yml", "title: Preview test\n")
            try write("Content/index.md", "---\ntitle: Home\n---\nRead [the guide](guide.md).\n")
            try write("Content/guide.md", "---\ntitle: Guide\n---\nThe first version.\n")
            for number in 0..<pages {
                try write("Content/notes/note-\(number).md", "---\ntitle: Note \(number)\n---\nNote number \(number).\n")
            }
            try write("secret.txt", "TOP-SECRET-OUTSIDE")
        }

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    private func withRealServer(_ site: Site, _ body: (PreviewServer, Int) async throws -> Void) async throws {
        let session = SiteSession(options: BuildOptions(siteFolder: site.root), kinds: [])
        try await withServer(source: session, watching: [site.content.path, site.templates.path], body)
    }

    @Test func editsReloadTheTabAndErrorsShowTheOverlayOverTheLastGoodPage() async throws {
        let site = try Site()
        defer { site.remove() }
        try await withRealServer(site) { _, port in
            let first = try await RawHTTP.request(port: port, target: "/guide/")
            #expect(first.status == 200)
            #expect(first.text.contains("The first version."))
            #expect(first.text.contains("new EventSource(\"/__sitegen/events\")"))
            let events = try EventStreamClient(port: port)
            defer { events.close() }
            _ = await events.next("hello")

            // Saving the Markdown rebuilds and reloads.
            try site.write("Content/guide.md", "---\ntitle: Guide\n---\nThe second version.\n")
            #expect(await events.next("reload") != nil)
            #expect(try await RawHTTP.request(port: port, target: "/guide/").text.contains("The second version."))

            // A broken page: the error reaches the open tab; the last good page is still served, with the overlay.
            try site.write("Content/guide.md", "---\ntitle: Guide\nweight: heavy\n---\nThe third version.\n")
            let error = try #require(await events.next("build-error"))
            #expect(error.data.contains("Content/guide.md"))
            let broken = try await RawHTTP.request(port: port, target: "/guide/")
            #expect(broken.status == 200)
            #expect(broken.text.contains("The second version."))
            #expect(broken.text.contains("id=\"sitegen-error-overlay\""))
            #expect(broken.text.contains("Content/guide.md:3: weight must be an integer, got &quot;heavy&quot;"))

            // Fixing it clears the overlay.
            try site.write("Content/guide.md", "---\ntitle: Guide\nweight: 2\n---\nThe fourth version.\n")
            #expect(await events.next("reload") != nil)
            let fixed = try await RawHTTP.request(port: port, target: "/guide/")
            #expect(fixed.text.contains("The fourth version."))
            #expect(!fixed.text.contains("id=\"sitegen-error-overlay\""))

            // A template edit reaches every page.
            let page = site.templates.appendingPathComponent("page.mustache")
            let template = try String(contentsOf: page, encoding: .utf8)
            try site.write("Templates/page.mustache", template.replacingOccurrences(of: "</article>", with: "<p>Edited layout.</p></article>"))
            #expect(await events.next("reload") != nil)
            #expect(try await RawHTTP.request(port: port, target: "/guide/").text.contains("Edited layout."))
            #expect(try await RawHTTP.request(port: port, target: "/").text.contains("Read"))

            // Nothing outside the built site is served, however the path is spelled.
            for target in ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/../Content/guide.md", "/guide/..%2f..%2fsecret.txt"] {
                let response = try await RawHTTP.request(port: port, target: target)
                #expect(response.status == 404, "\(target)")
                #expect(!response.text.contains("TOP-SECRET-OUTSIDE"), "\(target)")
            }
            // The Markdown report is served as the site has it, with no script injected.
            let report = try await RawHTTP.request(port: port, target: "/guide/index.md")
            #expect(report.text.contains("The fourth version."))
            #expect(!report.text.contains("EventSource"))
        }
    }

    /// 200 requests at once while a real full rebuild of a few hundred pages runs: every answer
    /// is a whole page, old or new.
    @Test func twoHundredConcurrentRequestsDuringARealRebuild() async throws {
        let site = try Site(pages: 300)
        defer { site.remove() }
        try await withRealServer(site) { server, port in
            let old = Self.withoutVersion(try await RawHTTP.request(port: port, target: "/notes/note-7/").text)
            let events = try EventStreamClient(port: port)
            defer { events.close() }
            _ = await events.next("hello")

            let page = site.templates.appendingPathComponent("page.mustache")
            let template = try String(contentsOf: page, encoding: .utf8)
            try site.write("Templates/page.mustache", template.replacingOccurrences(of: "</article>", with: "<p>Second layout.</p></article>"))
            server.requestRebuild(changed: [page.path])

            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 64
            configuration.timeoutIntervalForRequest = 30
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/notes/note-7/"))
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        let (data, response) = try await session.data(from: url)
                        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(await events.next("reload") != nil)
            let new = Self.withoutVersion(try await RawHTTP.request(port: port, target: "/notes/note-7/").text)
            #expect(new.contains("Second layout."))
            #expect(answers.count == 200)
            for (status, body) in answers {
                #expect(status == 200)
                #expect(Self.withoutVersion(body) == old || Self.withoutVersion(body) == new)
            }
        }
    }

    /// The page without the build version in its live-reload script (the watcher may add a build
    /// of the same files).
    private static func withoutVersion(_ page: String) -> String {
        page.replacing(/e\.data !== "[^"]*"/, with: "")
    }
}
