import Foundation

/// Collects a build's files in memory as ``SiteFiles``; copied files are kept as references to
/// their source, read when served.
final class MemoryOutput: SiteOutput, @unchecked Sendable {
    private var files: SiteFiles
    private let lock = NSLock()

    /// Starts from `files`, which writes replace or add to.
    init(_ files: SiteFiles = SiteFiles()) {
        self.files = files
    }

    func write(_ data: Data, to relative: String) throws {
        lock.withLock { files[relative] = .data(data) }
    }

    func copy(_ source: URL, to relative: String) throws {
        lock.withLock { files[relative] = .file(source) }
    }

    /// Removes a file written by an earlier build.
    func remove(_ relative: String) {
        lock.withLock { files[relative] = nil }
    }

    /// Everything written so far.
    var contents: SiteFiles { lock.withLock { files } }
}
