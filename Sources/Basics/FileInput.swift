import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way sitegen reads a file or a stream whole: regular files only, every byte or an
/// error, never more than a limit.
///
/// A FIFO, socket or device is refused with its path before it is read (opening a FIFO for
/// reading waits for a writer forever; a device may never end); a file that cannot be read to
/// its end, or that holds more than the limit, is an error naming it. Nothing here returns less
/// than the whole file in silence.
public enum FileInput {
    /// The most bytes of a text file read whole (a page, a template, `site.yml`, a scenario):
    /// 32 MB.
    public static let textLimit = 32 << 20

    /// The bytes of the regular file at `path`.
    /// - Parameters:
    ///   - file: how messages name it (`Content/bank/day.md`).
    ///   - limit: the most bytes read; a larger file is an error.
    public static func read(_ path: String, shownAs file: String, limit: Int = textLimit) throws -> Data {
        let (descriptor, size) = try openRegular(path, shownAs: file)
        defer { close(descriptor) }
        if size > limit { throw tooLarge(file, limit: limit) }
        return try readAll(descriptor, shownAs: file, limit: limit, sizeHint: size)
    }

    /// The text of the regular file at `path` from byte `offset` to its end, read straight into
    /// the string, when the file is `size` bytes long; nil when it is not, or when those bytes are
    /// not UTF-8 (the file is not what it was). Refused as ``read(_:shownAs:limit:)`` refuses.
    public static func text(_ path: String, shownAs file: String, from offset: Int, ofSize size: Int) throws -> String? {
        let (descriptor, actual) = try openRegular(path, shownAs: file)
        defer { close(descriptor) }
        guard actual == size, (0...size).contains(offset) else { return nil }
        let count = size - offset
        if count == 0 { return "" }
        var failure: Int32 = 0
        let text = String(unsafeUninitializedCapacity: count) { buffer in
            var done = 0
            while done < count {
                let read = pread(descriptor, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
                if read > 0 {
                    done += read
                } else if read < 0, errno == EINTR {
                    continue
                } else {
                    if read < 0 { failure = errno }
                    break
                }
            }
            return done
        }
        if failure != 0 { throw Diagnostic(file: file, "cannot read the file: \(String(cString: strerror(failure)))") }
        // A short read, or bytes repaired as UTF-8, make a text of another length.
        return text.utf8.count == count ? text : nil
    }

    /// The size of the regular file at `path` and its first `count` bytes (all of them when it is
    /// shorter), refused as ``read(_:shownAs:limit:)`` refuses: for a reader that looks at a
    /// file's start and its size before it streams the file itself (a CSV data file).
    public static func head(_ path: String, shownAs file: String, count: Int) throws -> (size: Int, bytes: Data) {
        let (descriptor, size) = try openRegular(path, shownAs: file)
        defer { close(descriptor) }
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: max(count, 1))
        while bytes.count < count {
            let wanted = count - bytes.count
            let read = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                throw Diagnostic(file: file, "cannot read the file: \(errorText())")
            }
            bytes.append(contentsOf: buffer[..<read])
        }
        return (size, bytes)
    }

    /// The regular file at `path` opened for reading, and its size; a special file or a folder
    /// is refused with its path.
    private static func openRegular(_ path: String, shownAs file: String) throws -> (descriptor: Int32, size: Int) {
        // O_NONBLOCK: opening a FIFO must not wait for a writer before it can be refused.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Diagnostic(file: file, "cannot read the file: \(errorText())") }
        var info = stat()
        var problem: Diagnostic?
        if fstat(descriptor, &info) != 0 {
            problem = Diagnostic(file: file, "cannot read the file: \(errorText())")
        } else if let kind = specialKind(info.st_mode) {
            problem = Diagnostic(file: file, "is \(kind), not a regular file; refused (remove it, or replace it with a file)")
        } else if (info.st_mode & S_IFMT) == S_IFDIR {
            problem = Diagnostic(file: file, "is a folder, not a file")
        }
        if let problem {
            close(descriptor)
            throw problem
        }
        return (descriptor, Int(info.st_size))
    }

    /// The UTF-8 text of the regular file at `path` (see ``read(_:shownAs:limit:)``).
    public static func text(_ path: String, shownAs file: String, limit: Int = textLimit) throws -> String {
        let data = try read(path, shownAs: file, limit: limit)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw Diagnostic(file: file, "is not UTF-8 text")
        }
        return text
    }

    /// Everything a descriptor gives until its end (standard input, a pipe), at most `limit`
    /// bytes: more is an error as soon as the limit is passed, so an endless stream (`yes |`)
    /// stops at the limit instead of filling the memory.
    public static func readAll(_ descriptor: Int32, shownAs source: String, limit: Int, sizeHint: Int = 0) throws -> Data {
        var data = Data(capacity: min(max(sizeHint, 0), limit) + 1)
        // A file of known size is read in one go into a buffer just larger than it (the read
        // that finds its end is the second); a stream in 64 KiB chunks.
        let chunk = sizeHint > 0 ? min(sizeHint + 1, 1 << 16) : 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, chunk) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    // A descriptor opened without blocking (a terminal, a pipe): wait for input.
                    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&poller, 1, -1)
                    continue
                }
                throw Diagnostic(file: source, "cannot read to the end: \(errorText())")
            }
            guard data.count + count <= limit else { throw tooLarge(source, limit: limit) }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// Lines from a descriptor (standard input of the console apps), each at most
    /// `maximumBytes`: the rest of a longer line is read and dropped, so a line without end
    /// (`yes | tr -d '\\n'`) never fills the memory, and the line given back ends with `…`
    /// (which no menu accepts).
    public final class LineReader {
        private let descriptor: Int32
        private let maximumBytes: Int
        private var buffer: [UInt8] = []
        private var atEnd = false

        public init(descriptor: Int32 = 0, maximumBytes: Int = 4_096) {
            self.descriptor = descriptor
            self.maximumBytes = maximumBytes
        }

        /// The next line without its line break, or nil at the end of the input.
        public func next() -> String? {
            var line: [UInt8] = []
            var cut = false
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    take(buffer[..<newline], into: &line, cut: &cut)
                    buffer.removeSubrange(...newline)
                    return finish(line, cut: cut)
                }
                take(buffer[...], into: &line, cut: &cut)
                buffer.removeAll(keepingCapacity: true)
                if atEnd { return line.isEmpty && !cut ? nil : finish(line, cut: cut) }
                var chunk = [UInt8](repeating: 0, count: 4_096)
                let count = chunk.withUnsafeMutableBytes { FileInput.systemRead(descriptor, $0.baseAddress, 4_096) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { atEnd = true; continue }
                buffer.append(contentsOf: chunk[..<count])
            }
        }

        private func take(_ bytes: ArraySlice<UInt8>, into line: inout [UInt8], cut: inout Bool) {
            let room = max(0, maximumBytes - line.count)
            line.append(contentsOf: bytes.prefix(room))
            if bytes.count > room { cut = true }
        }

        private func finish(_ line: [UInt8], cut: Bool) -> String {
            var line = line
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            return String(decoding: line, as: UTF8.self) + (cut ? "…" : "")
        }
    }

    /// What kind of special file a mode names (`a FIFO (named pipe)`), or nil for regular files,
    /// folders and links.
    public static func specialKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: nil
        }
    }

    /// `256 KB`, `32 MB`: a limit as messages show it.
    public static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(NumberText.grouped(bytes >> 20)) MB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(NumberText.grouped(bytes >> 10)) KB" }
        return "\(NumberText.grouped(bytes)) bytes"
    }

    /// `4.2 KB`, `128.1 MB`: a size as messages show it, rounded up to a tenth, so a size just
    /// past a limit never reads as the limit.
    public static func roughSize(_ bytes: Int) -> String {
        let (unit, name) = bytes >= 1 << 20 ? (Double(1 << 20), "MB") : bytes >= 1 << 10 ? (Double(1 << 10), "KB") : (1.0, "bytes")
        if unit == 1 { return "\(NumberText.grouped(bytes)) bytes" }
        let tenths = (Double(bytes) / unit * 10).rounded(.up)
        return "\(Int(tenths) / 10).\(Int(tenths) % 10) \(name)"
    }

    private static func tooLarge(_ source: String, limit: Int) -> Diagnostic {
        Diagnostic(file: source, "holds more than \(size(limit)), the most sitegen reads of it; stopped reading")
    }

    fileprivate static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// The text of the current `errno`.
    public static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
