import Foundation

/// Checks that paths named in blocks stay inside the content folder.
enum PathCheck {
    /// True when `file`, with symbolic links resolved, lies inside `folder`.
    static func isInside(_ file: URL, folder: URL) -> Bool {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let path = file.standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix)
    }
}
