import Foundation

/// The staging folders of the builds under way in this process, so that a process stopped by a
/// signal can remove them on its way out (the next build removes what a `kill -9` left).
public final class StagingFolders: @unchecked Sendable {
    /// The process's registry.
    public static let shared = StagingFolders()

    private var paths: Set<String> = []
    private let lock = NSLock()

    func add(_ path: String) {
        _ = lock.withLock { paths.insert(path) }
    }

    func remove(_ path: String) {
        _ = lock.withLock { paths.remove(path) }
    }

    /// The staging folders of builds under way, in path order.
    public var current: [String] {
        lock.withLock { paths.sorted() }
    }

    /// Removes the staging folder of every build under way; the output folders are untouched.
    ///
    /// Each folder is first renamed out of the way, so files the build is still writing cannot
    /// land in it while it is removed (they fail instead: their folder is gone).
    public func removeAll() {
        for path in lock.withLock({ paths.sorted() }) {
            let doomed = path + ".removing"
            let target = rename(path, doomed) == 0 ? doomed : path
            try? FileManager.default.removeItem(atPath: target)
            remove(path)
        }
    }
}
