#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells a file in the output apart from any other version of it: its inode, size and
/// modification and change times (to the nanosecond). Writing to the file, replacing it, or
/// changing its times or links changes the change time, which no one can set back; a file whose
/// stamp is as a build recorded it holds the bytes that build wrote.
struct OutputStamp: Sendable, Equatable {
    let inode: UInt64
    let size: Int64
    /// Nanoseconds since 1970.
    let modified: Int64
    let changed: Int64

    /// No stamp: a file copied, or not written yet.
    static let none = OutputStamp(inode: 0, size: -1, modified: 0, changed: 0)

    init(inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    init(_ info: stat) {
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec)
    }

    /// A folder as the file system knows it, whatever it is named: it keeps this through renames.
    struct Folder: Sendable, Equatable {
        let device: UInt64
        let inode: UInt64

        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }

        /// The folder at `path` (not followed when it is a link), or nil when there is none.
        init?(path: String) {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
            self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
    }
}
