/// The files a part of sitegen carries in its `Files/` folder, built into the binary by the
/// `EmbedFiles` plugin: a report kind's strings, stylesheet and partials, the report renderer's
/// strings, the site's templates.
///
/// They are laid out as a site's `Templates/` folder — `i18n/en.yml`, `assets/bank.css`,
/// `partials/product-card.mustache` — and a site's file of the same path replaces one; a site's
/// `Templates/i18n/<language>.yml` replaces single strings.
public struct BuiltInFiles: Sendable {
    /// Each file's text by its path under `Files/`.
    public let files: [String: String]
    /// The strings of `i18n/`, read once.
    public let strings: StringTables

    /// - Parameter files: each file's text by its path under `Files/`: a target's `EmbeddedFiles.files`.
    public init(_ files: [String: String]) {
        self.files = files
        strings = StringTables(files: files)
    }

    /// No files: a kind that brings nothing but its reports.
    public static let none = BuiltInFiles([:])
}
