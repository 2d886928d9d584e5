/// The site's structure: the order of pages, the navigation, the dashboard cards, section children.
struct SiteMap: Sendable {
    /// Pages in reading order: sections by their index's weight, pages by weight, then title.
    let ordered: [Page]
    /// Headline figures by content path (pages with reports only).
    let headlines: [String: [String]]

    init(pages: [Page], headlines: [String: [String]]) {
        self.headlines = headlines
        var sectionWeight: [String: (Int, String)] = [:]
        for page in pages where page.isIndex && !page.isHome {
            sectionWeight[page.section] = (page.frontMatter.weight ?? Int.max, page.title)
        }
        func key(_ page: Page) -> (Int, String, Int, Int, String, String) {
            let section = page.section
            let (weight, title) = section.isEmpty ? (Int.min, "") : sectionWeight[section] ?? (Int.max, section)
            return (weight, title + "\u{0}" + section, page.isIndex ? 0 : 1, page.frontMatter.weight ?? Int.max, page.title, page.contentPath)
        }
        ordered = pages.sorted { key($0) < key($1) }

        var entries: [NavigationEntry] = []
        var seenSections = Set<String>()
        for page in ordered {
            if page.section.isEmpty {
                entries.append(NavigationEntry(title: page.isHome ? "Home" : page.title, htmlPath: page.htmlPath, contentPath: page.contentPath, section: nil))
            } else if seenSections.insert(page.section).inserted {
                let title = page.isIndex && page.section == SitePath.parent(page.contentPath) ? page.title : Page.title(fromFileName: page.section + "/index.md")
                entries.append(NavigationEntry(title: title, htmlPath: page.htmlPath, contentPath: page.contentPath, section: page.section))
            }
        }
        navigationEntries = entries
    }

    /// The top navigation's entries, computed once per build.
    private let navigationEntries: [NavigationEntry]

    private struct NavigationEntry: Sendable {
        let title: String
        let htmlPath: String
        let contentPath: String
        /// Set for a section's entry, which is current on every page of the section.
        let section: String?
    }

    /// Top navigation: the home page, root pages and one entry per section (its index, else its first page).
    func navigation(from folder: String, current: Page?) -> [LinkItem] {
        let currentSection = current?.section
        return navigationEntries.map { entry in
            LinkItem(
                title: entry.title,
                href: SitePath.relative(from: folder, to: entry.htmlPath),
                current: entry.section.map { $0 == currentSection } ?? (current?.contentPath == entry.contentPath)
            )
        }
    }

    /// Dashboard cards: every page with report headlines, in reading order.
    func cards(from folder: String) -> [Card] {
        ordered.compactMap { page in
            guard let figures = headlines[page.contentPath], !figures.isEmpty else { return nil }
            return card(page, from: folder)
        }
    }

    /// The pages directly inside a section index's folder.
    func children(of index: Page, from folder: String) -> [Card] {
        guard index.isIndex else { return [] }
        let parent = SitePath.parent(index.contentPath)
        return ordered.compactMap { page in
            guard page.contentPath != index.contentPath else { return nil }
            let pageParent = SitePath.parent(page.contentPath)
            let isChild = pageParent == parent && !page.isIndex
            let isSubsection = page.isIndex && SitePath.parent(pageParent) == parent && pageParent != parent
            return isChild || isSubsection ? card(page, from: folder) : nil
        }
    }

    private func card(_ page: Page, from folder: String) -> Card {
        Card(
            title: page.title,
            href: SitePath.relative(from: folder, to: page.htmlPath),
            description: page.frontMatter.description,
            headlines: headlines[page.contentPath] ?? [],
            section: page.section.isEmpty ? nil : Page.title(fromFileName: page.section + "/index.md")
        )
    }
}
