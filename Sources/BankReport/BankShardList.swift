import Basics
import Foundation
import ReportKit

/// A scenario's `shards:` — the files that `sitegen bank --shard K/N` wrote, whose days a report
/// shows instead of simulating them: a file or a folder (every `.json` file directly in it), or
/// a list of them.
///
/// Each path is relative: to the page's folder first, then to the content folder (as a data
/// block's `source:`); from the command line, to the scenario file's folder. A path never leaves
/// that folder: an absolute path, `~`, `..`, a backslash or a colon is an error at its line, and
/// so is a link that leads out.
public struct BankShardList: Sendable, Equatable {
    /// One path as written, with its line.
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var line: Int?
        /// How messages name the key: `shards` or `shards[2]`.
        public var key: String
    }

    public var entries: [Entry]
    /// The line of the `shards:` key.
    public var line: Int?

    /// Reads `shards:`: a path, or a list of 1…``BankShard/maxCount`` paths.
    init(_ node: ScenarioNode) throws {
        let items = (try? node.list()) ?? [node]
        guard (1...BankShard.maxCount).contains(items.count) else {
            throw node.error("must name 1 to \(BankShard.maxCount) shard files or folders, got \(items.count)")
        }
        var problems = DiagnosticCollector()
        var entries: [Entry] = []
        for item in items {
            problems.attempt {
                guard let path = try? item.string() else {
                    throw item.error("must be a shard file or a folder of them (results/grid), or a list of them, got \(item.shownValue)")
                }
                try Self.check(path, item)
                entries.append(Entry(path: path, line: item.line, key: item.path))
            }
        }
        try problems.check()
        self.entries = entries
        line = node.line
    }

    /// A path must be relative and stay inside its folder.
    private static func check(_ path: String, _ node: ScenarioNode) throws {
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw node.error("must name a shard file or a folder of them, got an empty path")
        }
        guard !path.hasPrefix("/"), !path.hasPrefix("~"), !path.contains("\\"), !path.contains(":") else {
            throw node.error("must be a relative path (to the page or the content folder), got \(node.shownValue)")
        }
        guard !path.split(separator: "/").contains("..") else {
            throw node.error("must not go up out of its folder with .., got \(node.shownValue)")
        }
        guard !path.contains("*"), !path.contains("?") else {
            throw node.error("names files by a pattern, got \(node.shownValue); name the folder that holds them (its .json files are read) or list the files")
        }
    }

    /// The shard files, read: each entry beside `pagePath`'s folder first, then under `folder`
    /// (shown in messages as `shownFolder`, e.g. `Content`), a folder giving its `.json` files
    /// in name order. Returns them with their paths relative to `folder` and whether a folder
    /// was named (whose new files a report cannot list in advance).
    /// - Throws: a ``Diagnostic`` at the entry's line: a missing file, an empty folder, a path
    ///   leading out of `folder`, an unreadable or too large file.
    func read(pagePath: String, folder: URL, shownFolder: String) throws -> (shards: [(name: String, data: Data)], files: [String], namesFolder: Bool) {
        var shards: [(name: String, data: Data)] = []
        var files: [String] = []
        var namesFolder = false
        let pageFolder = pagePath.split(separator: "/").dropLast().joined(separator: "/")
        func shown(_ relative: String) -> String { shownFolder.isEmpty ? relative : shownFolder + "/" + relative }
        for entry in entries {
            func problem(_ message: String) -> Diagnostic { Diagnostic(line: entry.line, "\(entry.key) \(message)") }
            let trimmed = entry.path.hasSuffix("/") ? String(entry.path.dropLast()) : entry.path
            let candidates = (pageFolder.isEmpty ? [] : [pageFolder + "/" + trimmed]) + [trimmed]
            guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }) else {
                throw problem("names a file or folder that does not exist: \(candidates.map(shown).joined(separator: " or "))")
            }
            let url = folder.appendingPathComponent(found)
            guard Self.isInside(url, folder: folder) else {
                throw problem("must not lead out of its folder through a link, got \"\(entry.path)\"")
            }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            var relatives = [found]
            if isFolder.boolValue {
                namesFolder = true
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                relatives = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { found + "/" + $0 }
                guard !relatives.isEmpty else {
                    throw problem("names a folder with no shard files (.json): \(shown(found))")
                }
            }
            for relative in relatives {
                let file = folder.appendingPathComponent(relative)
                guard Self.isInside(file, folder: folder) else {
                    throw problem("must not lead out of its folder through a link: \(shown(relative))")
                }
                do {
                    shards.append((shown(relative), try FileInput.read(file.path, shownAs: shown(relative), limit: BankShardFile.maximumBytes)))
                } catch let error as Diagnostic {
                    throw problem("\(error.file.map { "\($0): " } ?? "")\(error.message)")
                }
                files.append(relative)
            }
        }
        return (shards, files, namesFolder)
    }

    /// True when `file`, with links resolved, lies inside `folder`.
    private static func isInside(_ file: URL, folder: URL) -> Bool {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let path = file.standardizedFileURL.resolvingSymlinksInPath().path
        return path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
