import Basics

/// The pages a content tree implies but does not hold: a list page for every folder of pages
/// without an index page, and the home page when there is no `index.md`, as Hugo and Zola make
/// them. Both render with the layouts every index page uses (`page` listing its children, `home`
/// the dashboard), so a site's navigation, brand link and breadcrumbs always lead somewhere.
enum SectionPages {
    /// `pages` with a page made for each folder that holds pages (at any depth) but no index, and
    /// for the home page when there is none; sorted by content path. Folders in `reserved` (the
    /// taxonomies', whose pages the build makes itself) get none.
    static func completing(_ pages: [Page], label: String, reserved: Set<String> = []) -> [Page] {
        let indexes = Set(pages.filter(\.isIndex).map(\.contentPath))
        var folders = Set<String>()
        for page in pages {
            var folder = SitePath.parent(page.contentPath)
            if page.isIndex { folder = SitePath.parent(folder) }
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = SitePath.parent(folder)
            }
        }
        var made = folders.subtracting(reserved).map { SitePath.join($0, "index.md") }.filter { !indexes.contains($0) }
        if !indexes.contains("index.md") { made.append("index.md") }
        let generated = made.map { path in
            Page(
                contentPath: path,
                file: SitePath.join(label, SitePath.parent(path)) + "/",
                frontMatter: FrontMatter(),
                body: "",
                bodyLineOffset: 0,
                title: Page.title(fromFileName: path),
                titleFromHeading: false
            )
        }
        return (pages + generated).sorted { $0.contentPath < $1.contentPath }
    }

    /// The content path a page is known by: `_index.md` is its folder's `index.md`.
    static func indexPath(_ contentPath: String) -> String {
        if contentPath == "_index.md" { return "index.md" }
        if contentPath.hasSuffix("/_index.md") { return String(contentPath.dropLast("_index.md".count)) + "index.md" }
        return contentPath
    }

    /// A warning when a page opens with what looks like front matter in a form sitegen does not
    /// read (it is then shown as the start of the body).
    static func unreadFrontMatter(_ source: SourceText) -> Diagnostic? {
        guard source.frontMatter == nil else { return nil }
        let first = source.body.prefix { $0 != "\n" && $0 != "\r" }.trimmingCharacters(in: .whitespaces)
        let fenced = first.count >= 3 && Set(first).count == 1 && "-+=;~".contains(first.first ?? " ")
        guard fenced || first.lowercased().hasPrefix("#+title") else { return nil }
        return Diagnostic(line: 1, "the first line \"\(first)\" looks like front matter sitegen does not read, so it is shown as text; write front matter between --- lines (YAML), +++ lines (TOML) or as a JSON object")
    }
}
