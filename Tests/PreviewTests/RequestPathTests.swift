@testable import Preview
import Testing

@Suite struct RequestPathTests {
    @Test func decodesSegmentsAndDropsQueryAndEmptySegments() throws {
        let path = try #require(RequestPath(target: "/bank//morning%20run/?seed=3#top"))
        #expect(path.segments == ["bank", "morning run"])
        #expect(path.isFolder)
        #expect(path.filePath == "bank/morning run")
        #expect(path.indexPath == "bank/morning run/index.html")
    }

    @Test func rootIsTheIndexPage() throws {
        let path = try #require(RequestPath(target: "/"))
        #expect(path.segments.isEmpty && path.isFolder)
        #expect(path.indexPath == "index.html")
    }

    @Test func fileWithoutSlash() throws {
        let path = try #require(RequestPath(target: "/assets/site.css"))
        #expect(!path.isFolder)
        #expect(path.filePath == "assets/site.css")
    }

    @Test(arguments: [
        "/../secret.txt", "/a/../../secret.txt", "/./index.html", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
        "/.%2e/secret.txt", "/..%2fsecret.txt", "/a%2f..%2f..%2fsecret.txt", "/..%5csecret.txt", "/..\\secret.txt",
        "/index.html%00", "/%00", "/a%0ab", "/%zz", "/%2", "/%c0%ae%c0%ae/secret.txt", "/%ff", "secret.txt",
        "http://127.0.0.1/secret.txt", "*",
    ])
    func refusesUnsafeTargets(target: String) {
        #expect(RequestPath(target: target) == nil)
    }

    @Test func decodesOnlyOnce() throws {
        let path = try #require(RequestPath(target: "/%252e%252e/secret.txt"))
        #expect(path.segments == ["%2e%2e", "secret.txt"])
    }

    @Test func redirectLocationStaysOnThisHost() {
        #expect(PreviewResponder.location(["bank"]) == "/bank/")
        #expect(PreviewResponder.location(["example.com"]) == "/example.com/")
        #expect(PreviewResponder.location(["a b", "c?d"]) == "/a%20b/c%3Fd/")
    }
}
