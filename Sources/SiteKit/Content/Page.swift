/// A Markdown page of the site, as loaded from `Content/`.
public struct Page: Sendable, Equatable {
    /// The path relative to the content folder: `bank/morning.md`.
    public var contentPath: String
    /// The file as shown in messages: `Content/bank/morning.md`.
    public var file: String
    /// The page's front matter.
    public var frontMatter: FrontMatter
    /// The Markdown body (front matter removed).
    public var body: String
    /// Lines before the body in the file.
    public var bodyLineOffset: Int
    /// The title: front matter, else the first `#` heading (set when the page is parsed), else the file name.
    public var title: String
    /// True when the title came from a `#` heading in the body (the layout then prints no `<h1>` of its own).
    public var titleFromHeading: Bool
    /// The ids a link may point to with `page.md#id`: its headings' and its reports' (set when parsed).
    public var anchors: Set<String> = []

    /// The output folder: `bank/morning` (written as `bank/morning/index.html`).
    public var folder: String { SitePath.outputFolder(forPage: contentPath) }
    /// The HTML file: `bank/morning/index.html`.
    public var htmlPath: String { SitePath.join(folder, "index.html") }
    /// The Markdown report: `bank/morning/index.md`.
    public var markdownPath: String { SitePath.join(folder, "index.md") }
    /// The section: the first folder of the content path, `` for root pages.
    public var section: String { contentPath.firstIndex(of: "/").map { String(contentPath[..<$0]) } ?? "" }
    /// True for `index.md` files (the site home or a section's index).
    public var isIndex: Bool { contentPath == "index.md" || contentPath.hasSuffix("/index.md") }
    /// True for the site's home page.
    public var isHome: Bool { contentPath == "index.md" }
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
