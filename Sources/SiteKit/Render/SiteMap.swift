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
        // Sort keys computed once per page: (section weight, section title, index first, weight, title, path).
        let keyed = pages.map { page in
            let section = page.section
            let (weight, title) = section.isEmpty ? (Int.min, "") : sectionWeight[section] ?? (Int.max, section)
            return (key: (weight, title + "\u{0}" + section, page.isIndex ? 0 : 1, page.frontMatter.weight ?? Int.max, page.title, page.contentPath), page: page)
        }
        ordered = keyed.sorted { $0.key < $1.key }.map(\.page)

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

        var children: [String: [Page]] = [:]
        for page in ordered where !page.isHome {
            children[SitePath.listingIndex(of: page.contentPath), default: []].append(page)
        }
        childrenByIndex = children
    }

    /// The pages directly inside each index page's folder (and the indexes of its subsections),
    /// in reading order, by the index's content path.
    private let childrenByIndex: [String: [Page]]

    /// The top navigation's entries, computed once per build. When they are unchanged after an
    /// edit, pages other than the edited ones need not be rendered again.
    let navigationEntries: [NavigationEntry]

    struct NavigationEntry: Sendable, Equatable {
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
        return (childrenByIndex[index.contentPath] ?? []).map { card($0, from: folder) }
    }

    private func card(_ page: Page, from folder: String) -> Card {
        Card(
            title: page.title,
            href: SitePath.relative(from: folder, to: page.htmlPath),
            markdownHref: SitePath.relative(from: folder, to: page.markdownPath),
            description: page.frontMatter.description,
            headlines: headlines[page.contentPath] ?? [],
            section: page.section.isEmpty ? nil : Page.title(fromFileName: page.section + "/index.md")
        )
    }
}
