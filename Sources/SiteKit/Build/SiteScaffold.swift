import Basics
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ReportKit

/// `sitegen init DIR`: a small site that builds as it is — `site.yml`, a home page and a page with
/// a `calc` and a `bank` block. It uses the built-in templates; copy any of them into
/// `Templates/` to change it.
public enum SiteScaffold {
    /// The files written, by path under the site folder.
    public static let files: [String: String] = [
        "Content/site.yml": """
        title: My reports
        description: Dashboards built from Markdown with sitegen.
        language: en
        # base_url: https://example.com/reports/   # with it, sitegen writes sitemap.xml and atom.xml

        """,
        "Content/index.md": """
        ---
        title: My reports
        ---
        Every page of this site is a Markdown file under `Content/`; this one is `Content/index.md`.
        Fenced blocks named `calc`, `bank`, `juice` or `market` are run when the site is built.

        Start with [the first report](first-report.md). Build with `sitegen`, preview with
        `sitegen serve`, and check everything without writing with `sitegen check`.

        """,
        "Content/first-report.md": """
        ---
        title: First report
        description: A calculator tape and a morning at the bank.
        date: 2025-01-06
        tags: [example]
        ---
        A calculator tape, evaluated left to right:

        ```calc
        1,200 × 3
        450 + 50
        ```

        A morning at a bank with three tellers:

        ```bank
        seed: 42
        customers: 10...30
        tellers: {deposit: 2, loan: 1}
        services:
          deposit: {name: Deposit, duration: 0.7}
          loan: {name: Loan, duration: 1.1}
        ```

        Back to [the dashboard](index.md).

        """,
    ]

    /// Writes ``files`` into `folder`, creating it if needed.
    /// - Returns: the paths written, relative to `folder`, sorted.
    /// - Throws: a ``Diagnostic`` when `folder` exists and holds anything but hidden files (such
    ///   as `.git`), or cannot be written.
    @discardableResult
    public static func create(in folder: URL) throws -> [String] {
        let folder = folder.standardizedFileURL
        var info = stat()
        if stat(folder.path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Diagnostic(file: folder.path, "exists and is not a folder") }
            guard let entries = DirectoryListing.entries(of: folder.path, followingLinksToFiles: false) else {
                throw Diagnostic(file: folder.path, "cannot read the folder: \(FileInput.errorText())")
            }
            let visible = entries.map(\.name).filter { !$0.hasPrefix(".") }
            guard visible.isEmpty else {
                throw Diagnostic(file: folder.path, "is not empty (\(visible.sorted().prefix(3).joined(separator: ", "))\(visible.count > 3 ? ", …" : "")); sitegen init only writes into an empty or new folder")
            }
        }
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            try makeFolders(url.deletingLastPathComponent())
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw Diagnostic(file: url.path, "cannot write: \(FileInput.errorText())") }
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    let reason = FileInput.errorText()
                    close(descriptor)
                    throw Diagnostic(file: url.path, "cannot write: \(reason)")
                }
                offset += count
            }
            guard close(descriptor) == 0 else { throw Diagnostic(file: url.path, "cannot write: \(FileInput.errorText())") }
        }
        return files.keys.sorted()
    }

    /// Creates `folder` and the folders above it that are missing; a file in the way is named.
    private static func makeFolders(_ folder: URL) throws {
        var info = stat()
        if stat(folder.path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Diagnostic(file: folder.path, "exists and is not a folder") }
            return
        }
        guard errno == ENOENT || errno == ENOTDIR else { throw Diagnostic(file: folder.path, "cannot create the folder: \(FileInput.errorText())") }
        let parent = folder.deletingLastPathComponent()
        if parent.path != folder.path { try makeFolders(parent) }
        guard mkdir(folder.path, 0o755) == 0 || errno == EEXIST else {
            throw Diagnostic(file: folder.path, "cannot create the folder: \(FileInput.errorText())")
        }
    }
}
