import Basics
import Synchronization

/// The one table of every path a build writes, each claimed by its source before anything is
/// written there: pages, Markdown twins, report downloads and report pages, copied content files,
/// taxonomy pages, the feed, the sitemap, the search files, assets, `404.html`. Every writer goes
/// through ``SiteWriter``, which claims here first.
///
/// A second claim of a path, or a path that would have to be a file and a folder at once
/// (`tags/index.html`, and `tags/index.html/index.html` for a term named `index.html`), is a
/// collision: the later write is not made, and ``check()`` reports every collision, naming the
/// path and every source that claims it. No writer needs to know what the others write.
///
/// Safe to use from several threads at once.
final class OutputPaths: Sendable {
    /// The sources that claim one colliding path: as a file, and as a folder of other files.
    private struct Collision {
        var files: Set<String> = []
        var folders: Set<String> = []
    }

    private struct Table {
        /// Files by path, with the source that claimed each.
        var files: [String: String] = [:]
        /// Folders that claimed files need, with the source of the first file in each.
        var folders: [String: String] = [:]
        var collisions: [String: Collision] = [:]
        /// Paths with a name too long for a file system: the name and the source.
        var tooLong: [String: (name: Substring, source: String)] = [:]
    }

    /// The longest file or folder name file systems take, in bytes (ext4, APFS, NTFS: 255).
    static let maximumNameBytes = 255

    /// How the output folder is named in messages (`Public`).
    let label: String
    private let table = Mutex(Table())

    /// - Parameter expectedFiles: about how many files the build writes, room made for them at
    ///   once (a page writes two).
    init(label: String, expectedFiles: Int = 0) {
        self.label = label
        if expectedFiles > 0 { table.withLock { $0.files.reserveCapacity(expectedFiles) } }
    }

    /// Claims `path` (relative to the site root) for `source`: the file or the part of the build
    /// that writes it, as a user would name it (`Content/bank/index.md`, `the sitemap`). Returns
    /// false, and records the collision, when the path is taken or cannot be a file: the caller
    /// must not write it.
    @discardableResult
    func claim(_ path: String, by source: String) -> Bool {
        table.withLock { Self.claim(path, by: source, in: &$0) }
    }

    /// Claims each of `paths` for `source` as ``claim(_:by:)`` does, in one turn of the lock (a
    /// page's files, kept from an earlier build); returns whether every claim was made.
    @discardableResult
    func claim(_ paths: [String], by source: String) -> Bool {
        table.withLock { table in
            paths.reduce(true) { claimed, path in Self.claim(path, by: source, in: &table) && claimed }
        }
    }

    private static func claim(_ path: String, by source: String, in table: inout Table) -> Bool {
        // A path no longer than a name can be has no name too long (the split is for the rest).
        if path.utf8.count > Self.maximumNameBytes,
           let long = path.split(separator: "/").first(where: { $0.utf8.count > Self.maximumNameBytes }) {
            table.tooLong[path] = (long, source)
            return false
        }
        if let owner = table.files[path] {
            table.collisions[path, default: Collision()].files.formUnion([owner, source])
            return false
        }
        if let owner = table.folders[path] {
            table.collisions[path, default: Collision()].files.insert(source)
            table.collisions[path, default: Collision()].folders.insert(owner)
            return false
        }
        var ancestors: [String] = []
        var end = path.endIndex
        while let slash = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
            let folder = String(path[..<slash])
            if let owner = table.files[folder] {
                table.collisions[folder, default: Collision()].files.insert(owner)
                table.collisions[folder, default: Collision()].folders.insert(source)
                return false
            }
            if table.folders[folder] != nil { break }
            ancestors.append(folder)
            end = slash
        }
        table.files[path] = source
        for folder in ancestors { table.folders[folder] = source }
        return true
    }

    /// The source that claimed `path` as a file, if any.
    func owner(of path: String) -> String? {
        table.withLock { $0.files[path] }
    }

    /// Throws every collision recorded so far, one diagnostic per path, sorted by path: the same
    /// messages whatever order the claims came in.
    func check() throws {
        let (collisions, tooLong) = table.withLock { ($0.collisions, $0.tooLong) }
        var problems = DiagnosticCollector()
        var long: [String: [String]] = [:]
        for path in tooLong.keys.sorted() {
            guard let (name, source) = tooLong[path] else { continue }
            long["\(Self.shortened(name))\u{0}\(name.utf8.count)\u{0}\(source)", default: []].append(path)
        }
        for (key, paths) in long.sorted(by: { $0.value[0] < $1.value[0] }) {
            let parts = key.split(separator: "\u{0}", maxSplits: 2).map(String.init)
            let shown = Self.list(paths.map { path in
                SitePath.join(label, path.split(separator: "/", omittingEmptySubsequences: false).map(Self.shortened).joined(separator: "/"))
            })
            problems.add(Diagnostic("\(shown): the name \"\(parts[0])\" is \(parts[1]) bytes long, and a file system takes at most \(Self.maximumNameBytes); written by \(parts[2]); shorten it"))
        }
        // Paths that collide between the same sources (a page and its Markdown twin) are named
        // in one message.
        var groups: [[String]: [String]] = [:]
        for path in collisions.keys.sorted() {
            guard let collision = collisions[path] else { continue }
            let key = collision.files.sorted() + ["|"] + collision.folders.sorted()
            groups[key, default: []].append(path)
        }
        for (key, paths) in groups.sorted(by: { $0.value[0] < $1.value[0] }) {
            let split = key.firstIndex(of: "|") ?? key.endIndex
            let files = Array(key[..<split])
            let folders = Array(key[split...].dropFirst())
            let shown = Self.list(paths.map { SitePath.join(label, $0) })
            if !folders.isEmpty {
                let what = paths.count == 1 ? "would have to be a file" : "would each have to be a file"
                problems.add(Diagnostic("\(shown) \(what), written by \(Self.list(files)), and a folder, holding files written by \(Self.list(folders)); rename one"))
            } else if files.count == 1 {
                problems.add(Diagnostic("\(shown) \(paths.count == 1 ? "is" : "are") written twice by \(files[0]); rename one of the two"))
            } else {
                problems.add(Diagnostic("\(shown) \(paths.count == 1 ? "is" : "are") written by \(Self.list(files)); rename one"))
            }
        }
        try problems.check()
    }

    /// A name as messages show it: the first 40 characters and `…` when it is long.
    static func shortened(_ name: some StringProtocol) -> String {
        name.count > 60 ? String(name.prefix(40)) + "…" : String(name)
    }

    /// `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
