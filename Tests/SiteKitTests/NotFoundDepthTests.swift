import Foundation
import Testing

/// The 404 page finds the site's root when a host serves it at a missing address, however deep,
/// under a sub-path, without base_url.
@Suite("404 at any depth")
struct NotFoundDepthTests {
    @Test func theNotFoundPageFindsTheSiteRootWithoutABaseURL() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n"])
        defer { site.remove() }
        try await site.build()
        let page = try site.output("404.html")
        #expect(page.contains("<a href=\"index.html\">"))
        #expect(page.contains("fetch(rootAt(depth) + \"404.html\", { method: \"HEAD\", cache: \"no-store\" })"))
        #expect(page.contains("var sheets = [\"assets/site."))
    }
}
