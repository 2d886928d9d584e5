import Foundation

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
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !WatchFilter.ignores(name) {
            let path = folder + "/" + name
            guard let attributes = try? manager.attributesOfItem(atPath: path) else { continue }
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
}
