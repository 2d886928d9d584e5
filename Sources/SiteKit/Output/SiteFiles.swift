import Foundation

/// A built site held in memory, as `sitegen serve` serves it: every output file by its path
/// relative to the site root (`index.html`, `bank/morning/index.html`, `site.1a2b3c4d.css`).
public struct SiteFiles: Sendable {
    /// What a file holds: rendered bytes, or a file copied unchanged from `Content/`.
    public enum Contents: Sendable, Equatable {
        case data(Data)
        case file(URL)
    }

    private var files: [String: Contents]

    public init(_ files: [String: Contents] = [:]) {
        self.files = files
    }

    /// The file at a path relative to the site root, without a leading slash.
    public subscript(path: String) -> Contents? {
        get { files[path] }
        set { files[path] = newValue }
    }

    /// Every path, sorted.
    public var paths: [String] { files.keys.sorted() }

    public var count: Int { files.count }
}
