import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the site into a staging folder beside the output folder and swaps it in at the end, so a
/// failed build leaves the previous output exactly as it was.
///
/// Safe to call from several threads at once as long as each call writes its own file.
final class OutputWriter: @unchecked Sendable {
    let output: URL
    let staging: URL
    private var createdFolders: Set<String> = []
    private let lock = NSLock()
    private(set) var fileCount = 0

    init(output: URL) throws {
        self.output = output.standardizedFileURL
        let parent = self.output.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(self.output.lastPathComponent).sitegen-staging-\(getpid())")
        try? FileManager.default.removeItem(at: staging)
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw OutputError("cannot create \(staging.path): \(error.localizedDescription)")
        }
        createdFolders.insert(staging.path)
    }

    /// Writes bytes to a path relative to the site root.
    func write(_ data: Data, to relative: String) throws {
        let path = staging.path + "/" + relative
        try makeFolder(for: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw OutputError("cannot write \(relative): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                guard written > 0 else { throw OutputError("cannot write \(relative): \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
        lock.withLock { fileCount += 1 }
    }

    /// Writes UTF-8 text to a path relative to the site root.
    func write(_ text: String, to relative: String) throws {
        try write(Data(text.utf8), to: relative)
    }

    /// Copies a file into the site.
    func copy(_ source: URL, to relative: String) throws {
        guard let data = FileManager.default.contents(atPath: source.path) else {
            throw OutputError("cannot read \(source.path)")
        }
        try write(data, to: relative)
    }

    /// Replaces the output folder with the staging folder. Hidden files at the top of the old
    /// output (such as `.gitkeep`) are kept.
    func commit() throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: output.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue {
            throw OutputError("\(output.path) exists and is not a folder")
        }
        if exists {
            for name in (try? manager.contentsOfDirectory(atPath: output.path)) ?? [] where name.hasPrefix(".") {
                try? manager.copyItem(atPath: output.path + "/" + name, toPath: staging.path + "/" + name)
            }
            if Self.exchange(staging.path, output.path) {
                try? manager.removeItem(at: staging)
                return
            }
            // No atomic exchange on this system: two renames, with a moment in between.
            let old = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).sitegen-old-\(getpid())")
            try? manager.removeItem(at: old)
            try manager.moveItem(at: output, to: old)
            try manager.moveItem(at: staging, to: output)
            try? manager.removeItem(at: old)
        } else {
            try manager.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.moveItem(at: staging, to: output)
        }
    }

    /// Removes the staging folder after a failed build.
    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    private func makeFolder(for filePath: String) throws {
        guard let slash = filePath.lastIndex(of: "/") else { return }
        let folder = String(filePath[..<slash])
        if lock.withLock({ createdFolders.contains(folder) }) { return }
        try makeFolder(for: folder)
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw OutputError("cannot create folder \(folder): \(String(cString: strerror(errno)))")
        }
        _ = lock.withLock { createdFolders.insert(folder) }
    }

    /// Atomically swaps two paths with Linux's `renameat2(RENAME_EXCHANGE)`, looked up at run time.
    private static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 2
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
        return false
        #endif
    }
}

/// A failure to write the output.
struct OutputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
