#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's entries read with `readdir`: the kind of each entry comes from the directory itself,
/// so listing a large tree needs no `stat` per file (only where the file system does not say).
enum DirectoryListing {
    enum Kind: Equatable {
        case file
        case folder
        /// A symbolic link (unless followed), socket, device or anything else.
        case other
    }

    struct Entry {
        let name: String
        let kind: Kind
    }

    /// The entries of `path` other than `.` and `..`, in directory order; nil when the folder
    /// cannot be read (`errno` says why).
    /// - Parameter followingLinksToFiles: a symbolic link to a regular file counts as a file.
    static func entries(of path: String, followingLinksToFiles: Bool) -> [Entry]? {
        guard let handle = opendir(path) else { return nil }
        defer { closedir(handle) }
        var entries: [Entry] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .folder
            case Int32(DT_LNK): kind = followingLinksToFiles && isRegularFile(path + "/" + name, following: true) ? .file : .other
            case Int32(DT_UNKNOWN): kind = Self.kind(of: path + "/" + name, followingLinksToFiles: followingLinksToFiles)
            default: kind = .other
            }
            entries.append(Entry(name: name, kind: kind))
        }
        return entries
    }

    /// Where the symbolic link at `path` points, as written in it; nil when it is not a link.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The kind of one path, for file systems that do not report it in the directory.
    private static func kind(of path: String, followingLinksToFiles: Bool) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return followingLinksToFiles && isRegularFile(path, following: true) ? .file : .other
        default: return .other
        }
    }

    private static func isRegularFile(_ path: String, following: Bool) -> Bool {
        var info = stat()
        return (following ? stat(path, &info) : lstat(path, &info)) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
