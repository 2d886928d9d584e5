import Foundation
import Synchronization

/// The staging folders of the builds under way in this process, so that a process stopped by a
/// signal can remove them on its way out (the next build removes what a `kill -9` left).
public final class StagingFolders: Sendable {
    /// The process's registry.
    public static let shared = StagingFolders()

    private struct State {
        var paths: Set<String> = []
        var closed = false
    }

    private let state = Mutex(State())

    /// True once ``removeAll()`` ran: builds may write nothing more.
    var isClosed: Bool { state.withLock { $0.closed } }

    func add(_ path: String) {
        _ = state.withLock { $0.paths.insert(path) }
    }

    func remove(_ path: String) {
        _ = state.withLock { $0.paths.remove(path) }
    }

    /// The staging folders of builds under way, in path order.
    public var current: [String] {
        state.withLock { $0.paths.sorted() }
    }

    /// Stops every build under way from writing and removes its staging folder; the output
    /// folders are untouched. Each folder is first renamed out of the way, so files a build is
    /// still writing cannot land in it; writes already in flight may still add a file, so removal
    /// is tried again until the folder is gone (for at most about a second). Returns a message
    /// for each folder that could not be removed (the next build removes it).
    @discardableResult
    public func removeAll() -> [String] {
        let folders = state.withLock { state -> [String] in
            state.closed = true
            return state.paths.sorted()
        }
        var left: [String] = []
        for path in folders {
            let doomed = path + ".removing"
            let target = rename(path, doomed) == 0 ? doomed : path
            var failure: (any Error)?
            for _ in 0..<20 {
                do {
                    try FileCopy.remove(target)
                    failure = nil
                } catch {
                    failure = error
                }
                if !FileManager.default.fileExists(atPath: target) { break }
                usleep(50_000)
            }
            if FileManager.default.fileExists(atPath: target) {
                left.append("\(failure.map { "\($0)" } ?? "cannot remove \(target)"); the next build removes it")
            }
            remove(path)
        }
        return left
    }
}
