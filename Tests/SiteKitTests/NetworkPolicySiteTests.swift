import Basics
import BuiltInKinds
import Foundation
import SiteKit
import Testing

/// Issue 31: `site.yml` lists the URLs report blocks may fetch (`security.http.urls`, as in
/// Hugo); private and link-local addresses are refused unless listed, naming file, line and URL.
@Suite("Network policy in a site")
struct NetworkPolicySiteTests {
    private func site(_ files: [String: String]) throws -> TestSite {
        var site = try TestSite(["Content/index.md": "# Home\n"].merging(files) { _, new in new })
        site.kinds = BuiltInKinds.all
        return site
    }

    @Test func theCloudMetadataAddressIsRefused() async throws {
        let site = try site(["Content/shop.md": "# Shop\n\n```market\napi: http://169.254.169.254/latest\n```\n"])
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Content/shop.md:4: market: GET http://169.254.169.254/latest/api/products?page_no=1&items_per_page=20 refused: 169.254.169.254 is a link-local address (169.254.0.0/16, where cloud metadata services answer); sitegen fetches from such an address only when its URL is listed under security.http.urls (Content/site.yml)",
        ])
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".sitegen-cache").path))
    }

    /// The test's own loopback server must be listed, as any site's would.
    @Test func aLoopbackServerIsFetchedOnlyWhenListed() async throws {
        try await CatalogueServer.with { base in
            let site = try site(["Content/shop.md": "# Shop\n\n```market\napi: \(base)\n```\n"])
            defer { site.remove() }
            let refused = try #require(await site.failure())
            #expect(refused.diagnostics.map(\.description) == [
                "Content/shop.md:4: market: GET \(base)/api/products?page_no=1&items_per_page=20 refused: 127.0.0.1 is a loopback address; sitegen fetches from such an address only when its URL is listed under security.http.urls (Content/site.yml)",
            ])
            try site.write("security:\n  http:\n    urls: [\"\(base)/\"]\n", to: "Content/site.yml")
            try await site.build()
            #expect(try site.output("shop/index.html").contains("apple"))
        }
    }

    /// With a list, a URL it does not hold is refused, public or not.
    @Test func aListRefusesWhatItDoesNotHold() async throws {
        let site = try site([
            "Content/site.yml": "security:\n  http:\n    urls: [https://market.example.com/]\n",
            "Content/shop.md": "# Shop\n\n```market\napi: https://other.example.com\n```\n",
        ])
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Content/shop.md:4: market: GET https://other.example.com/api/products?page_no=1&items_per_page=20 refused: it is not under security.http.urls of Content/site.yml (https://market.example.com/); add it there to fetch it",
        ])
    }

    @Test func badListEntriesAreErrorsWithTheirLines() async throws {
        let site = try site(["Content/site.yml": "security:\n  http:\n    urls: ['.*', https://ok.example/]\n    methods: [GET]\n"])
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description).sorted() == [
            "Content/site.yml:3: security.http.urls[0] must be an absolute http(s) URL that fetches may start with, like https://api.example.com/ or http://127.0.0.1:8080/, got \".*\"",
            "Content/site.yml:4: unknown key \"security.http.methods\"; expected one of: urls",
        ].sorted())
    }

    /// `check` writes nothing: it said so, yet filled `.sitegen-cache/` with the API's answers.
    @Test func checkCachesNothing() async throws {
        try await CatalogueServer.with { base in
            let site = try site([
                "Content/site.yml": "security:\n  http:\n    urls: [\"\(base)/\"]\n",
                "Content/shop.md": "# Shop\n\n```market\napi: \(base)\n```\n",
            ])
            defer { site.remove() }
            let summary = try await Site(options: site.options, kinds: site.kinds).check()
            #expect(summary.reports == 1)
            #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".sitegen-cache").path))
            try await site.build()
            #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".sitegen-cache").path))
        }
    }
}
