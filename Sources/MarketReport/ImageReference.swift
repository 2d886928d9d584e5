import Basics
import Foundation
import ReportKit

/// An image that is safe to put in a page: an absolute http(s) URL, or (for a local catalogue) a
/// file under the content folder. Anything else — `javascript:`, `data:`, `..` escapes, absolute
/// paths, missing files — never becomes an image reference.
public enum ImageReference: Sendable, Equatable {
    /// An absolute `http`/`https` URL, checked by ``HTML/safeHTTPURL(_:)``.
    case remote(String)
    /// A path relative to the content folder (`data/images/apple.svg`); the file exists there and
    /// is copied to the same path in the site.
    case local(String)

    /// The reference as written in data downloads: the URL, or the content-relative path.
    public var text: String {
        switch self {
        case .remote(let url): url
        case .local(let path): path
        }
    }

    /// The `src` for a page whose folder is `depth` folders below the site root.
    public func href(depth: Int) -> String {
        switch self {
        case .remote(let url): url
        case .local(let path): String(repeating: "../", count: depth) + path
        }
    }

    /// Checks an image reference from product data.
    /// - Parameters:
    ///   - text: the value in the data.
    ///   - localRoot: the content folder when the data is a local catalogue whose images may be
    ///     files; nil for API data, which may only use http(s) URLs.
    /// - Returns: nil when `text` is missing, empty, or not safe.
    public static func resolve(_ text: String?, localRoot: URL?) -> ImageReference? {
        guard let text, !text.isEmpty else { return nil }
        if let url = HTML.safeHTTPURL(text) { return .remote(url) }
        guard let localRoot, let path = safeRelativePath(text) else { return nil }
        let file = localRoot.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
            PathCheck.isInside(file, folder: localRoot)
        else { return nil }
        return .local(path)
    }

    /// `text` when it is a plain relative path — letters, digits, `-`, `_`, `.`, `/` and non-ASCII
    /// letters, no scheme, no leading `/`, no empty, `.` or `..` segment; nil otherwise.
    static func safeRelativePath(_ text: String) -> String? {
        let segments = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.isEmpty,
            segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
            text.unicodeScalars.allSatisfy({ scalar in
                scalar.value > 0x7F
                    ? CharacterSet.letters.contains(scalar) || CharacterSet.decimalDigits.contains(scalar)
                    : CharacterSet.alphanumerics.contains(scalar) || "-_./".unicodeScalars.contains(scalar)
            })
        else { return nil }
        return text
    }
}
