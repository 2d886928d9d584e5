import Basics
import Foundation
import Markdown
import Randomness
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a `sitegen build` into a folder rendered as it parsed (``StreamedPages``), kept in the
/// cache folder (`.sitegen-cache/builds/`) under the output folder's identity, so that a later
/// build writing over that folder again (the spare kept beside the output, ``OutputWriter``) keeps
/// the files of every page that did not change instead of parsing and rendering it again.
///
/// A page's files are kept only when all of these hold:
/// - the record's key (``key(options:config:pages:staticFiles:skippedDrafts:templates:)``) is the
///   build's: the same sitegen binary, options, `site.yml`, templates
///   (every file, built-in and the site's), static files, skipped drafts, and every page's path,
///   title and front matter bytes, in the same order — everything a plain page's rendering reads
///   besides its own file (its navigation, neighbours, link targets, terms);
/// - the page's front matter and body are byte for byte as recorded (digests);
/// - each file it wrote is in the folder with the stamp recorded when it was written
///   (``OutputStamp``): nobody wrote, replaced or touched it since.
///
/// The record is read while the build loads the content and removed when its folder is claimed
/// for the build, before anything is written there; it is written again only after the build
/// succeeded, so a folder a failed build left half written has no record. A kept page gives the rest of the build what its parse gave (outline,
/// summaries, warnings), so the site's other pages, the search index and the warnings are what a
/// full build gives; the tests compare the two byte for byte.
struct BuildRecord: Sendable {
    /// A page rendered as it was parsed, and what the rest of the build takes from its parse.
    struct PageEntry: Sendable, Equatable {
        let front: ContentDigest
        let body: ContentDigest
        /// ``ParsedPage/summary``.
        let summary: String
        /// The page's ``Page/summary`` once parsed.
        let pageSummary: String?
        let outline: [Heading]
        /// Its warnings, as the parse located them.
        let warnings: [Diagnostic]
        let outputs: [Output]
    }

    /// What a record holds: its pages by content path, and the files of each taxonomy page (the
    /// page of a taxonomy's terms, a term's page) by its folder (`tags`, `tags/mango`).
    struct Contents: Sendable {
        /// The key it was made with (``ContentDigest/description``).
        var key = ""
        var pages: [String: PageEntry] = [:]
        var taxonomies: [String: [Output]] = [:]
    }

    /// A file a page wrote, with its stamp once written.
    struct Output: Sendable, Equatable {
        let path: String
        let stamp: OutputStamp
    }

    /// The first line of a record: its format.
    static let header = "sitegen build record 1"

    /// The digest of everything a plain page's rendering depends on besides its own file.
    static func key(options: BuildOptions, config: SiteConfig, pages: [Page], staticFiles: [String], skippedDrafts: Set<String>, templates: TemplateSet) -> ContentDigest {
        var parts: [ContentDigest] = [
            ContentDigest(header),
            executable(),
            // Each option a page's rendering may read (folders by path: a URL of a folder that
            // exists ends in a slash, of one that does not, not).
            ContentDigest([
                options.contentDirectory.standardizedFileURL.path, options.templatesDirectory.standardizedFileURL.path,
                options.outputDirectory.standardizedFileURL.path, options.baseURL ?? "-", options.seed.map(String.init) ?? "-",
                "\(options.offline) \(options.refresh) \(options.drafts) \(options.strict)", options.language ?? "-",
                options.contentLabel ?? "-", options.templatesLabel ?? "-", String(options.maximumPageBytes),
            ].joined(separator: "\n")),
            ContentDigest(String(reflecting: config)),
            templates.digest,
            ContentDigest(staticFiles.joined(separator: "\n")),
            ContentDigest(skippedDrafts.sorted().joined(separator: "\n")),
        ]
        parts.reserveCapacity(parts.count + pages.count * 2)
        for page in pages {
            parts.append(ContentDigest(page.contentPath + "\t" + page.file + "\t" + page.title))
            parts.append(page.bodyOnDisk?.front ?? ContentDigest(high: 0, low: 0))
        }
        return ContentDigest(combining: parts)
    }

    /// The running binary as the file system knows it (device, inode, size, modification time):
    /// another build of sitegen, even of the same version, renders with other code.
    private static func executable() -> ContentDigest {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 || stat(CommandLine.arguments.first ?? "", &info) == 0 else {
            // Unknown: a key no record matches.
            return ContentDigest(String(UInt64.random(in: 0...UInt64.max)))
        }
        let stamp = OutputStamp(info)
        return ContentDigest("\(info.st_dev) \(stamp.inode) \(stamp.size) \(stamp.modified) \(stamp.changed)")
    }

    /// Where the record of `folder`, an output folder (or its spare) of `output`, is kept.
    static func path(cache: URL, output: URL, folder: OutputStamp.Folder) -> String {
        cache.appendingPathComponent("builds").path + "/" + prefix(of: output) + "\(folder.device)-\(folder.inode)"
    }

    /// The start of the names of the records of one output folder.
    private static func prefix(of output: URL) -> String {
        String(stableHash(output.standardizedFileURL.path), radix: 16) + "-"
    }

    /// Reads the record at `path`: nil when there is none, or it is not a whole record of this
    /// format (the build then renders every page). The caller compares its key with the build's,
    /// and removes the file once it claims the record's folder.
    static func read(_ path: String) -> Contents? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { buffer -> Int in
            var offset = 0
            while offset < size {
                let count = pread(descriptor, buffer.baseAddress! + offset, size - offset, off_t(offset))
                guard count > 0 else { break }
                offset += count
            }
            return offset
        }
        guard read == size else { return nil }
        return bytes.withUnsafeBufferPointer { parse($0) }
    }

    /// The contents of a record's bytes, or nil when it is not a whole record.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Contents? {
        var position = 0
        var fields: [UnsafeBufferPointer<UInt8>] = []
        fields.reserveCapacity(8)
        /// The next line's fields, or false at the end.
        func nextLine() -> Bool {
            guard position < bytes.count else { return false }
            fields.removeAll(keepingCapacity: true)
            var start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") {
                    fields.append(UnsafeBufferPointer(rebasing: bytes[start..<position]))
                    position += 1
                    start = position
                    if byte == UInt8(ascii: "\n") { return true }
                } else {
                    position += 1
                }
            }
            // A last line without its line feed: the record was cut short.
            return false
        }
        func text(_ index: Int) -> String { unescaped(fields[index]) }
        func number<T: FixedWidthInteger>(_ index: Int) -> T? {
            let field = fields[index]
            guard let first = field.first else { return nil }
            let negative = first == UInt8(ascii: "-")
            guard !negative || field.count > 1 else { return nil }
            var value: T = 0
            for byte in field.dropFirst(negative ? 1 : 0) {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = negative ? times.subtractingReportingOverflow(T(byte - UInt8(ascii: "0"))) : times.addingReportingOverflow(T(byte - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                value = sum
            }
            return value
        }
        /// A digest as ``ContentDigest/description`` writes it.
        func digest(_ index: Int) -> ContentDigest? {
            let field = fields[index]
            guard let colon = field.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            func hex(_ part: UnsafeBufferPointer<UInt8>.SubSequence) -> UInt64? {
                guard !part.isEmpty, part.count <= 16 else { return nil }
                var value: UInt64 = 0
                for byte in part {
                    let digit: UInt8
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                    default: return nil
                    }
                    value = value << 4 | UInt64(digit)
                }
                return value
            }
            guard let high = hex(field[..<colon]), let low = hex(field[(colon + 1)...]) else { return nil }
            return ContentDigest(high: high, low: low)
        }
        guard nextLine(), fields.count == 2, text(0) == header else { return nil }
        var contents = Contents(key: text(1))
        var current: (path: String, front: ContentDigest, body: ContentDigest, summary: String, pageSummary: String?)?
        var taxonomy: String?
        var outline: [Heading] = []
        var warnings: [Diagnostic] = []
        var outputs: [Output] = []
        func finish() {
            if let page = current {
                contents.pages[page.path] = PageEntry(
                    front: page.front, body: page.body, summary: page.summary, pageSummary: page.pageSummary,
                    outline: outline, warnings: warnings, outputs: outputs
                )
            }
            if let taxonomy { contents.taxonomies[taxonomy] = outputs }
            current = nil
            taxonomy = nil
            outline = []
            warnings = []
            outputs = []
        }
        while nextLine() {
            guard let kind = fields.first?.first else { return nil }
            switch (kind, fields.count) {
            case (UInt8(ascii: "p"), 6):
                finish()
                guard let front = digest(2), let body = digest(3) else { return nil }
                let pageSummary = text(5)
                current = (text(1), front, body, text(4), pageSummary.first == "+" ? String(pageSummary.dropFirst()) : nil)
            case (UInt8(ascii: "t"), 2):
                finish()
                taxonomy = text(1)
            case (UInt8(ascii: "h"), 4):
                guard current != nil, let level: Int = number(1) else { return nil }
                outline.append(Heading(level: level, text: text(3), id: text(2)))
            case (UInt8(ascii: "w"), 5):
                guard current != nil else { return nil }
                let file = text(3)
                warnings.append(Diagnostic(file: file.first == "+" ? String(file.dropFirst()) : nil, line: number(1), column: number(2), text(4)))
            case (UInt8(ascii: "o"), 6):
                guard current != nil || taxonomy != nil, let inode: UInt64 = number(2), let size: Int64 = number(3),
                      let modified: Int64 = number(4), let changed: Int64 = number(5) else { return nil }
                let path = text(1)
                guard isPlainRelative(path) else { return nil }
                outputs.append(Output(path: path, stamp: OutputStamp(inode: inode, size: size, modified: modified, changed: changed)))
            case (UInt8(ascii: "e"), 1) where text(0) == "end":
                finish()
                return position == bytes.count ? contents : nil
            default:
                return nil
            }
        }
        // No end line: a record cut short.
        return nil
    }

    /// Writes the record of `folder`'s pages, the staging folder of `output`, beside where it goes;
    /// returns the file written, which ``finish(_:taxonomies:)`` ends and
    /// ``commit(_:cache:output:folder:spare:)`` puts in place once the folder is swapped in (and
    /// a failed build removes).
    static func prepare(_ pages: some Sequence<(path: String, entry: PageEntry)>, key: ContentDigest, cache: URL, output: URL, folder: OutputStamp.Folder) throws -> String {
        let folderPath = cache.appendingPathComponent("builds").path
        try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
        let temporary = path(cache: cache, output: output, folder: folder) + partial + "\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw OutputError("cannot write \(temporary): \(FileInput.errorText())") }
        var failed = false
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        func flush() {
            guard !failed, !buffer.isEmpty else { return }
            failed = !writeAll(buffer, to: descriptor)
            buffer.removeAll(keepingCapacity: true)
        }
        func field(_ text: String) {
            buffer.append(UInt8(ascii: "\t"))
            escape(text, into: &buffer)
        }
        func field(_ number: some BinaryInteger) {
            buffer.append(UInt8(ascii: "\t"))
            append(number, to: &buffer)
        }
        func end() {
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count >= 1 << 16 { flush() }
        }
        escape(header, into: &buffer)
        field(key.description)
        end()
        for (path, entry) in pages {
            buffer.append(UInt8(ascii: "p"))
            field(path)
            field(entry.front.description)
            field(entry.body.description)
            field(entry.summary)
            field(entry.pageSummary.map { "+" + $0 } ?? "-")
            end()
            for heading in entry.outline {
                buffer.append(UInt8(ascii: "h"))
                field(heading.level)
                field(heading.id)
                field(heading.text)
                end()
            }
            for warning in entry.warnings {
                buffer.append(UInt8(ascii: "w"))
                field(warning.line.map(String.init) ?? "")
                field(warning.column.map(String.init) ?? "")
                field(warning.file.map { "+" + $0 } ?? "-")
                field(warning.message)
                end()
            }
            append(entry.outputs, to: &buffer)
            if buffer.count >= 1 << 16 { flush() }
        }
        flush()
        let closed = close(descriptor) == 0
        guard !failed, closed else {
            let reason = FileInput.errorText()
            unlink(temporary)
            throw OutputError("cannot write \(temporary): \(reason)")
        }
        return temporary
    }

    /// Ends the record `prepare` wrote with the files of each taxonomy page, by its folder.
    static func finish(_ temporary: String, taxonomies: [(folder: String, outputs: [Output])]) throws {
        var buffer: [UInt8] = []
        for (folder, outputs) in taxonomies {
            buffer.append(UInt8(ascii: "t"))
            buffer.append(UInt8(ascii: "\t"))
            escape(folder, into: &buffer)
            buffer.append(UInt8(ascii: "\n"))
            append(outputs, to: &buffer)
        }
        buffer.append(contentsOf: "end\n".utf8)
        let descriptor = open(temporary, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw OutputError("cannot write \(temporary): \(FileInput.errorText())") }
        let written = writeAll(buffer, to: descriptor)
        guard close(descriptor) == 0, written else {
            let reason = FileInput.errorText()
            unlink(temporary)
            throw OutputError("cannot write \(temporary): \(reason)")
        }
    }

    /// Writes all of `bytes` at the descriptor's position; false when a write fails.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// `o` lines: a file and its stamp each.
    private static func append(_ outputs: [Output], to buffer: inout [UInt8]) {
        for output in outputs {
            buffer.append(UInt8(ascii: "o"))
            buffer.append(UInt8(ascii: "\t"))
            escape(output.path, into: &buffer)
            buffer.append(UInt8(ascii: "\t"))
            append(output.stamp.inode, to: &buffer)
            for number in [output.stamp.size, output.stamp.modified, output.stamp.changed] {
                buffer.append(UInt8(ascii: "\t"))
                append(number, to: &buffer)
            }
            buffer.append(UInt8(ascii: "\n"))
        }
    }

    /// Where a record is written before its folder is swapped in: `NAME.partial-PID`.
    private static let partial = ".partial-"

    /// Puts the record `prepare` wrote in place, for `folder` now swapped in as `output`, and
    /// removes the other records of `output` but the spare's (folders the output no longer has,
    /// records a build that was stopped left half written).
    static func commit(_ temporary: String, cache: URL, output: URL, folder: OutputStamp.Folder, spare: OutputStamp.Folder?) throws {
        let target = path(cache: cache, output: output, folder: folder)
        guard rename(temporary, target) == 0 else {
            let reason = FileInput.errorText()
            unlink(temporary)
            throw OutputError("cannot write \(target): \(reason)")
        }
        let folderPath = cache.appendingPathComponent("builds").path
        let keep = Set([folder, spare].compactMap { $0 }.map { prefix(of: output) + "\($0.device)-\($0.inode)" })
        for entry in DirectoryListing.entries(of: folderPath, followingLinksToFiles: false) ?? []
        where entry.name.hasPrefix(prefix(of: output)) && !keep.contains(entry.name) {
            unlink(folderPath + "/" + entry.name)
        }
    }

    /// Whether `path` names a file below the output folder: relative, every part a name (no
    /// empty part, `.` or `..`). A record naming anything else is no record.
    static func isPlainRelative(_ path: String) -> Bool {
        // Byte by byte: this runs for every file of every page a record names.
        var component = 0
        var dots = 0
        for byte in path.utf8 {
            switch byte {
            case 0: return false
            case UInt8(ascii: "/"):
                guard component > 0, dots != component || dots > 2 else { return false }
                component = 0
                dots = 0
            case UInt8(ascii: "."):
                component += 1
                dots += 1
            default:
                component += 1
            }
        }
        return component > 0 && (dots != component || dots > 2)
    }

    /// Appends a whole number's decimal digits.
    private static func append(_ number: some BinaryInteger, to buffer: inout [UInt8]) {
        if number < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { space in
            repeat {
                space[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { buffer.append(space[index]) }
        }
    }

    /// Appends `field` with its backslashes, tabs, line feeds and carriage returns escaped.
    private static func escape(_ field: String, into buffer: inout [UInt8]) {
        var field = field
        let plain = field.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 < 0x20 && ($0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")) }) else { return false }
            buffer.append(contentsOf: bytes)
            return true
        }
        guard !plain else { return }
        for byte in field.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): buffer += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\t"): buffer += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "\n"): buffer += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): buffer += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            default: buffer.append(byte)
            }
        }
    }

    /// A field read back.
    private static func unescaped(_ field: UnsafeBufferPointer<UInt8>) -> String {
        guard field.contains(UInt8(ascii: "\\")) else { return String(decoding: field, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var escaping = false
        for byte in field {
            if escaping {
                switch byte {
                case UInt8(ascii: "t"): bytes.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): bytes.append(UInt8(ascii: "\r"))
                default: bytes.append(byte)
                }
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
