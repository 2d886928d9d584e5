/// A Markdown page of the site, as loaded from `Content/`.
///
/// A value type whose fields live in one shared box, copied only when a copy is changed: a build
/// hands pages around by the ten thousand (maps, lists, cards), and a copy is then one reference
/// count, not one per field. The paths that follow from the content path are worked out once.
public struct Page: Sendable, Equatable {
    /// The path relative to the content folder: `bank/morning.md`.
    public var contentPath: String {
        get { storage.fields.contentPath }
        set { change { $0.contentPath = newValue } }
    }
    /// The file as shown in messages: `Content/bank/morning.md`.
    public var file: String {
        get { storage.fields.file }
        set { change { $0.file = newValue } }
    }
    /// The page's front matter.
    public var frontMatter: FrontMatter {
        get { storage.fields.frontMatter }
        set { change { $0.frontMatter = newValue } }
    }
    /// The Markdown body (front matter removed).
    public var body: String {
        get { storage.fields.body }
        set { change { $0.body = newValue } }
    }
    /// Lines before the body in the file.
    public var bodyLineOffset: Int {
        get { storage.fields.bodyLineOffset }
        set { change { $0.bodyLineOffset = newValue } }
    }
    /// The title: front matter, else the first `#` heading (set when the page is parsed), else the file name.
    public var title: String {
        get { storage.fields.title }
        set { change { $0.title = newValue } }
    }
    /// True when the title came from a `#` heading in the body (the layout then prints no `<h1>` of its own).
    public var titleFromHeading: Bool {
        get { storage.fields.titleFromHeading }
        set { change { $0.titleFromHeading = newValue } }
    }
    /// The summary lists, cards and the feed show: front matter `summary`, else the text before
    /// `<!--more-->` (set when parsed); nil when the page marks none.
    public var summary: String? {
        get { storage.fields.summary }
        set { change { $0.summary = newValue } }
    }
    /// The ids a link may point to with `page.md#id`: its headings' and its reports' (set when parsed).
    public var anchors: Set<String> {
        get { storage.fields.anchors }
        set { change { $0.anchors = newValue } }
    }

    /// Where the body was left when the page was loaded without it (``PageBodies``); nil when the
    /// page has its body.
    var bodyOnDisk: PageBodies.OnDisk? {
        get { storage.fields.bodyOnDisk }
        set { change { $0.bodyOnDisk = newValue } }
    }

    /// The output folder: `bank/morning` (written as `bank/morning/index.html`).
    public var folder: String { storage.folder }
    /// The HTML file: `bank/morning/index.html`.
    public var htmlPath: String { storage.htmlPath }
    /// The Markdown report: `bank/morning/index.md`.
    public var markdownPath: String { storage.markdownPath }
    /// The section: the first folder of the content path, `` for root pages.
    public var section: String { storage.section }
    /// True for `index.md` files (the site home or a section's index).
    public var isIndex: Bool { contentPath == "index.md" || contentPath.hasSuffix("/index.md") }
    /// True for the site's home page.
    public var isHome: Bool { contentPath == "index.md" }

    init(
        contentPath: String, file: String, frontMatter: FrontMatter, body: String, bodyLineOffset: Int,
        title: String, titleFromHeading: Bool, anchors: Set<String> = [], bodyOnDisk: PageBodies.OnDisk? = nil
    ) {
        storage = Storage(Fields(
            contentPath: contentPath, file: file, frontMatter: frontMatter, body: body, bodyLineOffset: bodyLineOffset,
            title: title, titleFromHeading: titleFromHeading, summary: frontMatter.summary, anchors: anchors, bodyOnDisk: bodyOnDisk
        ))
    }

    public static func == (a: Page, b: Page) -> Bool {
        a.storage === b.storage || a.storage.fields == b.storage.fields
    }

    private var storage: Storage

    /// Changes the fields, copying them first when another page shares them.
    private mutating func change(_ body: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
        body(&storage.fields)
    }

    /// What a page is made of; equality compares these (the paths follow from the content path).
    private struct Fields: Equatable {
        var contentPath: String
        var file: String
        var frontMatter: FrontMatter
        var body: String
        var bodyLineOffset: Int
        var title: String
        var titleFromHeading: Bool
        var summary: String?
        var anchors: Set<String>
        var bodyOnDisk: PageBodies.OnDisk?
    }

    /// The fields and the paths that follow from them. `@unchecked Sendable`: a box is changed
    /// only through ``Page/change(_:)``, when no other page holds it, so a box another thread can
    /// see never changes.
    private final class Storage: @unchecked Sendable {
        var fields: Fields {
            didSet { if fields.contentPath != oldValue.contentPath || fields.frontMatter.slug != oldValue.frontMatter.slug { derive() } }
        }
        private(set) var folder = ""
        private(set) var htmlPath = ""
        private(set) var markdownPath = ""
        private(set) var section = ""

        init(_ fields: Fields) {
            self.fields = fields
            derive()
        }

        /// A box with the same fields and paths (the paths' text shared, not worked out again).
        init(copying other: Storage) {
            fields = other.fields
            folder = other.folder
            htmlPath = other.htmlPath
            markdownPath = other.markdownPath
            section = other.section
        }

        private func derive() {
            let path = fields.contentPath
            folder = SitePath.outputFolder(forPage: path, slug: fields.frontMatter.slug)
            htmlPath = SitePath.join(folder, "index.html")
            markdownPath = SitePath.join(folder, "index.md")
            section = path.firstIndex(of: "/").map { String(path[..<$0]) } ?? ""
        }
    }
}

extension Page {
    /// The title a file name gives: `morning-rush.md` → `Morning rush`.
    static func title(fromFileName contentPath: String) -> String {
        var name = String(contentPath.split(separator: "/").last ?? "")
        if name.hasSuffix(".md") { name = String(name.dropLast(3)) }
        if name == "index" {
            let parts = contentPath.split(separator: "/")
            name = parts.count > 1 ? String(parts[parts.count - 2]) : "Home"
        }
        let spaced = name.replacing("-", with: " ").replacing("_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}
