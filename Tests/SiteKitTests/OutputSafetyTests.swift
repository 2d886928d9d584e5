import Foundation
import SiteKit
import Testing

/// SPEC §6, "The output folder is the only thing a build may touch": outputs that would swap out
/// the user's sources are refused before anything is written; old outputs are never written through.
@Suite("Output: the output folder is the only thing a build may touch")
struct OutputSafetyTests {
    private static let files = ["Content/index.md": "# Home\n\nHello.\n", "Content/p.md": "# P\n\nText.\n", "Public/.gitkeep": ""]

    /// Every path under `folder` (files and folders), for "nothing was written" checks.
    private static func listing(_ folder: URL) -> Set<String> {
        Set((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? [])
    }

    private func refused(_ site: TestSite, output: URL, force: Bool = false) async throws -> String {
        let parent = output.standardizedFileURL.deletingLastPathComponent()
        // Beside the output a build would make only `.NAME.sitegen-…` folders; other tests write
        // into the same temporary folder at the same time, so only those are compared.
        let top = { Set(((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.contains(".sitegen-") }) }
        let before = (Self.listing(site.root), top())
        let failure = try #require(await site.failure { $0.outputDirectory = output; $0.force = force })
        #expect(failure.step == "Check the output folder")
        #expect(Self.listing(site.root) == before.0)
        #expect(top() == before.1)
        return failure.diagnostics.map(\.message).joined(separator: "\n")
    }

    @Test func theProjectFolderItsAncestorsAndTheRootAreRefused() async throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        let project = try await refused(site, output: site.root)
        #expect(project == "refusing to write the site to \(site.root.standardizedFileURL.path): it is the project folder; nothing was written")
        let dotted = try await refused(site, output: site.root.appendingPathComponent("Content/.."))
        #expect(dotted.contains("it is the project folder"))
        let parent = try await refused(site, output: site.root.appendingPathComponent(".."), force: true)
        #expect(parent.contains("it contains the project folder"))
        let root = try #require(await site.failure { $0.outputDirectory = URL(fileURLWithPath: "/"); $0.force = true })
        #expect(root.diagnostics.map(\.message) == ["refusing to write the site to /: it is the file-system root; nothing was written"])
    }

    @Test func theContentAndTemplatesFoldersInsideAndAroundAreRefused() async throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        #expect(try await refused(site, output: site.root.appendingPathComponent("Content"), force: true).hasSuffix("it is the content folder; nothing was written"))
        #expect(try await refused(site, output: site.root.appendingPathComponent("Templates")).contains("it is the templates folder"))
        #expect(try await refused(site, output: site.root.appendingPathComponent("Content/out")).contains("it lies inside the content folder"))
        #expect(try await refused(site, output: site.root.appendingPathComponent("Templates/assets/x")).contains("it lies inside the templates folder"))
        // A link to the content folder is the content folder.
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("Linked").path, withDestinationPath: "Content")
        #expect(try await refused(site, output: site.root.appendingPathComponent("Linked/out")).contains("it lies inside the content folder"))
        // Content kept elsewhere: its parent is a project folder too.
        let elsewhere = try TestSite(["Site/Content/index.md": "# Home\n", "Site/Other/a.txt": "a"], templates: .none)
        defer { elsewhere.remove() }
        let failure = try #require(await site.failure {
            $0.contentDirectory = elsewhere.root.appendingPathComponent("Site/Content")
            $0.outputDirectory = elsewhere.root.appendingPathComponent("Site")
            $0.force = true
        })
        #expect(failure.diagnostics.map(\.message).joined().hasSuffix("Site: it is the project folder; nothing was written"))
    }

    @Test func aFolderSitegenDidNotMakeNeedsForce() async throws {
        let site = try TestSite(Self.files.merging(["Docs/thesis.tex": "my thesis", "Docs/.git/HEAD": "ref"]) { a, _ in a })
        defer { site.remove() }
        let docs = site.root.appendingPathComponent("Docs")
        let message = try await refused(site, output: docs)
        #expect(message.contains("the folder is not empty and was not made by sitegen (it has no .sitegen-output)"))
        #expect(message.contains("pass --force to replace it anyway"))
        #expect(FileManager.default.contents(atPath: docs.appendingPathComponent("thesis.tex").path) == Data("my thesis".utf8))

        // --force replaces it (the old folder is kept as the spare), and marks it.
        try await site.build { $0.outputDirectory = docs; $0.force = true }
        #expect(FileManager.default.fileExists(atPath: docs.appendingPathComponent("index.html").path))
        #expect(FileManager.default.fileExists(atPath: docs.appendingPathComponent(".sitegen-output").path))
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".Docs.sitegen-previous/thesis.tex").path))
        // From now on the folder (and the spare holding the old one) is sitegen's.
        try await site.build { $0.outputDirectory = docs }
        try await site.build { $0.outputDirectory = docs }
    }

    @Test func aFolderWithOnlyHiddenFilesIsEmptyAndTheMarkerSurvivesRebuilds() async throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        for _ in 0..<3 { try await site.build() }
        #expect(try site.output(".sitegen-output") == "This folder is written by sitegen: each build replaces all of it.\n")
        #expect(site.exists(".gitkeep"))
    }

    @Test func aSpareFolderSitegenDidNotMakeIsRefused() async throws {
        let site = try TestSite(Self.files.merging([".Public.sitegen-previous/notes.txt": "mine"]) { a, _ in a })
        defer { site.remove() }
        let message = try await refused(site, output: site.root.appendingPathComponent("Public"))
        #expect(message.contains(".Public.sitegen-previous, where the build keeps the previous site, was not made by sitegen"))
        #expect(try String(contentsOf: site.root.appendingPathComponent(".Public.sitegen-previous/notes.txt"), encoding: .utf8) == "mine")
    }

    @Test func staleStagingFoldersAreRemovedWhenTheirProcessIsGone() async throws {
        let dead = Int32.max  // no such process
        let site = try TestSite(Self.files.merging([
            ".Public.sitegen-staging-\(dead)/.sitegen-output": "",
            ".Public.sitegen-staging-\(dead)/index.html": "half",
            ".Public.sitegen-staging-\(getpid())x/keep": "not a pid",
        ]) { a, _ in a })
        defer { site.remove() }
        try await site.build()
        let names = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        #expect(!names.contains(".Public.sitegen-staging-\(dead)"))
        #expect(names.contains(".Public.sitegen-staging-\(getpid())x"))
        #expect(names.filter { $0.contains("sitegen-staging") }.count == 1)
    }

    @Test func aStaleStagingFolderWithoutTheMarkerIsLeftWithAWarning() async throws {
        let dead = Int32.max
        let site = try TestSite(Self.files.merging([".Public.sitegen-staging-\(dead)/thesis.tex": "mine"]) { a, _ in a })
        defer { site.remove() }
        let warnings = WarningLog()
        try await Site(options: site.options, kinds: [], log: warnings.record).build()
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("was not made by sitegen (no .sitegen-output); remove it by hand") == true)
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".Public.sitegen-staging-\(dead)/thesis.tex").path))
    }

    /// `Public/index.md` replaced by a link to a file outside the project, and `Public/index.html`
    /// hard-linked from outside: two builds later (when that tree is written over) both outside
    /// files are unchanged and the site holds plain files.
    @Test func linksInAnOldOutputAreReplacedNeverWrittenThrough() async throws {
        let site = try TestSite(Self.files.merging([
            "Outside/secret.txt": "secret",
            "Outside/folder/keep.txt": "keep",
            "Content/b/c.md": "# C\n",
        ]) { a, _ in a })
        defer { site.remove() }
        let manager = FileManager.default
        let outside = site.root.appendingPathComponent("Outside")
        try await site.build()
        try await site.build()
        let publicFolder = site.root.appendingPathComponent("Public")
        try manager.removeItem(at: publicFolder.appendingPathComponent("index.md"))
        try manager.createSymbolicLink(at: publicFolder.appendingPathComponent("index.md"), withDestinationURL: outside.appendingPathComponent("secret.txt"))
        try manager.linkItem(at: publicFolder.appendingPathComponent("index.html"), to: outside.appendingPathComponent("hard.html"))
        let hardBefore = try Data(contentsOf: outside.appendingPathComponent("hard.html"))
        try manager.removeItem(at: publicFolder.appendingPathComponent("b"))
        try manager.createSymbolicLink(at: publicFolder.appendingPathComponent("b"), withDestinationURL: outside.appendingPathComponent("folder"))
        try site.write("# Home\n\nChanged.\n", to: "Content/index.md")
        try await site.build()
        try await site.build()
        #expect(try String(contentsOf: outside.appendingPathComponent("secret.txt"), encoding: .utf8) == "secret")
        #expect(try Data(contentsOf: outside.appendingPathComponent("hard.html")) == hardBefore)
        #expect(Self.listing(outside.appendingPathComponent("folder")) == ["keep.txt"])
        #expect(try site.output("index.md").contains("Changed."))
        let attributes = try manager.attributesOfItem(atPath: publicFolder.appendingPathComponent("index.md").path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try manager.attributesOfItem(atPath: publicFolder.appendingPathComponent("b").path)[.type] as? FileAttributeType == .typeDirectory)
    }
}

/// Collects a build's warnings.
final class WarningLog: @unchecked Sendable {
    private var items: [String] = []
    private let lock = NSLock()

    var all: [String] { lock.withLock { items } }

    func record(_ event: BuildEvent) {
        if case .warning(let text) = event { lock.withLock { items.append(text) } }
    }
}
