import Basics
import Foundation

/// The only way a build writes a file: each path is claimed in the build's ``OutputPaths`` by the
/// source that writes it, then written to the ``BuildOutput``. A path another source claimed is
/// not written; the collision is reported by ``OutputPaths/check()`` at the end of the step.
///
/// A new kind of output (aliases, a split search index, data files) writes through this too, and
/// names its source as a user would find it: `Content/bank/morning.md`, `the sitemap`.
struct SiteWriter: Sendable {
    let output: any BuildOutput
    let paths: OutputPaths
    /// The most bytes of a page (`.html`) or a Markdown twin (`.md`), whoever writes it.
    let maximumPageBytes: Int

    /// Claims `path` for `source` and writes `data` there, unless another source has it. A page
    /// larger than ``maximumPageBytes`` is an error naming its source.
    func write(_ data: Data, to path: String, by source: String) throws {
        if data.count > maximumPageBytes, path.hasSuffix(".html") || path.hasSuffix(".md") {
            let megabytes = (Double(data.count) / Double(1 << 20) * 10).rounded(.up) / 10
            throw Diagnostic(
                file: source,
                "its page \(path) would hold \(megabytes) MB, more than the \(FileInput.size(maximumPageBytes)) a page may; show less on it (fewer lines in a block, a smaller max_rows) or split it into pages")
        }
        guard paths.claim(path, by: source) else { return }
        try output.write(data, to: path)
    }

    /// Claims `path` for `source` and writes UTF-8 text there.
    func write(_ text: String, to path: String, by source: String) throws {
        try write(Data(text.utf8), to: path, by: source)
    }

    /// Claims `path` for `source` and copies the file at `url` there unchanged.
    func copy(_ url: URL, to path: String, by source: String) throws {
        guard paths.claim(path, by: source) else { return }
        do {
            try output.copy(url, to: path)
        } catch let error as OutputError {
            throw Diagnostic(file: source, error.description)
        }
    }
}
