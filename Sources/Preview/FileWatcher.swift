import Basics
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches folders (recursively) and reports, in batches, the absolute paths of files added,
/// changed or removed. A batch is sent once nothing has changed for the debounce interval, so an
/// editor's save (temp file, rename, write) gives one batch. Hidden files and editor temp files
/// are ignored (``WatchFilter``). A removed or moved-away folder is reported as its own path; if
/// the kernel's event queue overflows, the watched folders themselves are reported. A watched
/// folder that is removed and made again (or missing at first and made) is watched again, its
/// files reported as added.
///
/// On Linux it uses inotify (a watch on every folder, added for new folders as they appear); where
/// inotify is unavailable it compares a ``FolderScan`` every few hundred milliseconds.
public final class FileWatcher: Sendable {
    /// The batches of changed paths; ends after ``stop()``.
    public let changes: AsyncStream<Set<String>>

    private let continuation: AsyncStream<Set<String>>.Continuation
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let stopped = Locked(false)
    private let finished: AsyncStream<Void>

    /// Starts watching `folders` (absolute paths; a missing folder is watched for). Every change made
    /// after this returns is reported.
    /// - Parameters:
    ///   - debounce: how long the folders must stay quiet before a batch is sent.
    ///   - pollInterval: how often folders are compared when inotify is unavailable.
    public init(folders: [String], debounce: Duration = .milliseconds(30), pollInterval: Duration = .milliseconds(300)) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw WatchError(message: "cannot create a pipe: \(String(cString: strerror(errno)))") }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        (changes, continuation) = AsyncStream.makeStream(of: Set<String>.self)
        let (finished, done) = AsyncStream.makeStream(of: Void.self)
        self.finished = finished
        let loop = WatchLoop(
            roots: folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
            wake: wakeRead,
            debounce: Self.milliseconds(debounce),
            pollInterval: Self.milliseconds(pollInterval),
            send: { [continuation] in continuation.yield($0) }
        )
        loop.prepare()
        let thread = Thread { [continuation] in
            loop.run()
            continuation.finish()
            done.finish()
        }
        thread.name = "sitegen file watcher"
        thread.start()
    }

    /// Stops watching and waits until the watching thread has ended; ``changes`` then finishes.
    /// Later calls return at once.
    public func stop() async {
        let first = stopped.withLock { value in
            defer { value = true }
            return !value
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        for await _ in finished {}
        close(wakeWrite)
        close(wakeRead)
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
