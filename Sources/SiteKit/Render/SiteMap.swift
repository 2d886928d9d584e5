import ReportKit
/// The site's structure: the order of pages, the navigation, the dashboard cards, section children.
struct SiteMap: Sendable {
    /// Pages in reading order: sections by their index's weight, pages by weight, then newest
    /// first (dated before undated), then title.
    private(set) var ordered: [Page]
    /// Headline figures by content path (pages with reports only).
    private(set) var headlines: [String: [String]]
    /// The dashboard card's figures by content path (pages whose reports have them).
    private(set) var reportCards: [String: ReportCard]

    /// The map of `pages`; the taxonomies' navigation entries come after, with ``addNavigation(for:)``.
    init(pages: [Page], headlines: [String: [String]], cards: [String: ReportCard] = [:]) {
        self.headlines = headlines
        reportCards = cards
        var sectionWeight: [String: (Int, String)] = [:]
        // A section is ordered by its own index's weight, never by a sub-section index's.
        for page in pages where page.contentPath == page.section + "/index.md" {
            sectionWeight[page.section] = (page.frontMatter.weight ?? Int.max, page.title)
        }
        // Sort keys computed once per page: (section weight, section title, index first, weight,
        // undated last, newest first, title, path). The section's title is replaced by its rank
        // among the sections, so the leading key is plain integers; the page indices are sorted,
        // not the pages.
        let sectionKeys = pages.map { page -> (Int, String) in
            let section = page.section
            let (weight, title) = section.isEmpty ? (Int.min, "") : sectionWeight[section] ?? (Int.max, section)
            return (weight, title + "\u{0}" + section)
        }
        var sectionRank: [String: Int] = [:]
        for (rank, key) in Set(sectionKeys.map(\.1)).sorted().enumerated() { sectionRank[key] = rank }
        let keys = pages.indices.map { index in
            let page = pages[index]
            // The section's own index first (the navigation links to it), then sub-section
            // indexes, then pages.
            let place = page.contentPath == page.section + "/index.md" ? 0 : page.isIndex ? 1 : 2
            return (sectionKeys[index].0, sectionRank[sectionKeys[index].1] ?? 0, place,
                    page.frontMatter.weight ?? Int.max, page.frontMatter.date == nil ? 1 : 0)
        }
        let dates = pages.map(\.frontMatter.date)
        let titles = pages.map(\.title)
        let paths = pages.map(\.contentPath)
        ordered = pages.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            if dates[a] != dates[b], let x = dates[a], let y = dates[b] { return x > y }
            if titles[a] != titles[b] { return titles[a] < titles[b] }
            return paths[a] < paths[b]
        }.map { pages[$0] }

        var entries: [NavigationEntry] = []
        var seenSections = Set<String>()
        for page in ordered {
            if page.section.isEmpty {
                entries.append(NavigationEntry(title: page.isHome ? Strings.current["site.home"] : page.title, htmlPath: page.htmlPath, contentPath: page.contentPath, section: nil))
            } else if seenSections.insert(page.section).inserted {
                let title = page.isIndex && page.section == SitePath.parent(page.contentPath) ? page.title : Page.title(fromFileName: page.section + "/index.md")
                entries.append(NavigationEntry(title: title, htmlPath: page.htmlPath, contentPath: page.contentPath, section: page.section))
            }
        }
        navigationEntries = entries

        var sectionTitles: [String: String] = [:]
        var stubs: [CardStub] = []
        stubs.reserveCapacity(ordered.count)
        var stubIndex: [String: Int] = [:]
        stubIndex.reserveCapacity(ordered.count)
        var children: [String: [Page]] = [:]
        var childPaths: [String: [String]] = [:]
        for page in ordered {
            let section = page.section.isEmpty ? nil : sectionTitles[page.section] ?? {
                let title = Page.title(fromFileName: page.section + "/index.md")
                sectionTitles[page.section] = title
                return title
            }()
            let stub = CardStub(page, headlines: headlines[page.contentPath] ?? [], report: cards[page.contentPath], section: section)
            stubIndex[page.contentPath] = stubs.count
            stubs.append(stub)
            guard !page.isHome else { continue }
            let index = SitePath.listingIndex(of: page.contentPath)
            children[index, default: []].append(page)
            childPaths[index, default: []].append(page.contentPath)
        }
        cardStubs = stubs
        stubIndexByPath = stubIndex
        childPathsByIndex = childPaths
        sequence = ordered.map { SequenceEntry(contentPath: $0.contentPath, title: $0.title) }
        var neighbours: [String: (previous: String?, next: String?)] = [:]
        neighbours.reserveCapacity(ordered.count)
        for siblings in children.values {
            let pages = siblings.filter { !$0.isIndex && !$0.section.isEmpty }.map(\.contentPath)
            for (index, page) in pages.enumerated() {
                neighbours[page] = (index > 0 ? pages[index - 1] : nil, index + 1 < pages.count ? pages[index + 1] : nil)
            }
        }
        neighboursByPath = neighbours
    }

    /// This map for the same pages after their parse and reports, when the parse changed none of
    /// their titles (every title in front matter, as ``StreamedPages`` asks): the reading order,
    /// the navigation and the neighbours stay, which depend on the titles, weights, dates and
    /// paths alone; the cards show what the parse and the reports found (a summary before
    /// `<!--more-->`, headline figures). Nil when a page is missing, added or retitled: the map
    /// is then made anew.
    func updated(pages: [Page], headlines: [String: [String]], cards: [String: ReportCard]) -> SiteMap? {
        guard pages.count == ordered.count else { return nil }
        let byPath = Dictionary(pages.map { ($0.contentPath, $0) }, uniquingKeysWith: { a, _ in a })
        var map = self
        map.headlines = headlines
        map.reportCards = cards
        for (index, old) in ordered.enumerated() {
            guard let page = byPath[old.contentPath], page.title == old.title else { return nil }
            map.ordered[index] = page
            let path = page.contentPath
            guard page.summary != old.summary || headlines[path] != nil || cards[path] != nil, let at = stubIndexByPath[path] else { continue }
            map.cardStubs[at] = CardStub(page, headlines: headlines[path] ?? [], report: cards[path], section: cardStubs[at].section)
        }
        return map
    }

    /// Every page in reading order with its title: what previous/next links depend on.
    let sequence: [SequenceEntry]

    struct SequenceEntry: Sendable, Equatable {
        let contentPath: String
        let title: String
    }

    /// The pages before and after each page among the pages of its section folder (index pages
    /// and pages at the root, which is no section, left out), by content path.
    private let neighboursByPath: [String: (previous: String?, next: String?)]

    /// Links to the pages before and after `page` in its section, relative to `folder`.
    func neighbours(of page: Page, from folder: String) -> (previous: LinkItem?, next: LinkItem?) {
        guard let (previous, next) = neighboursByPath[page.contentPath] else { return (nil, nil) }
        func link(_ path: String?) -> LinkItem? {
            path.flatMap(stub(of:)).map { LinkItem(title: $0.title, href: SitePath.relative(from: folder, to: $0.htmlPath), current: false) }
        }
        return (link(previous), link(next))
    }

    /// The content paths of the pages directly inside each index page's folder (and of the
    /// indexes of its subsections), in reading order, by the index's content path.
    private let childPathsByIndex: [String: [String]]

    /// The pages directly inside an index page's folder and its subsections' indexes, by content
    /// path, in reading order: one level of the site's tree.
    func childPaths(of indexPath: String) -> [String] {
        childPathsByIndex[indexPath] ?? []
    }

    /// A page's title and its link from `folder`, by content path; nil for no page.
    func link(to contentPath: String, from folder: String) -> (title: String, href: String)? {
        stub(of: contentPath).map { ($0.title, SitePath.relative(from: folder, to: $0.htmlPath)) }
    }

    /// What each page's card says wherever it is shown, in reading order (found by content path
    /// with ``stubIndexByPath``): made once per build, so a listing only works out its links.
    private var cardStubs: [CardStub]
    private let stubIndexByPath: [String: Int]

    /// What the card of the page at `contentPath` says; nil for no page.
    private func stub(of contentPath: String) -> CardStub? {
        stubIndexByPath[contentPath].map { cardStubs[$0] }
    }

    private struct CardStub: Sendable {
        let title: String
        let htmlPath: String
        let markdownPath: String
        let description: String?
        let date: String?
        let headlines: [String]
        let report: ReportCard?
        let section: String?

        init(_ page: Page, headlines: [String], report: ReportCard?, section: String?) {
            title = page.title
            htmlPath = page.htmlPath
            markdownPath = page.markdownPath
            description = page.summary ?? page.frontMatter.description
            date = page.frontMatter.date?.text
            self.headlines = headlines
            self.report = report
            self.section = section
        }

        func card(from folder: String) -> Card {
            Card(
                title: title, href: SitePath.relative(from: folder, to: htmlPath),
                markdownHref: SitePath.relative(from: folder, to: markdownPath),
                description: description, date: date, headlines: headlines, report: report, section: section
            )
        }
    }

    /// The top navigation's entries, computed once per build. When they are unchanged after an
    /// edit, pages other than the edited ones need not be rendered again.
    private(set) var navigationEntries: [NavigationEntry]

    /// Adds a navigation entry for each of `taxonomies`, after the pages' entries (a build
    /// collects the taxonomies while the rest of the map is worked out).
    mutating func addNavigation(for taxonomies: [Taxonomy]) {
        for taxonomy in taxonomies {
            let htmlPath = SitePath.join(taxonomy.folder, "index.html")
            navigationEntries.append(NavigationEntry(title: taxonomy.title, htmlPath: htmlPath, contentPath: htmlPath, section: taxonomy.folder))
        }
    }

    struct NavigationEntry: Sendable, Equatable {
        let title: String
        let htmlPath: String
        let contentPath: String
        /// Set for a section's entry, which is current on every page of the section.
        let section: String?
    }

    /// Top navigation: the home page, root pages, one entry per section (its index, else its first
    /// page) and one per taxonomy. `section` is the current page's section (a taxonomy's folder on
    /// its own pages).
    func navigation(from folder: String, current: Page?, section currentSection: String?) -> [LinkItem] {
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
        return (childPathsByIndex[index.contentPath] ?? []).compactMap { stub(of: $0)?.card(from: folder) }
    }

    func card(_ page: Page, from folder: String) -> Card {
        if let stub = stub(of: page.contentPath), stub.title == page.title { return stub.card(from: folder) }
        return Card(
            title: page.title,
            href: SitePath.relative(from: folder, to: page.htmlPath),
            markdownHref: SitePath.relative(from: folder, to: page.markdownPath),
            description: page.summary ?? page.frontMatter.description,
            date: page.frontMatter.date?.text,
            headlines: headlines[page.contentPath] ?? [],
            report: reportCards[page.contentPath],
            section: page.section.isEmpty ? nil : Page.title(fromFileName: page.section + "/index.md")
        )
    }
}
