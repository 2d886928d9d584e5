import Basics

/// Page bodies left in their files by the load and read when each page is parsed, in a build
/// that keeps nothing for a next one (`sitegen build`): the site's Markdown is then never held
/// all at once, only the bodies of the pages being parsed, and the memory those texts took is not
/// left in holes between the values the parse keeps.
///
/// The body read must be, byte for byte, the one the load found, at the same place in a file of
/// the same size: a page edited while the site is being built is an error, never a page with the
/// front matter of one version and the body of another.
struct PageBodies: Sendable {
    /// The content folder with its links resolved, as the load read it.
    let folder: String

    /// Where a page's body was left: the file as found in the content folder (`docs/_index.md`),
    /// its size, the body's bytes (the end of the file), and the digests of the front matter's
    /// bytes (all before the body) and of the body as loaded. The digests are the same on every
    /// run, so a later build can tell the page is unchanged (``BuildRecord``).
    struct OnDisk: Sendable, Equatable {
        let path: String
        let fileBytes: Int
        let bodyBytes: Int
        let front: ContentDigest
        let body: ContentDigest

        /// Where the body of a file whose text is `text` was left.
        init(path: String, text: String, body: String) {
            self.path = path
            var text = text
            fileBytes = text.utf8.count
            bodyBytes = body.utf8.count
            let split = fileBytes - bodyBytes
            (front, self.body) = text.withUTF8 { bytes in
                let all = UnsafeRawBufferPointer(bytes)
                return (ContentDigest(bytes: UnsafeRawBufferPointer(rebasing: all[..<split])), ContentDigest(bytes: UnsafeRawBufferPointer(rebasing: all[split...])))
            }
        }
    }

    /// `page` with its body, read again from its file when the load left it there; the page as
    /// it is otherwise. Only the body's bytes are read, straight into the body's text.
    /// - Throws: a diagnostic naming the page's file when the file cannot be read or the body is
    ///   not what the load read.
    func reading(_ page: Page) throws -> Page {
        guard let onDisk = page.bodyOnDisk else { return page }
        let body = try FileInput.text(
            SitePath.join(folder, onDisk.path), shownAs: page.file, from: onDisk.fileBytes - onDisk.bodyBytes, ofSize: onDisk.fileBytes
        )
        guard let body, ContentDigest(body) == onDisk.body else {
            throw Diagnostic(file: page.file, "changed while the site was being built; build again")
        }
        var page = page
        page.body = body
        page.bodyOnDisk = nil
        return page
    }
}
