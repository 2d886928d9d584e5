import Basics

/// Page bodies left in their files by the load and read when each page is parsed, in a build
/// that keeps nothing for a next one (`sitegen build`): the site's Markdown is then never held
/// all at once, only the bodies of the pages being parsed. At 100,000 pages that is about 160 MB
/// less at the peak of the load, and the parse no longer fills the holes those texts leave.
///
/// The file must hold, byte for byte, what the load read from it: a page edited while the site is
/// being built is an error, never a page with the front matter of one version and the body of
/// another.
struct PageBodies: Sendable {
    /// The content folder with its links resolved, as the load read it.
    let folder: String

    /// Where a page's body was left: the file as found in the content folder (`docs/_index.md`)
    /// and a digest of its text as loaded.
    struct OnDisk: Sendable, Equatable {
        let path: String
        let digest: Int
    }

    /// `page` with its body, read again from its file when the load left it there; the page as
    /// it is otherwise.
    /// - Throws: a diagnostic naming the page's file when the file cannot be read or its text is
    ///   not what the load read.
    func reading(_ page: Page) throws -> Page {
        guard let onDisk = page.bodyOnDisk else { return page }
        let text = try FileInput.text(SitePath.join(folder, onDisk.path), shownAs: page.file)
        guard Self.digest(text) == onDisk.digest else {
            throw Diagnostic(file: page.file, "changed while the site was being built; build again")
        }
        var page = page
        page.body = try SourceText(text).body
        page.bodyOnDisk = nil
        return page
    }

    /// A digest of a page file's text, the same for the same bytes within one run.
    static func digest(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return hasher.finalize()
        }
    }
}
