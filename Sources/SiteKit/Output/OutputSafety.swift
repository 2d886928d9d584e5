import Basics
import Foundation
import ReportKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides, before a build writes anything, whether the output folder may be replaced
/// (SPEC §6, "The output folder is the only thing a build may touch").
///
/// A build replaces its output folder whole and keeps the old one beside it as
/// `.NAME.sitegen-previous`, so the output must be a folder of its own: not the file-system root,
/// not the content or templates folder (nor inside them, nor holding them), not the project folder
/// or one of its ancestors, and not a non-empty folder sitegen did not make. Folders sitegen makes
/// hold a marker file, ``marker``; a folder holding only hidden files (`Public/.gitkeep`) counts as
/// empty. `--force` overrides the "not made by sitegen" case only.
enum OutputSafety {
    /// The file that marks a folder as written by sitegen.
    static let marker = ".sitegen-output"
    /// What the marker file says to whoever opens it.
    static let markerText = "This folder is written by sitegen: each build replaces all of it.\n"

    /// The spare (previous) and staging folders of an output folder: siblings named after it.
    static func spare(of output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).sitegen-previous")
    }

    static func stagingPrefix(of output: URL) -> String {
        ".\(output.lastPathComponent).sitegen-staging-"
    }

    /// This process as staging folders name it: `PID-START`, its id and the time it started
    /// (in clock ticks after boot, from `/proc/self/stat`), so that a later process given the
    /// same id is not taken for it. Just `PID` where the start time cannot be read.
    static let processName: String = {
        let pid = getpid()
        return startTime(of: pid).map { "\(pid)-\($0)" } ?? "\(pid)"
    }()

    /// When process `pid` started, in clock ticks after boot (field 22 of `/proc/PID/stat`).
    static func startTime(of pid: Int32) -> UInt64? {
        // No such file: no such process, or no /proc (then the id alone decides).
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4_096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        // After the command name in parentheses: field 3 (state) onwards.
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// Whether the process a staging folder's name holds (`PID` or `PID-START`) is running: a
    /// process with that id, started at that time when the name says.
    static func isRunning(_ name: Substring) -> Bool? {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let pid = Int32(parts[0]), pid > 0 else { return nil }
        let start = parts.count == 2 ? UInt64(parts[1]) : nil
        if parts.count == 2 && start == nil { return nil }
        guard kill(pid, 0) == 0 || errno != ESRCH else { return false }
        guard let start else { return true }
        return startTime(of: pid).map { $0 == start } ?? true
    }

    /// Throws a ``Diagnostic`` naming the folder when the build must not write to `options`'
    /// output folder; returns warnings about stale staging folders it left alone, after removing
    /// those it may.
    static func check(_ options: BuildOptions) throws -> [String] {
        let output = canonical(options.outputDirectory)
        let shown = options.outputDirectory.standardizedFileURL.path
        func refuse(_ reason: String) -> Diagnostic {
            Diagnostic("refusing to write the site to \(shown): \(reason); nothing was written")
        }
        guard output != "/" else { throw refuse("it is the file-system root") }
        let name = URL(fileURLWithPath: output).lastPathComponent
        guard !name.isEmpty, name != ".", name != ".." else { throw refuse("it has no folder name") }

        let content = canonical(options.contentDirectory)
        let templates = canonical(options.templatesDirectory)
        let projects = Set([parent(content), parent(templates), canonical(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))])
        for project in projects.sorted() where project == output || isInside(project, output) {
            throw refuse(project == output ? "it is the project folder" : "it contains the project folder \(project)")
        }
        // (An output holding the content or templates folder holds its project folder: refused above.)
        for (folder, what) in [(content, "content"), (templates, "templates")] {
            if output == folder { throw refuse("it is the \(what) folder") }
            if isInside(output, folder) { throw refuse("it lies inside the \(what) folder \(folder)") }
        }

        switch state(of: output) {
        case .missing, .empty, .marked: break
        case .link: throw refuse("it is a symbolic link (give the folder it points to)")
        case .notFolder: throw refuse("it exists and is not a folder")
        case .foreign:
            if !options.force {
                throw refuse("the folder is not empty and was not made by sitegen (it has no \(marker)); a build replaces all of it. Choose a new or empty folder, or pass --force to replace it anyway")
            }
        }
        let spare = spare(of: URL(fileURLWithPath: output)).path
        switch state(of: spare) {
        case .missing, .empty, .marked: break
        case .link, .notFolder:
            throw refuse("\(spare), where the build keeps the previous site, is not a folder sitegen made; move it away")
        case .foreign:
            if !options.force {
                throw refuse("\(spare), where the build keeps the previous site, was not made by sitegen (it has no \(marker)); move it away, or pass --force to replace it anyway")
            }
        }
        return removeStaleStaging(beside: URL(fileURLWithPath: output), force: options.force)
    }

    /// Removes `.NAME.sitegen-staging-PID` folders left by builds whose process is gone. A folder
    /// without the marker is removed only with `force` (a warning names it otherwise).
    static func removeStaleStaging(beside output: URL, force: Bool) -> [String] {
        let parent = output.deletingLastPathComponent().path
        let prefix = stagingPrefix(of: output)
        var warnings: [String] = []
        for entry in DirectoryListing.entries(of: parent, followingLinksToFiles: false) ?? [] where entry.name.hasPrefix(prefix) {
            // `…-PID-START`, or `…-PID-START.removing` when a signal handler was removing it.
            var process = entry.name.dropFirst(prefix.count)
            if process.hasSuffix(".removing") { process = process.dropLast(".removing".count) }
            guard process != processName[...], isRunning(process) == false else { continue }
            let path = parent + "/" + entry.name
            switch (state(of: path), force) {
            case (.marked, _), (.empty, _), (.missing, _), (.foreign, true):
                do {
                    try FileCopy.remove(path)
                } catch {
                    warnings.append("\(error) (an interrupted build's staging folder); remove it by hand")
                }
            case (.foreign, false), (.link, _), (.notFolder, _):
                warnings.append("left \(path) alone: it looks like an interrupted build's staging folder but was not made by sitegen (no \(marker)); remove it by hand")
            }
        }
        return warnings
    }

    enum State { case missing, link, notFolder, empty, marked, foreign }

    /// What is at `path`, without following a final link.
    static func state(of path: String) -> State {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return .link
        case S_IFDIR: break
        default: return .notFolder
        }
        guard let entries = DirectoryListing.entries(of: path, followingLinksToFiles: false) else { return .foreign }
        if entries.contains(where: { $0.name == marker && $0.kind == .file }) { return .marked }
        return entries.allSatisfy { $0.name.hasPrefix(".") } ? .empty : .foreign
    }

    /// The absolute path with links resolved as far as the path exists (the rest appended as
    /// written), `.` and `..` removed.
    static func canonical(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        var existing = path
        var rest: [String] = []
        while true {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return rest.reversed().reduce(base) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
            }
            let url = URL(fileURLWithPath: existing)
            let parent = url.deletingLastPathComponent().path
            if parent == existing { return path }
            rest.append(url.lastPathComponent)
            existing = parent
        }
    }

    /// True when `path` lies strictly inside `folder`.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
    }

    private static func parent(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
}
