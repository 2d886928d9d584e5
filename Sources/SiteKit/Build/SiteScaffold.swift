import Basics
import Foundation
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
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw Diagnostic(file: folder.path, "exists and is not a folder") }
            let visible = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
            guard visible.isEmpty else {
                throw Diagnostic(file: folder.path, "is not empty (\(visible.sorted().prefix(3).joined(separator: ", "))\(visible.count > 3 ? ", …" : "")); sitegen init only writes into an empty or new folder")
            }
        }
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                throw Diagnostic(file: url.path, "cannot write: \(error.localizedDescription)")
            }
        }
        return files.keys.sorted()
    }
}
