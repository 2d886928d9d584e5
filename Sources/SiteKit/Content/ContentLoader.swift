import Basics
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ReportKit

/// Everything read from the content folder.
struct LoadedContent: Sendable {
    var config: SiteConfig
    /// Pages in content-path order (drafts already left out unless asked for).
    var pages: [Page]
    /// Other files, copied as they are: content-relative paths.
    var staticFiles: [String]
    /// Draft pages that were left out, so links to them can be explained.
    var skippedDrafts: Set<String>
    /// What was skipped and why (links to folders), for the build log.
    var warnings: [String] = []
    /// Every page file read, by content path as found (`docs/_index.md`), with the file's stamp
    /// when it was read: the next load reads again only the files whose stamp changed.
    var readPages: [String: ReadPage] = [:]
}

/// A page as read from its file, and the file's stamp at the time.
struct ReadPage: Sendable {
    let stamp: FileStamp
    let page: Page
}

/// What tells a file's versions apart without reading it: its inode, size and modification and
/// change times (to the nanosecond).
struct FileStamp: Sendable, Equatable {
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    /// The stamp of the file at `path` (links followed), or nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }
}

/// Reads `Content/`: `site.yml`, every `.md` page with its front matter, and every other file.
struct ContentLoader: Sendable {
    let directory: URL
    /// How the folder is named in messages (`Content`).
    let label: String
    let includeDrafts: Bool
    /// The previous load (`sitegen serve`): a page whose file has the same stamp and front matter
    /// rules is taken from it instead of being read again.
    var previous: LoadedContent?
    /// False for a build that keeps nothing for a next one (`sitegen build`): each page's body is
    /// left in its file, to be read when the page is parsed (``PageBodies``), and no page's file
    /// stamp is taken for a next load (``LoadedContent/readPages`` stays empty).
    var keepingBodies = true

    func load() async throws -> LoadedContent {
        let directory = directory.resolvingSymlinksInPath()
        var problems = DiagnosticCollector()
        guard isDirectory(directory) else {
            throw Diagnostic(file: label, "content folder not found (run sitegen in a folder with Content/, or pass --content DIR)")
        }
        var config = SiteConfig()
        let configURL = directory.appendingPathComponent("site.yml")
        if FileManager.default.fileExists(atPath: configURL.path) {
            let file = SitePath.join(label, "site.yml")
            problems.attempt {
                do {
                    config = try SiteConfig(yaml: try readText(configURL, file: file))
                } catch {
                    throw Diagnostics(Diagnostics.from(error).map { $0.located(in: file) })
                }
            }
        }

        config.network.listedIn = SitePath.join(label, "site.yml")

        let (markdownPaths, staticFiles, warnings) = try listFiles(in: directory)
        let taxonomies = config.taxonomies
        let reusable = previous?.config.taxonomies == taxonomies ? previous?.readPages ?? [:] : [:]
        // A file changed within a second of this load could change again with the same stamp (the
        // clock that stamps files ticks in milliseconds): it is read again next time, as git does.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let settled = now.tv_sec - 1
        let base = directory.path
        let loaded = await parallelMap(markdownPaths) { [self] path -> (ReadPage?, Result<Page, Diagnostics>) in
            guard keepingBodies else { return (nil, loadPage(path, inFolder: base, taxonomies: taxonomies)) }
            let stamp = FileStamp(path: base + "/" + path)
            if let stamp, let earlier = reusable[path], earlier.stamp == stamp { return (earlier, .success(earlier.page)) }
            let result = loadPage(path, inFolder: base, taxonomies: taxonomies)
            guard let stamp, stamp.modified.tv_sec < settled, stamp.changed.tv_sec < settled, case .success(let page) = result else { return (nil, result) }
            return (ReadPage(stamp: stamp, page: page), result)
        }

        var pages: [Page] = []
        var drafts = Set<String>()
        var readPages: [String: ReadPage] = [:]
        for (path, (read, result)) in zip(markdownPaths, loaded) {
            if let read { readPages[path] = read }
            switch result {
            case .success(let page):
                if page.frontMatter.draft && !includeDrafts {
                    drafts.insert(page.contentPath)
                } else {
                    pages.append(page)
                }
            case .failure(let errors): errors.items.forEach { problems.add($0) }
            }
        }
        pages = SectionPages.completing(pages, label: label, reserved: Set(config.taxonomies))
        checkCollisions(pages, problems: &problems)
        try problems.check()
        return LoadedContent(config: config, pages: pages, staticFiles: staticFiles, skippedDrafts: drafts, warnings: warnings, readPages: readPages)
    }

    /// Reads one page file, `contentPath` as found in the folder (`docs/_index.md`).
    func loadPage(_ contentPath: String, in directory: URL, taxonomies: [String]) -> Result<Page, Diagnostics> {
        loadPage(contentPath, inFolder: directory.path, taxonomies: taxonomies)
    }

    /// ``loadPage(_:in:taxonomies:)`` with the folder's path as text (worked out once per load).
    private func loadPage(_ contentPath: String, inFolder folder: String, taxonomies: [String]) -> Result<Page, Diagnostics> {
        let file = SitePath.join(label, contentPath)
        do {
            // The path joined as text: `URL.appendingPathComponent` cost more than reading the file.
            let text = try FileInput.text(SitePath.join(folder, contentPath), shownAs: file)
            let source = try SourceText(text)
            if let run = Self.longDelimiterRun(in: source.body) {
                throw Diagnostic(
                    line: source.bodyLineOffset + run.line,
                    "a run of \(NumberText.grouped(run.length)) \"\(run.character)\" characters; at most \(NumberText.grouped(Self.maxDelimiterRun)) in a row (longer runs make the Markdown renderer take minutes); escape them or shorten the run")
            }
            var frontMatter = try source.frontMatter.map {
                try FrontMatter(text: $0, format: source.format, firstLine: source.frontMatterLine, taxonomies: taxonomies)
            } ?? FrontMatter()
            if let warning = SectionPages.unreadFrontMatter(source) { frontMatter.warnings.insert(warning, at: 0) }
            // Hugo's and Zola's `_index.md` is the folder's index page, as `index.md` is.
            return .success(Page(
                contentPath: SectionPages.indexPath(contentPath),
                file: file,
                frontMatter: frontMatter,
                body: keepingBodies ? source.body : "",
                bodyLineOffset: source.bodyLineOffset,
                title: frontMatter.title ?? Page.title(fromFileName: SectionPages.indexPath(contentPath)),
                titleFromHeading: false,
                bodyOnDisk: keepingBodies ? nil : PageBodies.OnDisk(path: contentPath, text: text, body: source.body)
            ))
        } catch {
            return .failure(Diagnostics(Diagnostics.from(error).map { $0.located(in: file) }))
        }
    }

    /// The longest run of one emphasis character (`*`, `_`) a page may hold. Nested emphasis
    /// built from longer runs takes libcmark's CommonMark renderer quadratic time: 20,000 `*` on
    /// each side of a word take 2.7 s, 100,000 about a minute.
    static let maxDelimiterRun = 1_000

    /// The first run of more than ``maxDelimiterRun`` `*` or `_` in a row, with its 1-based line.
    static func longDelimiterRun(in text: String) -> (line: Int, length: Int, character: Character)? {
        var text = text
        return text.withUTF8 { bytes in
            // Runs are counted only where a run could be too long: from a `*` or `_` whose
            // maxDelimiterRun-th successor is the same byte.
            var index = 0
            while index + maxDelimiterRun < bytes.count {
                let byte = bytes[index]
                guard (byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")), bytes[index + maxDelimiterRun] == byte else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < bytes.count, bytes[end] == byte { end += 1 }
                if end - index > maxDelimiterRun {
                    let line = 1 + bytes[..<index].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                    return (line, end - index, Character(Unicode.Scalar(byte)))
                }
                index = end
            }
            return nil
        }
    }

    private func checkCollisions(_ pages: [Page], problems: inout DiagnosticCollector) {
        var owners: [String: Page] = [:]
        for page in pages {
            if let other = owners[page.htmlPath] {
                problems.add(Diagnostic(file: page.file, "\(page.file) and \(other.file) both map to \(page.htmlPath); rename or remove one"))
            } else {
                owners[page.htmlPath] = page
            }
        }
    }

    /// Markdown pages and other files, sorted, skipping hidden files and `site.yml`, with warnings.
    ///
    /// A symbolic link to a file inside the content folder is that file; a link that leads out of
    /// the content folder (or nowhere) is an error, so a link never publishes a file from
    /// elsewhere on the disk; a link to a folder is skipped with a warning (its pages would be
    /// published twice). A name holding `#`, `?`, `%` or a control character cannot be part of a
    /// link and is an error naming the file.
    private func listFiles(in directory: URL) throws -> ([String], [String], [String]) {
        var markdown: [String] = []
        var other: [String] = []
        var warnings: [String] = []
        var problems = DiagnosticCollector()
        var folders = [""]
        let base = directory.path
        let root = OutputSafety.canonical(directory)
        while let relative = folders.popLast() {
            let path = relative.isEmpty ? base : base + "/" + relative
            guard let entries = DirectoryListing.entries(of: path, followingLinksToFiles: false) else {
                throw Diagnostic(file: SitePath.join(label, relative), "cannot read the folder: \(String(cString: strerror(errno)))")
            }
            // Name order, so that problems are reported in the same order on every file system.
            for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
                let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
                let file = SitePath.join(label, child)
                if let bad = entry.name.unicodeScalars.first(where: { "#?%\\".unicodeScalars.contains($0) || $0.properties.generalCategory == .control }) {
                    let shown = bad.properties.generalCategory == .control ? bad.escaped(asASCII: true) : String(bad)
                    let named = file.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined()
                    problems.add(Diagnostic(file: named, "the name holds \"\(shown)\", which cannot be part of a link; rename it"))
                    continue
                }
                var kind = entry.kind
                if kind == .other {
                    // A FIFO, socket or device is never read (a FIFO would wait for a writer
                    // forever), nor skipped in silence.
                    var info = stat()
                    guard lstat(path + "/" + entry.name, &info) == 0 else {
                        problems.add(Diagnostic(file: file, "cannot read: \(FileInput.errorText())"))
                        continue
                    }
                    if let special = FileInput.specialKind(info.st_mode) {
                        problems.add(Diagnostic(file: file, "is \(special), not a file; refused (remove it from \(label)/)"))
                        continue
                    }
                    guard info.st_mode & S_IFMT == S_IFLNK else { continue }
                    let target = OutputSafety.canonical(URL(fileURLWithPath: path + "/" + entry.name))
                    guard OutputSafety.isInside(target, root) else {
                        problems.add(Diagnostic(file: file, "is a link to \(target), outside \(label)/; refused (copy the file into \(label)/ or link within it)"))
                        continue
                    }
                    guard stat(target, &info) == 0 else {
                        problems.add(Diagnostic(file: file, "is a link to \(DirectoryListing.linkTarget(path + "/" + entry.name) ?? target), which does not exist"))
                        continue
                    }
                    switch info.st_mode & S_IFMT {
                    case S_IFREG: kind = .file
                    case S_IFDIR:
                        warnings.append("\(file): skipped: it is a link to a folder inside \(label)/ (its files are published from where they are)")
                        continue
                    default:
                        problems.add(Diagnostic(file: file, "is a link to \(target), which is \(FileInput.specialKind(info.st_mode) ?? "not a file"); refused"))
                        continue
                    }
                }
                switch kind {
                case .folder: folders.append(child)
                case .file where child == "site.yml": continue
                case .file where entry.name.hasSuffix(".md"): markdown.append(child)
                case .file: other.append(child)
                case .other: continue
                }
            }
        }
        try problems.check()
        return (markdown.sorted(), other.sorted(), warnings.sorted())
    }

    private func readText(_ url: URL, file: String) throws -> String {
        try FileInput.text(url.path, shownAs: file)
    }

    private func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

extension String {
    func trimmingPrefix(_ prefix: String) -> Substring {
        hasPrefix(prefix) ? dropFirst(prefix.count) : Substring(self)
    }
}
