import Foundation
@testable import Preview

/// A temporary folder with `Content/` (the pages of ``TestSource``) and, beside it, a secret file
/// that must never be served.
struct TestSite {
    let root: URL
    let content: URL
    static let secret = "TOP-SECRET-7f3a"

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("preview-tests-\(UUID().uuidString)")
        content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Self.secret.write(to: root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try write("index.md", "Home page")
        try write("about.md", "About us")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: content.appendingPathComponent("photo.png"))
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(to: content.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// Runs `body` with a preview server for `site` listening on an ephemeral port, then shuts it down
/// and checks that `run()` returned.
func withServer(
    _ site: TestSite,
    source: TestSource? = nil,
    watch: Bool = true,
    _ body: (PreviewServer, Int, TestSource) async throws -> Void
) async throws {
    let source = source ?? TestSource(content: site.content)
    try await withServer(source: source, watching: watch ? [site.content.path] : []) { server, port in
        try await body(server, port, source)
    }
}

/// Runs `body` with a preview server for `source`, watching `folders`, on an ephemeral port; then
/// shuts it down and checks that `run()` returned.
func withServer(source: any SiteSource, watching folders: [String], _ body: (PreviewServer, Int) async throws -> Void) async throws {
    var configuration = PreviewConfiguration(host: "127.0.0.1", port: 0, watchedFolders: folders)
    configuration.handlesSignals = false
    let server = PreviewServer(source: source, configuration: configuration)
    let running = Task { try await server.run() }
    let port = try await waitForPort(server, running: running)
    do {
        try await body(server, port)
    } catch {
        await server.shutdown()
        _ = try? await running.value
        throw error
    }
    await server.shutdown()
    try await running.value
}

/// The server's port, once it listens; throws run()'s error if it stops first.
func waitForPort(_ server: PreviewServer, running: Task<Void, any Error>) async throws -> Int {
    // Generous: the first build runs before the server listens, and CI machines can be loaded.
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
        if let port = server.port { return port }
        try await Task.sleep(for: .milliseconds(10))
    }
    running.cancel()
    try await running.value
    throw TestFailure("the server did not start listening")
}

/// Polls `condition` until it holds (20 s at most).
func eventually(_ what: String, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(20)
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    throw TestFailure("timed out waiting until \(what)")
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
