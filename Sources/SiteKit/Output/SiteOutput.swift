import Foundation

/// Where a build writes its files: the output folder on disk (``OutputWriter``) or memory
/// (``MemoryOutput``, for `sitegen serve`). Paths are relative to the site root.
///
/// Writes come from several threads at once, each for its own path.
protocol SiteOutput: Sendable {
    func write(_ data: Data, to relative: String) throws
    /// Puts a file from the content folder into the site unchanged.
    func copy(_ source: URL, to relative: String) throws
}

extension SiteOutput {
    /// Writes UTF-8 text.
    func write(_ text: String, to relative: String) throws {
        try write(Data(text.utf8), to: relative)
    }
}
