import Foundation
import Synchronization

/// Collects a build's files in memory as ``SiteFiles``; copied files are kept as references to
/// their source, read when served.
final class MemoryOutput: BuildOutput {
    private let contents: Mutex<SiteFiles>

    /// Starts from `files`, which writes replace or add to.
    init(_ files: SiteFiles = SiteFiles()) {
        contents = Mutex(files)
    }

    func write(_ data: Data, to relative: String) throws {
        contents.withLock { $0[relative] = .data(data) }
    }

    func copy(_ source: URL, to relative: String) throws {
        contents.withLock { $0[relative] = .file(source) }
    }

    func remove(_ relative: String) {
        contents.withLock { $0[relative] = nil }
    }

    func commit() {}

    func discard() {}

    var files: SiteFiles { contents.withLock { $0 } }
}
