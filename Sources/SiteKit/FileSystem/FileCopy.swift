import Basics
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies files for the output folder: every byte or an error (a full disk, a file that shrank
/// while it was read, a special file), never a shorter copy in silence.
enum FileCopy {
    /// Copies the regular file at `source` to `destination`, which is created or written over
    /// (never through a link). With `keepingSameBytes`, stretches of an existing destination
    /// that already hold the same bytes are not written again.
    /// - Parameters:
    ///   - directory: the open folder a relative `destination` lies in; the working folder by default.
    ///   - shown: how messages name the copy (`Public/video.mp4`); the destination path when nil.
    static func copy(from source: String, to destination: String, in directory: Int32 = AT_FDCWD, shownAs shown: String? = nil, keepingSameBytes: Bool = false) throws {
        let shown = shown ?? destination
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else { throw OutputError("cannot read it: \(FileInput.errorText())") }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw OutputError("cannot read it: \(FileInput.errorText())") }
        if let kind = FileInput.specialKind(info.st_mode) {
            throw OutputError("is \(kind), not a file; refused (remove it)")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw OutputError("is not a file") }
        let output = openat(directory, destination, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (keepingSameBytes ? 0 : O_TRUNC), 0o644)
        guard output >= 0 else { throw OutputError("cannot copy it to \(shown): \(FileInput.errorText())") }
        var closed = false
        defer { if !closed { close(output) } }
        var existing = stat()
        guard fstat(output, &existing) == 0 else { throw OutputError("cannot copy it to \(shown): \(FileInput.errorText())") }
        let existingSize = keepingSameBytes ? Int(existing.st_size) : 0

        let chunk = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        let old = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate(); old.deallocate() }
        var offset = 0
        while true {
            let count = read(input, buffer, chunk)
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError("cannot read it to its end: \(FileInput.errorText())")
            }
            if count == 0 { break }
            if offset + count <= existingSize, pread(output, old, count, off_t(offset)) == count,
               memcmp(old, buffer, count) == 0 {
                offset += count
                continue
            }
            var written = 0
            while written < count {
                let result = pwrite(output, buffer + written, count - written, off_t(offset + written))
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else {
                    throw OutputError("cannot copy it whole to \(shown) (\(NumberText.grouped(offset + written)) of \(NumberText.grouped(Int(info.st_size))) bytes written): \(result < 0 ? FileInput.errorText() : "nothing written")")
                }
                written += result
            }
            offset += count
        }
        guard offset == Int(info.st_size) else {
            throw OutputError("changed while it was copied (\(NumberText.grouped(Int(info.st_size))) bytes, then \(NumberText.grouped(offset))); build again")
        }
        if existingSize > offset, ftruncate(output, off_t(offset)) != 0 {
            throw OutputError("cannot copy it to \(shown): \(FileInput.errorText())")
        }
        closed = true
        guard close(output) == 0 else { throw OutputError("cannot copy it whole to \(shown): \(FileInput.errorText())") }
    }

    /// Puts the file, link or folder at `source` at `destination` too, unchanged: files
    /// hard-linked, or copied where the file system cannot link; links made again; folders
    /// walked. A FIFO, socket or device is refused, naming it.
    static func keep(_ source: String, as destination: String) throws {
        var info = stat()
        guard lstat(source, &info) == 0 else { throw OutputError("cannot keep \(source): \(FileInput.errorText())") }
        if let kind = FileInput.specialKind(info.st_mode) {
            throw OutputError("\(source) is \(kind); sitegen keeps the hidden files of the output folder, but cannot keep this one; remove it")
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard mkdir(destination, info.st_mode & 0o7777) == 0 || errno == EEXIST else {
                throw OutputError("cannot create \(destination): \(FileInput.errorText())")
            }
            guard let entries = DirectoryListing.entries(of: source, followingLinksToFiles: false) else {
                throw OutputError("cannot read \(source): \(FileInput.errorText())")
            }
            for entry in entries.sorted(by: { $0.name < $1.name }) {
                try keep(source + "/" + entry.name, as: destination + "/" + entry.name)
            }
        case S_IFLNK:
            guard let target = DirectoryListing.linkTarget(source) else {
                throw OutputError("cannot read the link \(source): \(FileInput.errorText())")
            }
            guard symlink(target, destination) == 0 else {
                throw OutputError("cannot keep the link \(source): \(FileInput.errorText())")
            }
        default:
            if link(source, destination) != 0 {
                do {
                    try copy(from: source, to: destination, shownAs: "the new output")
                } catch {
                    throw OutputError("\(source): \(error); the output was left as it was")
                }
            }
        }
    }

    /// Removes a file, link or folder (with everything in it).
    static func remove(_ path: String) throws {
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch CocoaError.fileNoSuchFile {
            return
        } catch {
            throw OutputError("cannot remove \(path): \(error.localizedDescription)")
        }
    }
}
