import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Preview
import Testing

@Suite(.timeLimit(.minutes(1))) struct ServingTests {
    @Test func answersPagesFoldersAndMisses() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site) { _, port, _ in
            // A plain client first: URLSession, as a browser would ask.
            let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/")!)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
            #expect(http.value(forHTTPHeaderField: "Cache-Control") == "no-cache")
            #expect(String(decoding: data, as: UTF8.self).contains("<h1>Home page</h1>"))

            let about = try await RawHTTP.request(port: port, target: "/about/")
            #expect(about.status == 200)
            #expect(about.text.contains("<h1>About us</h1>"))

            let redirect = try await RawHTTP.request(port: port, target: "/about?x=1")
            #expect(redirect.status == 302)
            #expect(redirect.headers["location"] == "/about/")

            let missing = try await RawHTTP.request(port: port, target: "/nowhere/")
            #expect(missing.status == 404)
            #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
            #expect(missing.text.contains("<h1>Lost page</h1>"))
            #expect(missing.text.contains("EventSource"))

            let head = try await RawHTTP.request(port: port, target: "/about/", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == String(about.body.count))

            let post = try await RawHTTP.request(port: port, target: "/", method: "POST")
            #expect(post.status == 405)
        }
    }

    @Test func contentTypesAndInjectionOnlyIntoHTML() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site, watch: false) { _, port, _ in
            let expectations: [(String, String)] = [
                ("/assets/site.css", "text/css; charset=utf-8"),
                ("/logo.svg", "image/svg+xml; charset=utf-8"),
                ("/data.json", "application/json; charset=utf-8"),
                ("/notes.md", "text/markdown; charset=utf-8"),
                ("/photo.png", "image/png"),
            ]
            for (target, type) in expectations {
                let response = try await RawHTTP.request(port: port, target: target)
                #expect(response.status == 200, "\(target)")
                #expect(response.headers["content-type"] == type, "\(target)")
                #expect(response.headers["cache-control"] == "no-cache", "\(target)")
                #expect(!response.text.contains("EventSource"), "\(target) must come as built")
            }
            #expect(try await RawHTTP.request(port: port, target: "/assets/site.css").text == "body { color: red } /* </body> */")
            #expect(try await RawHTTP.request(port: port, target: "/photo.png").body == Data([0x89, 0x50, 0x4E, 0x47]))

            let page = try await RawHTTP.request(port: port, target: "/")
            let script = try #require(page.text.range(of: "<script>"))
            let closing = try #require(page.text.range(of: "</BODY>"))
            #expect(script.upperBound < closing.lowerBound)
            #expect(page.text.hasPrefix("<!doctype html><html><body><h1>Home page</h1><script>"))
        }
    }

    @Test func withoutA404PageTheServerAnswersItsOwn() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site, source: TestSource(content: site.content, with404: false), watch: false) { _, port, _ in
            let response = try await RawHTTP.request(port: port, target: "/nowhere")
            #expect(response.status == 404)
            #expect(response.text.contains("<p>Not found.</p>"))
            #expect(response.text.contains("EventSource"))
        }
    }

    @Test func aFileGoneFromDiskIsNotFound() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site, watch: false) { _, port, _ in
            try FileManager.default.removeItem(at: site.content.appendingPathComponent("photo.png"))
            let response = try await RawHTTP.request(port: port, target: "/photo.png")
            #expect(response.status == 404)
        }
    }

    /// Issue 31: a FIFO put where a served file was made the request wait forever.
    @Test func aFIFOWhereAFileWasIsRefusedNotWaitedOn() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site, watch: false) { _, port, _ in
            let photo = site.content.appendingPathComponent("photo.png").path
            try FileManager.default.removeItem(atPath: photo)
            #expect(mkfifo(photo, 0o644) == 0)
            let response = try await RawHTTP.request(port: port, target: "/photo.png")
            #expect(response.status == 500)
            #expect(String(decoding: response.body, as: UTF8.self) == "photo.png: is a FIFO (named pipe), not a regular file; refused (remove it, or replace it with a file)\n")
        }
    }
}
