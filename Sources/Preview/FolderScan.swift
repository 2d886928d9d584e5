import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every watched file under some folders with its modification time and size: what the polling
/// watcher compares to find changes, and how a new folder's files are listed.
struct FolderScan: Equatable {
    struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
    }

    /// Absolute path → stamp, for regular files not ignored by ``WatchFilter``.
    private(set) var files: [String: Stamp] = [:]
    /// Absolute paths of the folders walked (not ignored ones).
    private(set) var folders: [String] = []

    init(_ roots: [String]) {
        for root in roots { walk(root) }
    }

    /// Paths added, removed or changed between `old` and `self`.
    func changes(since old: FolderScan) -> Set<String> {
        var changed = Set<String>()
        for (path, stamp) in files where old.files[path] != stamp { changed.insert(path) }
        for path in old.files.keys where files[path] == nil { changed.insert(path) }
        return changed
    }

    private mutating func walk(_ folder: String) {
        folders.append(folder)
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: folder)
        } catch {
            markUnreadable(folder)
            return
        }
        for name in names.sorted() where !WatchFilter.ignores(name) {
            let path = folder + "/" + name
            let attributes: [FileAttributeKey: Any]
            do {
                attributes = try manager.attributesOfItem(atPath: path)
            } catch {
                markUnreadable(path)
                continue
            }
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?:
                walk(path)
            case .typeRegular?:
                files[path] = Stamp(modified: attributes[.modificationDate] as? Date, size: (attributes[.size] as? NSNumber)?.intValue)
            default:
                continue
            }
        }
    }

    /// A path that is there but cannot be listed or looked at counts as a file with an empty
    /// stamp: its change (becoming unreadable, or readable again) starts a build, and the build
    /// names the problem with its path. A path gone meanwhile is left out: its absence is the
    /// change.
    private mutating func markUnreadable(_ path: String) {
        var info = stat()
        if lstat(path, &info) == 0 { files[path] = Stamp() }
    }
}
