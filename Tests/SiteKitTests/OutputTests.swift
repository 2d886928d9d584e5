import Foundation
import SiteKit
import Testing

/// The output is double-buffered: each build writes over the site the build before last left in
/// `.Public.sitegen-previous/`. Whatever that tree held, the result must equal a fresh build.
@Suite("Output: atomic swap over the previous site")
struct OutputTests {
    private func freshBuild(of site: TestSite) async throws -> [String: Data] {
        let fresh = site.root.appendingPathComponent("Fresh")
        try await site.build { $0.outputDirectory = fresh }
        return TestSite.snapshot(fresh)
    }

    @Test func rebuildsOverTheSiteBeforeLastEqualAFreshBuild() async throws {
        let site = try TestSite([
            "Content/index.md": "# Home\n\nSee [a](a.md) and [c](b/c.md).\n",
            "Content/a.md": "# A\n\nFirst.\n",
            "Content/b/c.md": "# C\n\nOld text.\n",
            "Content/e": "a file where a folder will be\n",
            "Content/keep.txt": "unchanged\n",
            "Content/gone.md": "# Gone\n\nDeleted before the third build.\n",
            "Content/img/gone.svg": "<svg/>",
            "Public/.gitkeep": "",
        ])
        defer { site.remove() }
        try await site.build()
        try await site.build()
        let spare = site.root.appendingPathComponent(".Public.sitegen-previous")
        #expect(FileManager.default.fileExists(atPath: spare.appendingPathComponent("a/index.html").path))

        // The spare holds folder a/ and file e; the new site has file a and folder e/.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/a.md"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/e"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/gone.md"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/img"))
        try site.write("a file where a folder was\n", to: "Content/a")
        try site.write("# E\n\nNew page.\n", to: "Content/e.md")
        try site.write("# C\n\nNew text, longer than the old one.\n", to: "Content/b/c.md")
        try site.write("# Home\n\nSee [e](e.md) and [c](b/c.md).\n", to: "Content/index.md")
        try await site.build()

        var built = try site.snapshot()
        #expect(built.removeValue(forKey: ".gitkeep") == Data())
        #expect(built == (try await freshBuild(of: site)))
        #expect(try site.output("a") == "a file where a folder was\n")
        #expect(try site.output("b/c/index.html").contains("New text, longer than the old one."))
        #expect(!site.exists("a/index.html"))
        #expect(!site.exists("gone/index.html"))
        #expect(!site.exists("img"))
    }

    @Test func aShorterFileOverALongerOneIsCutToLength() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n\n" + String(repeating: "Long text. ", count: 200) + "\n"])
        defer { site.remove() }
        try await site.build()
        try await site.build()
        try site.write("# Home\n\nShort.\n", to: "Content/index.md")
        try await site.build()
        #expect(try site.snapshot() == (try await freshBuild(of: site)))
        #expect(!(try site.output("index.md")).contains("Long text"))
    }

    /// A file written over is compared with its new bytes a chunk (8 KiB) at a time: a page of
    /// several chunks whose one changed letter lies in its last chunk, at the same length, is
    /// written again, and one whose bytes are all the same is left as it is.
    @Test func aLongPageDifferingOnlyNearItsEndIsWrittenOver() async throws {
        let long = String(repeating: "Long text. ", count: 20_000)
        let site = try TestSite(["Content/index.md": "# Home\n\n" + long + "End A.\n"])
        defer { site.remove() }
        try await site.build()
        try await site.build()
        try site.write("# Home\n\n" + long + "End B.\n", to: "Content/index.md")
        try await site.build()
        #expect(try site.snapshot() == (try await freshBuild(of: site)))
        #expect(try site.output("index.md").hasSuffix("End B.\n"))
        #expect(try site.output("index.html").contains("End B."))
        try await site.build()
        #expect(try site.snapshot() == (try await freshBuild(of: site)))
    }

    @Test func aFailedBuildLeavesTheOutputAndTheNextBuildIsRight() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n\nHello.\n", "Content/p.md": "# P\n\nText.\n"])
        defer { site.remove() }
        try await site.build()
        try await site.build()
        let good = try site.snapshot()
        try site.write("---\nweight: heavy\n---\n# P\n", to: "Content/p.md")
        #expect(await site.failure() != nil)
        #expect(try site.snapshot() == good)
        try site.write("# P\n\nFixed.\n", to: "Content/p.md")
        try await site.build()
        #expect(try site.snapshot() == (try await freshBuild(of: site)))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("sitegen-staging") }
        #expect(leftovers.isEmpty)
    }

    /// Content is listed with readdir: a link to a file inside the content folder is a file of the
    /// site, a link to a folder is skipped with a warning, hidden files are skipped.
    @Test func linksToFilesAreCopiedLinksToFoldersAreNot() async throws {
        let site = try TestSite([
            "Content/index.md": "# Home\n",
            "Content/shared/logo.svg": "<svg/>",
            "Content/shared/notes/n.md": "# Note\n",
            "Content/.hidden.md": "# Hidden\n",
        ])
        defer { site.remove() }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: site.root.appendingPathComponent("Content/logo.svg").path, withDestinationPath: "shared/logo.svg")
        try manager.createSymbolicLink(atPath: site.root.appendingPathComponent("Content/notes").path, withDestinationPath: site.root.appendingPathComponent("Content/shared/notes").path)
        let warnings = WarningLog()
        try await Site(options: site.options, kinds: [], log: warnings.record).build()
        #expect(try site.output("logo.svg") == "<svg/>")
        #expect(!site.exists("notes/n/index.html"))
        #expect(site.exists("shared/notes/n/index.html"))
        #expect(!site.exists(".hidden/index.html"))
        #expect(warnings.all == ["Content/notes: skipped: it is a link to a folder inside Content/ (its files are published from where they are)"])
    }

    /// A link that leads out of the content folder would publish a file from elsewhere on the
    /// disk: refused, naming the link; so is a name that cannot be part of a link.
    @Test func linksOutOfTheContentFolderAndUnlinkableNamesAreErrors() async throws {
        let site = try TestSite([
            "Content/index.md": "# Home\n",
            "Content/data/a#b.csv": "x",
            "Content/100%.md": "# All\n",
            "Content/new\nline.md": "# New\n",
            "Secret/passwd": "root:x:0:0",
        ])
        defer { site.remove() }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: site.root.appendingPathComponent("Content/data/users.txt").path, withDestinationPath: "../../Secret/passwd")
        try manager.createSymbolicLink(atPath: site.root.appendingPathComponent("Content/etc").path, withDestinationPath: site.root.appendingPathComponent("Secret").path)
        try manager.createSymbolicLink(atPath: site.root.appendingPathComponent("Content/gone.txt").path, withDestinationPath: "nowhere.txt")
        let failure = try #require(await site.failure())
        #expect(failure.step == "Load content")
        let secret = site.root.appendingPathComponent("Secret").standardizedFileURL.resolvingSymlinksInPath().path
        #expect(failure.diagnostics.map(\.description).sorted() == [
            "Content/100%.md: the name holds \"%\", which cannot be part of a link; rename it",
            "Content/data/a#b.csv: the name holds \"#\", which cannot be part of a link; rename it",
            "Content/data/users.txt: is a link to \(secret)/passwd, outside Content/; refused (copy the file into Content/ or link within it)",
            "Content/etc: is a link to \(secret), outside Content/; refused (copy the file into Content/ or link within it)",
            "Content/gone.txt: is a link to nowhere.txt, which does not exist",
            "Content/new\\nline.md: the name holds \"\\n\", which cannot be part of a link; rename it",
        ])
        #expect(!site.exists("data/users.txt"))
    }
}
