import Basics
import Foundation
import Synchronization
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
/// Its mutable state (the staging folder's descriptor, folders made, files written) is behind its
/// mutex; everything else is set in `init` and read-only after.
final class OutputWriter: SiteOutput, Sendable {
    let output: URL
    let staging: URL
    /// `staging.path`, worked out once: every file written starts with it.
    private let stagingPath: String
    /// The previous output, kept for the next build to write over.
    let spare: URL
    /// True when the staging folder is a former output being written over.
    let reusing: Bool
    /// The staging folder's device and inode, which it keeps when it is swapped in: what a
    /// ``BuildRecord`` of the folder is filed under.
    let folder: OutputStamp.Folder
    private struct State {
        /// The staging folder, open: files and folders are reached relative to it, a short path
        /// walk instead of the whole absolute path. It follows the folder through renames, so it
        /// is closed (-1) once the site is swapped in or given up: nothing is written after.
        var directory: Int32 = -1
        var folders: Set<String> = []
        /// Every file written, with its stamp once it is written (``OutputStamp/none`` for a
        /// copied file and while a file is being written).
        var written: [String: OutputStamp] = [:]
    }
    private let state = Mutex(State())
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
        let directory = open(stagingPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        var info = stat()
        folder = directory >= 0 && fstat(directory, &info) == 0
            ? OutputStamp.Folder(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) : OutputStamp.Folder(device: 0, inode: 0)
        guard directory >= 0 else {
            let failure = OutputError("cannot open \(staging.path): \(FileInput.errorText())")
            keepAsSpare()
            throw failure
        }
        state.withLock { $0.directory = directory }
        if StagingFolders.shared.isClosed {
            // Interrupted while the folder was being made: it must not outlive the process.
            closeDirectory()
            try FileCopy.remove(staging.path)
            throw OutputError("the build was interrupted")
        }
        do {
            try write(Data(OutputSafety.markerText.utf8), to: OutputSafety.marker)
        } catch {
            closeDirectory()
            throw error
        }
    }

    /// Writes bytes to a path relative to the site root.
    func write(_ data: Data, to relative: String) throws {
        let (directory, folder) = try start(relative)
        if let folder { try makeFolder(folder, in: directory) }
        var stamp = reusing ? Self.writeOver(relative, in: directory, with: data) : nil
        if stamp == nil {
            // A folder, a link or a hard-linked file in the previous site: replaced, never written through.
            if reusing { try FileCopy.remove(stagingPath + "/" + relative) }
            let descriptor = openat(directory, relative, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { throw OutputError("cannot write \(relative): \(String(cString: strerror(errno)))") }
            defer { close(descriptor) }
            guard Self.write(data, to: descriptor) else { throw OutputError("cannot write \(relative): \(String(cString: strerror(errno)))") }
            var info = stat()
            stamp = fstat(descriptor, &info) == 0 ? OutputStamp(info) : OutputStamp.none
        }
        if let stamp { state.withLock { $0.written[relative] = stamp } }
    }

    /// Keeps the files of one page as the earlier build left them in the staging folder, as if
    /// written again: only when each is a plain file (no other links) whose stamp is as given, in
    /// one folder that is a folder (not a link), in folders that are folders. Returns false,
    /// keeping nothing, otherwise; the caller then writes them.
    func keep(_ files: [(path: String, stamp: OutputStamp)]) -> Bool {
        guard reusing, let first = files.first, !StagingFolders.shared.isClosed else { return false }
        let slash = first.path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(first.path[..<$0]) } ?? ""
        // Every file is a name in that one folder.
        let prefix = folder.isEmpty ? "" : folder + "/"
        guard files.allSatisfy({ $0.stamp != .none && $0.path.utf8.starts(with: prefix.utf8) }) else { return false }
        let names = files.map { String(Substring($0.path.utf8.dropFirst(prefix.utf8.count))) }
        guard names.allSatisfy({ !$0.isEmpty && !$0.utf8.contains(UInt8(ascii: "/")) }) else { return false }
        let (directory, taken) = state.withLock { state in (state.directory, files.contains { state.written[$0.path] != nil }) }
        guard directory >= 0, !taken else { return false }
        var opened: Int32 = -1
        if !folder.isEmpty {
            // The folders it lies in are made as for a file written there (each a folder, not a
            // link); the page's own folder is opened without following a link.
            if let parentSlash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                let parent = String(folder[..<parentSlash])
                guard state.withLock({ $0.folders.contains(parent) }) || (try? makeFolder(parent, in: directory)) != nil else { return false }
            }
            opened = openat(directory, folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard opened >= 0 else { return false }
        }
        defer { if opened >= 0 { close(opened) } }
        let base = opened >= 0 ? opened : directory
        for (file, name) in zip(files, names) {
            var info = stat()
            guard fstatat(base, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1,
                  OutputStamp(info) == file.stamp else { return false }
        }
        return state.withLock { state in
            guard !files.contains(where: { state.written[$0.path] != nil }) else { return false }
            for file in files { state.written[file.path] = file.stamp }
            if !folder.isEmpty { state.folders.insert(folder) }
            return true
        }
    }

    /// Makes room for about `files` files in `folders` (a page writes two files in a folder of
    /// its own), so that the tables do not grow step by step while pages are written or kept.
    func expect(files: Int) {
        state.withLock { state in
            state.written.reserveCapacity(files)
            state.folders.reserveCapacity(files / 2)
        }
    }

    /// The spare folder's identity, when there is one.
    var spareFolder: OutputStamp.Folder? { OutputStamp.Folder(path: spare.path) }

    /// The stamp of a file this build wrote or kept, once written.
    func stamp(of relative: String) -> OutputStamp? {
        state.withLock { $0.written[relative] }.flatMap { $0 == .none ? nil : $0 }
    }

    /// Takes a file's place in the site, in one turn of the lock: records it as written (a build
    /// whose write then fails is given up whole) and returns the staging folder's descriptor, and
    /// the file's folder when it is not made yet.
    private func start(_ relative: String) throws -> (directory: Int32, folder: String?) {
        guard !StagingFolders.shared.isClosed else { throw OutputError("the build was interrupted") }
        let folder = relative.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(relative[..<$0]) }
        let (directory, made) = state.withLock { state in
            state.written[relative] = OutputStamp.none
            return (state.directory, folder.map(state.folders.contains) ?? true)
        }
        guard directory >= 0 else { throw OutputError("the site was already swapped in or given up") }
        return (directory, made ? nil : folder)
    }

    /// Replaces the contents of a file left by an earlier build: nothing is written when the
    /// bytes are the same, and the file is never truncated to zero first (which on ext4 forces a
    /// flush on close). Returns the file's stamp once written, or nil when there is no such file,
    /// or when it is a symbolic link or has other hard links (writing would change a file outside
    /// the output): the caller replaces it.
    private static func writeOver(_ relative: String, in directory: Int32, with data: Data) -> OutputStamp? {
        let descriptor = openat(directory, relative, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 else { return nil }
        if Int(info.st_size) == data.count && holds(descriptor, data) { return OutputStamp(info) }
        guard write(data, to: descriptor), Int(info.st_size) <= data.count || ftruncate(descriptor, off_t(data.count)) == 0 else { return nil }
        return fstat(descriptor, &info) == 0 ? OutputStamp(info) : OutputStamp.none
    }

    /// Whether the file open at `descriptor` starts with `data`, read and compared 8 KiB at a
    /// time (stopping at the first chunk that differs) into a buffer on the stack: no allocation
    /// per file (`withUnsafeTemporaryAllocation` takes the heap past 1 KiB on Linux), and almost
    /// every page of a site is smaller.
    private static func holds(_ descriptor: Int32, _ data: Data) -> Bool {
        var chunk = InlineArray<8192, UInt8>(repeating: 0)
        return withUnsafeMutableBytes(of: &chunk) { buffer -> Bool in
            data.withUnsafeBytes { expected -> Bool in
                guard let existing = buffer.baseAddress, let expectedBytes = expected.baseAddress else { return true }
                var offset = 0
                while offset < expected.count {
                    let count = pread(descriptor, existing, min(buffer.count, expected.count - offset), off_t(offset))
                    guard count > 0, memcmp(existing, expectedBytes + offset, count) == 0 else { return false }
                    offset += count
                }
                return true
            }
        }
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
        let (directory, folder) = try start(relative)
        if let folder { try makeFolder(folder, in: directory) }
        if reusing && !Self.isPlainFile(relative, in: directory) {
            // A folder, a link or a hard-linked file in the previous site: replaced, never written through.
            try FileCopy.remove(stagingPath + "/" + relative)
        }
        try FileCopy.copy(from: source.path, to: relative, in: directory, shownAs: SitePath.join(output.lastPathComponent, relative), keepingSameBytes: reusing)
    }

    /// Whether `relative` is a regular file with no other hard links (or nothing at all).
    private static func isPlainFile(_ relative: String, in directory: Int32) -> Bool {
        var info = stat()
        guard fstatat(directory, relative, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return true }
        return (info.st_mode & S_IFMT) == S_IFREG && info.st_nlink == 1
    }

    /// Closes the staging folder's descriptor (once): nothing is written after.
    private func closeDirectory() {
        let directory = state.withLock { state in
            defer { state.directory = -1 }
            return state.directory
        }
        if directory >= 0 { close(directory) }
    }

    /// Replaces the output folder with the staging folder. Hidden files at the top of the old
    /// output (such as `.gitkeep`) are kept.
    func commit() throws {
        guard !StagingFolders.shared.isClosed else { throw OutputError("the build was interrupted") }
        // Every file is written: the descriptor must not follow the folder into the output's place.
        closeDirectory()
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
        closeDirectory()
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
        let (made, written) = state.withLock { ($0.folders, $0.written) }
        let folders = try removeUnwritten(in: "", made: made, written: written)
        let failures = Locked<[OutputError]>([])
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            var pending = [folders[index]]
            while let folder = pending.popLast() {
                do {
                    pending += try removeUnwritten(in: folder, made: made, written: written)
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
    private func removeUnwritten(in relative: String, made folders: Set<String>, written: [String: OutputStamp]) throws -> [String] {
        let folder = relative.isEmpty ? stagingPath : stagingPath + "/" + relative
        guard let entries = DirectoryListing.entries(of: folder, followingLinksToFiles: false) else { return [] }
        var subfolders: [String] = []
        for entry in entries {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.kind == .folder && folders.contains(path) {
                subfolders.append(path)
            } else if entry.kind == .file && written[path] != nil {
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

    /// Creates `folder` (relative to the staging folder open at `directory`) and the folders it
    /// lies in, once per folder per build.
    private func makeFolder(_ folder: String, in directory: Int32) throws {
        if let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
            let parent = String(folder[..<slash])
            if !state.withLock({ $0.folders.contains(parent) }) { try makeFolder(parent, in: directory) }
        }
        var existing = stat()
        if reusing && fstatat(directory, folder, &existing, AT_SYMLINK_NOFOLLOW) == 0 && (existing.st_mode & S_IFMT) == S_IFDIR {
            // The previous site's folder, written into again (one call instead of mkdir and lstat).
        } else if mkdirat(directory, folder, 0o755) != 0 {
            guard errno == EEXIST else {
                throw OutputError("cannot create folder \(folder): \(String(cString: strerror(errno)))")
            }
            var info = stat()
            if fstatat(directory, folder, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) != S_IFDIR {
                // The previous site had a file (or a link) where this folder goes. Files are
                // written in parallel: another thread may replace it first, and then its folder
                // is there.
                unlinkat(directory, folder, 0)
                if mkdirat(directory, folder, 0o755) != 0 {
                    let failure = errno
                    var made = stat()
                    guard failure == EEXIST, fstatat(directory, folder, &made, AT_SYMLINK_NOFOLLOW) == 0, (made.st_mode & S_IFMT) == S_IFDIR else {
                        throw OutputError("cannot create folder \(folder): \(String(cString: strerror(failure)))")
                    }
                }
            }
        }
        _ = state.withLock { $0.folders.insert(folder) }
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
