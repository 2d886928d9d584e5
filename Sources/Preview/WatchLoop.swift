import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The body of ``FileWatcher``'s thread: waits for inotify events (or polls), gathers changed
/// paths and sends them once the folders have been quiet for the debounce interval. Returns when
/// the wake pipe becomes readable. Prepared by the thread that creates the watcher, then used by
/// the watching thread only.
///
/// `@unchecked Sendable`: its state is touched by one thread at a time — the creating thread
/// in ``prepare()``, then only the watching thread, started after `prepare()` returns.
final class WatchLoop: @unchecked Sendable {
    private let roots: [String]
    private let wake: Int32
    private let debounce: Int32
    private let pollInterval: Int32
    private let send: @Sendable (Set<String>) -> Void
    private var pending = Set<String>()
    /// The last scan, when polling.
    private var lastScan: FolderScan?
    #if os(Linux)
    private var inotify: Int32 = -1
    private var folders: [Int32: String] = [:]
    /// The folders holding the roots, by watch: a root deleted or moved away (as a `git
    /// checkout` or `rm -rf` does) is watched for there and taken up again when it comes back.
    private var parents: [Int32: String] = [:]
    #endif

    init(roots: [String], wake: Int32, debounce: Int32, pollInterval: Int32, send: @escaping @Sendable (Set<String>) -> Void) {
        self.roots = roots
        self.wake = wake
        self.debounce = debounce
        self.pollInterval = pollInterval
        self.send = send
    }

    /// Sets up the watches (or the first scan) on the caller's thread, so that every change made
    /// after this returns is seen.
    func prepare() {
        #if os(Linux)
        inotify = inotify_init1(Int32(IN_CLOEXEC))
        if inotify >= 0 {
            for root in roots {
                watchParent(of: root)
                watchTree(root, reportFiles: false)
            }
            return
        }
        #endif
        lastScan = FolderScan(roots)
    }

    /// Watches until the wake pipe becomes readable. Call ``prepare()`` first.
    func run() {
        #if os(Linux)
        if inotify >= 0 {
            defer { close(inotify) }
            runInotify()
            return
        }
        #endif
        runPolling()
    }

    /// Waits on the wake pipe and `fd` (if any) for `timeout` ms (-1: forever); true when stopped.
    private func wait(fd: Int32?, timeout: Int32) -> (stopped: Bool, readable: Bool) {
        var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        if let fd { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        let result = poll(&fds, nfds_t(fds.count), timeout)
        if result < 0 { return (errno != EINTR, false) }
        return (fds[0].revents != 0, fds.count > 1 && fds[1].revents != 0)
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        send(pending)
        pending = []
    }

    private func runPolling() {
        var last = lastScan ?? FolderScan(roots)
        while true {
            let (stopped, _) = wait(fd: nil, timeout: pollInterval)
            if stopped { return }
            let scan = FolderScan(roots)
            let changed = scan.changes(since: last)
            last = scan
            if changed.isEmpty { flush() } else { pending.formUnion(changed) }
        }
    }

    #if os(Linux)
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO)

    private func runInotify() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let (stopped, readable) = wait(fd: inotify, timeout: pending.isEmpty ? -1 : debounce)
            if stopped { return }
            guard readable else {
                flush()
                continue
            }
            let count = read(inotify, buffer, size)
            if count > 0 { handleEvents(buffer, count: count) }
        }
    }

    private func handleEvents(_ buffer: UnsafeMutableRawPointer, count: Int) {
        let header = MemoryLayout<inotify_event>.size
        var offset = 0
        while offset + header <= count {
            let wd = buffer.load(fromByteOffset: offset, as: Int32.self)
            let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = (buffer + offset + header).assumingMemoryBound(to: CChar.self)
            let name = length > 0 ? String(cString: nameStart) : ""
            offset += header + length
            handle(wd: wd, mask: mask, name: name)
        }
    }

    private func handle(wd: Int32, mask: UInt32, name: String) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            pending.formUnion(roots)
            return
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[wd] = nil
            parents[wd] = nil
            return
        }
        if let parent = parents[wd], !name.isEmpty, roots.contains(parent + "/" + name) {
            let root = parent + "/" + name
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                // The root is back: watched again, and every file in it counts as added.
                unwatch(root)
                watchTree(root, reportFiles: true)
                pending.insert(root)
            } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                // Gone, or moved away (its watches would report the new place under the old name).
                unwatch(root)
                pending.insert(root)
            }
        }
        guard let folder = folders[wd], !name.isEmpty, !WatchFilter.ignores(name) else { return }
        let path = folder + "/" + name
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        if isFolder && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            watchTree(path, reportFiles: true)
        } else if !isFolder || mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
            pending.insert(path)
        }
    }

    /// Watches the folder holding `root` for `root` appearing and going (other entries there are
    /// not reported).
    private func watchParent(of root: String) {
        let parent = URL(fileURLWithPath: root).deletingLastPathComponent().path
        guard parent != root else { return }
        // IN_MASK_ADD: the parent may be a watched folder too (its own watch keeps its events).
        let wd = inotify_add_watch(inotify, parent, UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ONLYDIR | IN_MASK_ADD))
        if wd >= 0 { parents[wd] = parent }
    }

    /// Stops watching `root` and the folders under it (not a folder holding a root).
    private func unwatch(_ root: String) {
        for (wd, path) in folders where (path == root || path.hasPrefix(root + "/")) && parents[wd] == nil {
            inotify_rm_watch(inotify, wd)
            folders[wd] = nil
        }
    }

    /// Watches `folder` and its subfolders; for a folder that just appeared, its files count as
    /// added (they may have been written before the watch existed).
    private func watchTree(_ folder: String, reportFiles: Bool) {
        let scan = FolderScan([folder])
        for path in scan.folders {
            let wd = inotify_add_watch(inotify, path, Self.mask)
            if wd >= 0 { folders[wd] = path }
        }
        if reportFiles { pending.formUnion(scan.files.keys) }
    }
    #endif
}
