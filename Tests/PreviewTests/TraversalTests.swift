import Foundation
@testable import Preview
import Testing

@Suite(.timeLimit(.minutes(1))) struct TraversalTests {
    static let targets = [
        "/../secret.txt", "/../../secret.txt", "/../../../../etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
        "/.%2e/secret.txt", "/%2e%2e%2fsecret.txt", "/..%2fsecret.txt", "/about/..%2f..%2fsecret.txt",
        "/..%5csecret.txt", "/%5c..%5csecret.txt", "/..%255c..%255csecret.txt", "/%252e%252e/secret.txt",
        "/photo.png%00", "/%00../secret.txt", "/%c0%ae%c0%ae/secret.txt", "/./../secret.txt", "/about/../../secret.txt",
        "//secret.txt", "/Content/../secret.txt", "/secret.txt", "/etc/passwd",
    ]

    @Test func everyTraversalAttemptIsNotFound() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site, watch: false) { _, port, _ in
            for target in Self.targets {
                let response = try await RawHTTP.request(port: port, target: target)
                #expect(response.status == 404, "\(target)")
                #expect(!response.text.contains(TestSite.secret), "\(target)")
                #expect(!response.text.contains("root:"), "\(target)")
            }
        }
    }

    /// Raw backslashes and absolute-form targets may be refused by the HTTP parser itself (400);
    /// either way nothing outside the site is served.
    @Test func rawBackslashAndAbsoluteFormNeverReachAFile() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await withServer(site, watch: false) { _, port, _ in
            for target in ["/..\\secret.txt", "/..\\..\\secret.txt", "http://127.0.0.1/../secret.txt"] {
                let response = try await RawHTTP.request(port: port, target: target)
                #expect([400, 404].contains(response.status), "\(target): \(response.status)")
                #expect(!response.text.contains(TestSite.secret), "\(target)")
            }
        }
    }
}
