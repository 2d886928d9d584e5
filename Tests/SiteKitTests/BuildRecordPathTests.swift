@testable import SiteKit
import Testing

/// A build record names the files a page wrote; only a plain relative path below the output
/// folder counts, as the file system splits it: at every `/` byte.
@Suite("Build record: plain relative paths")
struct BuildRecordPathTests {
    @Test(arguments: [
        "index.html", "notes/page-3/index.md", "a/.../b", "notes/..\u{301}/x", "..a/b..", ".hidden/x", "a/.b/c", "재고/index.html",
    ])
    func plainPathsAreTaken(path: String) {
        #expect(BuildRecord.isPlainRelative(path))
    }

    @Test(arguments: [
        "", ".", "..", "/index.html", "notes/", "notes//index.md", "notes/./index.md", "notes/../../Elsewhere/index.md",
        "a/..", "a\u{0}b",
        // A `/` followed by a combining mark is one character with it, but two parts to the file
        // system: `..` is still a part here.
        "../\u{301}index.html", "notes/../\u{301}x",
    ])
    func otherPathsAreRefused(path: String) {
        #expect(!BuildRecord.isPlainRelative(path))
    }
}
