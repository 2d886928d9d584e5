import Basics
import Foundation
import TestThreads
import ReportKit
import SiteKit
import Testing

/// A site written into a fresh temporary folder, built with the real pipeline.
struct TestSite {
    let root: URL
    var kinds: [any ReportKind] = []

    /// Writes `files` (path → text) under a new folder. Templates default to the project's own.
    init(_ files: [String: String], templates: Templates = .project) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-test-\(UUID().uuidString)")
        for (path, text) in files {
            try write(text, to: path)
        }
        let source: URL
        switch templates {
        case .project: source = TestSite.projectFolder.appendingPathComponent("Templates")
        case .bare: source = try #require(Bundle.module.url(forResource: "Fixtures/bare-templates", withExtension: nil))
        case .none: return
        }
        try FileManager.default.copyItem(at: source.resolvingSymlinksInPath(), to: root.appendingPathComponent("Templates"))
    }

    /// Copies the fixture site `Fixtures/<name>` (its `Content/`, and `Templates/` if it has one)
    /// into a new folder.
    init(fixture name: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-test-\(UUID().uuidString)")
        let source = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        try FileManager.default.copyItem(at: source.resolvingSymlinksInPath(), to: root)
    }

    enum Templates { case project, bare, none }

    /// The repository folder (for the real templates and example content).
    static var projectFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    var options: BuildOptions {
        var options = BuildOptions(siteFolder: root)
        options.cacheDirectory = root.appendingPathComponent(".sitegen-cache")
        return options
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @discardableResult
    func build(_ adjust: (inout BuildOptions) -> Void = { _ in }) async throws -> BuildSummary {
        var options = options
        adjust(&options)
        let site = Site(options: options, kinds: kinds)
        return try await withTaskExecutorPreference(TestThreads.shared) { try await site.build() }
    }

    /// `sitegen check` on the site: the whole build in memory and every link followed, on the
    /// tests' build threads.
    @discardableResult
    func check() async throws -> BuildSummary {
        let site = Site(options: options, kinds: kinds)
        return try await withTaskExecutorPreference(TestThreads.shared) { try await site.check() }
    }

    /// The build's failure, or nil when it succeeded.
    func failure(_ adjust: (inout BuildOptions) -> Void = { _ in }) async -> BuildFailure? {
        do {
            try await build(adjust)
            return nil
        } catch let failure as BuildFailure {
            return failure
        } catch {
            return BuildFailure(step: "unexpected", diagnostics: [Diagnostic("\(error)")])
        }
    }

    func output(_ path: String) throws -> String {
        let data = try Data(contentsOf: root.appendingPathComponent("Public").appendingPathComponent(path))
        return String(decoding: data, as: UTF8.self)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("Public").appendingPathComponent(path).path)
    }

    /// Every output file's bytes by relative path.
    func snapshot() throws -> [String: Data] {
        Self.snapshot(root.appendingPathComponent("Public"))
    }

    /// Every file's bytes under `folder`, by relative path, without the `.sitegen-output` marker
    /// (an output folder on disk has it, a site in memory does not).
    static func snapshot(_ folder: URL) -> [String: Data] {
        let base = folder.standardizedFileURL.path
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return result }
        for case let path as String in enumerator where path != ".sitegen-output" {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder)
            if !isFolder.boolValue { result[path] = FileManager.default.contents(atPath: base + "/" + path) }
        }
        return result
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
