import Basics
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the site into a staging folder beside the output folder and swaps it in at the end, so a
/// failed build leaves the previous output exactly as it was.
///
/// The output is double-buffered: after the swap, the replaced site is kept beside the output as
/// `.Public.sitegen-previous/`, and the next build writes over its files instead of creating a new
/// tree, then removes whatever it did not write. Overwriting costs a fraction of creating and
/// deleting tens of thousands of files and folders (ext4 in particular scans recently deleted
/// inodes when it allocates new ones). The spare folder can be deleted at any time.
///
/// Safe to call from several threads at once as long as each call writes its own file.
///
/// `@unchecked Sendable`: its mutable sets (folders made, files written) change only under its
/// lock; everything else is set in `init` and read-only after.
final class OutputWriter: SiteOutput, @unchecked Sendable {
    let output: URL
    let staging: URL
    /// `staging.path`, worked out once: every file written starts with it.
    private let stagingPath: String
    /// The previous output, kept for the next build to write over.
    let spare: URL
    /// True when the staging folder is a former output being written over.
    let reusing: Bool
    private var folders: Set<String> = []
    private var written: Set<String> = []
    private let lock = NSLock()
    /// Receives what could not be tidied after the site was swapped in or given up (a spare
    /// folder that cannot be removed): the build's outcome stands, the user is told.
    private let warn: @Sendable (String) -> Void

    init(output: URL, warn: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.warn = warn
        self.output = output.standardizedFileURL
        let parent = self.output.deletingLastPathComponent()
        let name = self.output.lastPathComponent
        guard self.output.path != "/", !name.isEmpty, name != ".", name != ".." else {
            throw OutputError("\(self.output.path) cannot be an output folder")
        }
        staging = parent.appendingPathComponent(OutputSafety.stagingPrefix(of: self.output) + OutputSafety.processName)
        stagingPath = staging.path
        spare = OutputSafety.spare(of: self.output)
        // A folder of this very process (an earlier build of `serve`) is gone or given up.
        try FileCopy.remove(staging.path)
        // Registered before it exists, so a signal arriving at any moment finds it.
        StagingFolders.shared.add(staging.path)
        // Claiming the spare by renaming it means two builds at once never share it.
        if rename(spare.path, staging.path) == 0 {
            reusing = true
        } else {
            reusing = false
            do {
                try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            } catch {
                StagingFolders.shared.remove(staging.path)
                throw OutputError("cannot create \(staging.path): \(error.localizedDescription)")
            }
        }
        if StagingFolders.shared.isClosed {
            // Interrupted while the folder was being made: it must not outlive the process.
            try FileCopy.remove(staging.path)
            throw OutputError("the build was interrupted")
        }
        try write(Data(OutputSafety.markerText.utf8), to: OutputSafety.marker)
    }


    /// Writes bytes to a path relative to the site root.
    func write(_ data: Data, to relative: String) throws {
        guard !StagingFolders.shared.isClosed else { throw OutputError("the build was interrupted") }
        let path = stagingPath + "/" + relative
        try makeFolder(for: relative)
        if !(reusing && Self.writeOver(path, with: data)) {
            // A folder, a link or a hard-linked file in the previous site: replaced, never written through.
            if reusing { try FileCopy.remove(path) }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { throw OutputError("cannot write \(relative): \(String(cString: strerror(errno)))") }
            defer { close(descriptor) }
            guard Self.write(data, to: descriptor) else { throw OutputError("cannot write \(relative): \(String(cString: strerror(errno)))") }
        }
        _ = lock.withLock { written.insert(relative) }
    }

    /// Replaces the contents of a file left by an earlier build: nothing is written when the
    /// bytes are the same, and the file is never truncated to zero first (which on ext4 forces a
    /// flush on close). Returns false when there is no such file, or when it is a symbolic link or
    /// has other hard links (writing would change a file outside the output): the caller replaces it.
    private static func writeOver(_ path: String, with data: Data) -> Bool {
        let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 else { return false }
        if Int(info.st_size) == data.count {
            let same = data.withUnsafeBytes { expected -> Bool in
                guard let expectedBytes = expected.baseAddress else { return true }
                let existing = UnsafeMutableRawBufferPointer.allocate(byteCount: expected.count, alignment: 16)
                defer { existing.deallocate() }
                guard let existingBytes = existing.baseAddress else { return false }
                var offset = 0
                while offset < expected.count {
                    let count = pread(descriptor, existingBytes + offset, expected.count - offset, off_t(offset))
                    guard count > 0 else { return false }
                    offset += count
                }
                return memcmp(existingBytes, expectedBytes, expected.count) == 0
            }
            if same { return true }
        }
        guard write(data, to: descriptor) else { return false }
        return Int(info.st_size) <= data.count || ftruncate(descriptor, off_t(data.count)) == 0
    }

    /// Writes all of `data` at the descriptor's start.
    private static func write(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = pwrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, off_t(offset))
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// Copies a file into the site, every byte or an error. A file written over by the previous
    /// build is left alone when its bytes are the same.
    func copy(_ source: URL, to relative: String) throws {
        guard !StagingFolders.shared.isClosed else { throw OutputError("the build was interrupted") }
        try makeFolder(for: relative)
        let path = stagingPath + "/" + relative
        if reusing && !Self.isPlainFile(path) {
            // A folder, a link or a hard-linked file in the previous site: replaced, never written through.
            try FileCopy.remove(path)
        }
        try FileCopy.copy(from: source.path, to: path, shownAs: SitePath.join(output.lastPathComponent, relative), keepingSameBytes: reusing)
        _ = lock.withLock { written.insert(relative) }
    }

    /// Whether `path` is a regular file with no other hard links (or nothing at all).
    private static func isPlainFile(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return true }
        return (info.st_mode & S_IFMT) == S_IFREG && info.st_nlink == 1
    }

    /// Replaces the output folder with the staging folder. Hidden files at the top of the old
    /// output (such as `.gitkeep`) are kept.
    func commit() throws {
        guard !StagingFolders.shared.isClosed else { throw OutputError("the build was interrupted") }
        let manager = FileManager.default
        if reusing { try removeUnwritten() }
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: output.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue {
            throw OutputError("\(output.path) exists and is not a folder")
        }
        guard exists else {
            try manager.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.moveItem(at: staging, to: output)
            StagingFolders.shared.remove(staging.path)
            return
        }
        try keepHiddenFiles()
        if !Self.exchange(staging.path, output.path) {
            // No atomic exchange on this system: two renames, with a moment in between.
            try FileCopy.remove(spare.path)
            try manager.moveItem(at: output, to: spare)
            mark(spare.path)
            try manager.moveItem(at: staging, to: output)
            StagingFolders.shared.remove(staging.path)
            return
        }
        // The replaced output becomes the spare: sitegen's from now on (it may have been a folder
        // sitegen did not make, replaced with --force).
        mark(staging.path)
        keepAsSpare()
    }

    /// Puts the hidden files and folders at the top of the output (`.gitkeep`, `.git`) into the
    /// staging folder, to stay in the output: each file hard-linked, or copied byte for byte where
    /// the file system cannot link. Anything that cannot be kept whole is an error, and the build
    /// stops before the output is replaced: a hidden file is never lost or cut short.
    private func keepHiddenFiles() throws {
        guard let entries = DirectoryListing.entries(of: output.path, followingLinksToFiles: false) else {
            throw OutputError("cannot read \(output.path): \(FileInput.errorText())")
        }
        for entry in entries.sorted(by: { $0.name < $1.name }) where entry.name.hasPrefix(".") && entry.name != OutputSafety.marker {
            try FileCopy.keep(output.path + "/" + entry.name, as: staging.path + "/" + entry.name)
        }
    }

    /// Puts the marker file into a folder.
    private func mark(_ folder: String) {
        let marker = open(folder + "/" + OutputSafety.marker, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        let written = marker >= 0 && Self.write(Data(OutputSafety.markerText.utf8), to: marker)
        if marker >= 0 && close(marker) != 0 || !written {
            warn("cannot mark \(folder) as sitegen's (\(FileInput.errorText())); the next build may refuse it until it is removed")
        }
    }

    /// Gives up the staging folder after a failed build; the output is untouched.
    func discard() {
        keepAsSpare()
    }

    /// Moves the staging folder (now the replaced or the unfinished site) to the spare's place;
    /// what cannot be moved or removed is a warning (the next build clears it).
    private func keepAsSpare() {
        defer { StagingFolders.shared.remove(staging.path) }
        do {
            try FileCopy.remove(spare.path)
            if rename(staging.path, spare.path) != 0 {
                try FileCopy.remove(staging.path)
            }
        } catch {
            warn("\(error); the next build removes it")
        }
    }

    /// Removes every file and folder in the staging folder that this build did not write,
    /// including hidden files at the top (they are kept again from the output). The top level's
    /// folders are walked on all cores: listing ten thousand folders is most of a rebuild's last step.
    private func removeUnwritten() throws {
        let folders = try removeUnwritten(in: "")
        let failures = Locked<[OutputError]>([])
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            var pending = [folders[index]]
            while let folder = pending.popLast() {
                do {
                    pending += try removeUnwritten(in: folder)
                } catch let error as OutputError {
                    failures.withLock { $0.append(error) }
                    return
                } catch {
                    return
                }
            }
        }
        if let first = failures.withLock({ $0.min { $0.description < $1.description } }) { throw first }
    }

    /// Removes what this build did not write directly in `relative`; returns the folders in it
    /// that the build wrote into, to be walked next.
    private func removeUnwritten(in relative: String) throws -> [String] {
        let folder = relative.isEmpty ? stagingPath : stagingPath + "/" + relative
        guard let entries = DirectoryListing.entries(of: folder, followingLinksToFiles: false) else { return [] }
        var subfolders: [String] = []
        for entry in entries {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.kind == .folder && folders.contains(path) {
                subfolders.append(path)
            } else if entry.kind == .file && written.contains(path) {
                continue
            } else {
                do {
                    try FileManager.default.removeItem(atPath: stagingPath + "/" + path)
                } catch {
                    throw OutputError("cannot remove \(path) left from an earlier build: \(error.localizedDescription)")
                }
            }
        }
        return subfolders
    }

    /// Creates the folders of a file's relative path (once per folder per build).
    private func makeFolder(for relative: String) throws {
        guard let slash = relative.lastIndex(of: "/") else { return }
        let folder = String(relative[..<slash])
        if lock.withLock({ folders.contains(folder) }) { return }
        try makeFolder(for: folder)
        let path = stagingPath + "/" + folder
        var existing = stat()
        if reusing && lstat(path, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFDIR {
            // The previous site's folder, written into again (one call instead of mkdir and lstat).
        } else if mkdir(path, 0o755) != 0 {
            guard errno == EEXIST else {
                throw OutputError("cannot create folder \(folder): \(String(cString: strerror(errno)))")
            }
            var info = stat()
            if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR {
                // The previous site had a file (or a link) where this folder goes. Files are
                // written in parallel: another thread may replace it first, and then its folder
                // is there.
                unlink(path)
                if mkdir(path, 0o755) != 0 {
                    let failure = errno
                    var made = stat()
                    guard failure == EEXIST, lstat(path, &made) == 0, (made.st_mode & S_IFMT) == S_IFDIR else {
                        throw OutputError("cannot create folder \(folder): \(String(cString: strerror(failure)))")
                    }
                }
            }
        }
        _ = lock.withLock { folders.insert(folder) }
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
