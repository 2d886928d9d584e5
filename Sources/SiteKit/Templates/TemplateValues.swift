import ReportKit
import Templating

// View models handed to the Mustache templates: plain values that answer `value(named:)` with
// typed template values. The names are the template variables listed in
// README.md ("Templates").

/// Everything a layout can use for one page.
struct PageValues: TemplateObject {
    var site: SiteValues
    var page: PageInfo
    /// The relative way to the site root from this page (`../../`), for links and assets.
    var root: String
    var stylesheets: [String]
    var scripts: [String]
    /// `nav`, `cards` and `children`, computed only if the template uses them.
    var links: PageLinks
    var canonical: String?
    var isHome: Bool
    /// On a taxonomy's pages: the taxonomy and its terms.
    var taxonomy: TaxonomyValues?
    /// On a term's page: the term and its pages.
    var term: TermValues?
    /// The Atom feed, relative to the page, when the site has one.
    var feed: String?

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "taxonomy": taxonomy.map { .object($0) }
        case "term": term.map { .object($0) }
        case "feed": feed.map { .text($0) }
        case "site": .object(site)
        case "page": .object(page)
        case "root": .text(root)
        case "stylesheets": .list(stylesheets.map { .text($0) })
        case "scripts": .list(scripts.map { .text($0) })
        case "nav": .objects(links.navigation)
        case "cards": .objects(links.cards)
        // The cards in runs of one section each (`section`, absent for the top level; `cards`).
        case "card_groups": .list(Self.groups(of: links.cards))
        case "children": .objects(links.children)
        case "tree": .objects(links.tree)
        case "canonical": canonical.map { .text($0) }
        case "is_home": .bool(isHome)
        case "i18n": .object(StringValues(strings: Strings.current, prefix: ""))
        default: nil
        }
    }

    /// `cards` cut where the section changes, each run with its section's title.
    static func groups(of cards: [Card]) -> [TemplateValue] {
        var groups: [(section: String?, cards: [Card])] = []
        for card in cards {
            if let last = groups.last, last.section == card.section {
                groups[groups.count - 1].cards.append(card)
            } else {
                groups.append((card.section, [card]))
            }
        }
        return groups.map { group in
            var entries: [String: TemplateValue] = ["cards": .objects(group.cards)]
            entries["section"] = group.section.map { .text($0) }
            // The cards' heading level: under the group's own title (h3) when it has one, else
            // straight under the dashboard's h2, so no heading level is skipped.
            entries["card_heading"] = .text(group.section == nil ? "h3" : "h4")
            return .map(entries)
        }
    }
}

/// `{{i18n.site.search}}`: the interface strings of the build's language, by dotted key.
struct StringValues: TemplateObject {
    let strings: Strings
    /// The keys walked so far, e.g. `site.`.
    let prefix: String

    func value(named name: String) -> TemplateValue? {
        let key = prefix + name
        if let text = strings.table[key] { return .text(text) }
        let deeper = key + "."
        return strings.groups.contains(deeper) ? .object(StringValues(strings: strings, prefix: deeper)) : nil
    }
}

/// A page's place in the site: the lists a layout may show, computed on demand so that a layout
/// without navigation costs nothing for it.
struct PageLinks {
    let map: SiteMap
    /// The folder the page is written to; links are relative to it.
    let folder: String
    /// The Markdown page being rendered (nil for the 404 page and taxonomy pages).
    let current: Page?
    /// The section whose navigation entry is current (a taxonomy's folder on its pages).
    var section: String?
    /// Makes the navigation's links absolute under this URL (the 404 page, served at any depth).
    var absoluteBase: String?

    /// Top navigation: the home page, root pages and one entry per section.
    var navigation: [LinkItem] {
        let items = map.navigation(from: folder, current: current, section: section ?? current?.section)
        guard let base = absoluteBase else { return items }
        return items.map { LinkItem(title: $0.title, href: base + $0.href, current: $0.current) }
    }

    /// The site as a tree, for a recursive partial: the home page, whose children are the root
    /// pages and the sections, theirs the sections' pages and subsections, and so on (the
    /// top level when the site has no home page).
    var tree: [TreeItem] {
        let current = current?.contentPath
        if let home = TreeItem(map: map, contentPath: "index.md", from: folder, current: current) { return [home] }
        return map.childPaths(of: "index.md").compactMap { TreeItem(map: map, contentPath: $0, from: folder, current: current) }
    }

    /// Dashboard cards, on the home page: one per page with reports.
    let cards: [Card]

    /// The pages of a section, on its index page.
    let children: [Card]

    /// The links of a page written to `folder`; the cards and children are worked out here, once
    /// (a template may ask for them several times, and the `.md` twin lists them too).
    init(map: SiteMap, folder: String, current: Page?) {
        self.map = map
        self.folder = folder
        self.current = current
        cards = current?.isHome == true && folder.isEmpty ? map.cards(from: folder) : []
        if let current, current.folder == folder {
            children = map.children(of: current, from: folder)
        } else {
            children = []
        }
    }
}

/// An entry of `tree`: a page with `title`, `href`, `current` (the page being rendered), `open`
/// (it or a page inside its section is) and `children`, the pages and subsections of an index
/// page — an empty list for any other page, so that a partial including itself for each child
/// ends at the leaves.
struct TreeItem: TemplateObject {
    let map: SiteMap
    let contentPath: String
    let title: String
    let href: String
    /// The folder of the page being rendered, which the links are relative to.
    let folder: String
    /// The content path of the page being rendered.
    let current: String?

    init?(map: SiteMap, contentPath: String, from folder: String, current: String?) {
        guard let link = map.link(to: contentPath, from: folder) else { return nil }
        self.map = map
        self.contentPath = contentPath
        (title, href) = link
        self.folder = folder
        self.current = current
    }

    private var isIndex: Bool { contentPath == "index.md" || contentPath.hasSuffix("/index.md") }

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "href": .text(href)
        case "current": .bool(current == contentPath)
        case "open":
            .bool(current == contentPath || (isIndex && current?.hasPrefix(String(contentPath.dropLast("index.md".count))) == true))
        case "children":
            .objects(isIndex ? map.childPaths(of: contentPath).compactMap { TreeItem(map: map, contentPath: $0, from: folder, current: current) } : [])
        default: nil
        }
    }
}

/// `site.*` in templates.
struct SiteValues: TemplateObject, Sendable {
    var title: String
    var description: String
    var language: String

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "description": description.isEmpty ? nil : .text(description)
        case "language": .text(language)
        default: nil
        }
    }
}

/// `page.*` in templates.
struct PageInfo: TemplateObject {
    var title: String
    var description: String?
    var date: String?
    /// The rendered body HTML (use `{{{page.content}}}`).
    var content: String
    /// Whether the layout should print the title as `<h1>` (false when the body starts with its own).
    var showTitle: Bool
    /// The page's Markdown report, relative to the page (`index.md`).
    var markdown: String?
    /// Headline figures of the page's reports.
    var headlines: [String]
    /// The table of contents when the page asks for one (`toc: true`) or is long, else empty.
    var toc: [TocEntry] = []
    /// The page's `extra:` data as template values.
    var extra: TemplateValue?
    /// The page's terms of each taxonomy it names, as links.
    var taxonomies: [PageTerms] = []
    /// The pages before and after this one in its section (`page.previous.href`, `.title`).
    var previous: LinkItem?
    var next: LinkItem?

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "toc": .objects(toc)
        case "extra": extra
        case "taxonomies": .objects(taxonomies)
        case "previous": previous.map { .object($0) }
        case "next": next.map { .object($0) }
        case "has_neighbours": .bool(previous != nil || next != nil)
        case "tags": taxonomies.first { $0.name == "tags" }.map { .objects($0.terms) }
        case "title": .text(title)
        case "description": description.map { .text($0) }
        case "date": date.map { .text($0) }
        case "date_text": date.map { .text(DateText.shown($0)) }
        case "content": .text(content)
        case "show_title": .bool(showTitle)
        case "markdown": markdown.map { .text($0) }
        case "headlines": .list(headlines.map { .text($0) })
        default: nil
        }
    }
}

/// A heading in a page's table of contents.
struct TocEntry: TemplateObject, Sendable {
    /// 2 to 6.
    var level: Int
    var title: String
    /// `#id`.
    var href: String

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "level": .number(level)
        case "title": .text(title)
        case "href": .text(href)
        default: nil
        }
    }
}

/// `page.taxonomies`: one taxonomy's terms on a page.
struct PageTerms: TemplateObject, Sendable {
    var name: String
    var title: String
    var terms: [TermLink]

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "name": .text(self.name)
        case "title": .text(title)
        case "terms": .objects(terms)
        default: nil
        }
    }
}

/// A link to a term's page; on the terms page, with the number of pages that name the term.
final class TermLink: TemplateObject, Sendable {
    let name: String
    let slug: String
    /// Percent-encoded and relative to the page.
    let href: String
    /// Nil on a content page, whose output must not depend on other pages.
    let count: Int?

    init(name: String, slug: String, href: String, count: Int?) {
        self.name = name
        self.slug = slug
        self.href = href
        self.count = count
    }

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "name": .text(self.name)
        case "slug": .text(slug)
        case "href": .text(href)
        case "count": count.map { .number($0) }
        case "count_text": count.map { .text($0 == 1 ? Strings.current["site.onePage"] : Strings.current.text("site.pages", String($0))) }
        default: nil
        }
    }
}

/// `taxonomy.*` on a taxonomy's terms page and its term pages.
struct TaxonomyValues: TemplateObject, Sendable {
    var name: String
    var title: String
    /// The terms page, relative to the page.
    var href: String
    var terms: [TermLink]

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "name": .text(self.name)
        case "title": .text(title)
        case "href": .text(href)
        case "terms": .objects(terms)
        default: nil
        }
    }
}

/// `term.*` on a term's page.
struct TermValues: TemplateObject, Sendable {
    var name: String
    var slug: String
    /// Every page that names the term, newest first.
    var pages: [Card]

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "name": .text(self.name)
        case "slug": .text(slug)
        case "pages": .objects(pages)
        default: nil
        }
    }
}

extension ExtraValue {
    /// The value as templates see it: text, booleans, lists and mappings; nulls are left out.
    var templateValue: TemplateValue? {
        switch self {
        case .text(let text): .text(text)
        case .bool(let value): .bool(value)
        case .null: nil
        case .list(let items): .list(items.compactMap(\.templateValue))
        case .mapping(let entries):
            .map(Dictionary(entries.compactMap { entry in entry.value.templateValue.map { (entry.key, $0) } }, uniquingKeysWith: { a, _ in a }))
        }
    }
}

/// A link in the navigation. A class of constants, as every page lists the whole navigation.
final class LinkItem: TemplateObject, Sendable {
    let title: String
    let href: String
    let current: Bool

    init(title: String, href: String, current: Bool) {
        self.title = title
        self.href = href
        self.current = current
    }

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "href": .text(href)
        case "current": .bool(current)
        default: nil
        }
    }
}

/// A dashboard card or a section's child entry. A class of constants: a term's page lists
/// thousands, each handed to the template without copying its seven fields.
final class Card: TemplateObject, Sendable {
    let title: String
    let href: String
    /// The page's Markdown report, relative to the same folder as ``href`` (for `.md` twins).
    let markdownHref: String
    let description: String?
    /// The page's date as written.
    let date: String?
    let headlines: [String]
    /// The figures its reports chose for the dashboard, the headline first.
    let report: ReportCard?
    let section: String?

    init(
        title: String, href: String, markdownHref: String, description: String?, date: String?, headlines: [String],
        report: ReportCard? = nil, section: String?
    ) {
        self.title = title
        self.href = href
        self.markdownHref = markdownHref
        self.description = description
        self.date = date
        self.headlines = headlines
        self.report = report
        self.section = section
    }

    /// How many figures a card shows under its headline.
    static let secondaryFigures = 2

    func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "href": .text(href)
        case "description": description.map { .text($0) }
        case "date": date.map { .text($0) }
        case "date_text": date.map { .text(DateText.shown($0)) }
        case "headlines": .list(headlines.map { .text($0) })
        // The dashboard card: `figure` (the headline: label, value, warning, wide), up to two `more`,
        // `warning` when any shown figure warns, and a `sparkline` (SVG) with its `trend` in words.
        case "figure": report?.figures.first.map(Self.figureValue)
        case "more": report.map { .list($0.figures.dropFirst().prefix(Self.secondaryFigures).map(Self.figureValue)) }
        case "warning": .bool(report?.figures.prefix(1 + Self.secondaryFigures).contains(where: \.isWarning) ?? false)
        case "sparkline": report?.trend.flatMap { Sparkline.svg($0.values, label: $0.label) }.map { .text($0) }
        case "trend": report?.trend.map { .text($0.label) }
        case "section": section.map { .text($0) }
        default: nil
        }
    }

    /// A headline value wider than this many units (a narrow character 1, a wide one, Hangul, 2)
    /// is `wide`: a phone gives it a row of its own under the title, as `2.16 s` or `12명` never
    /// need, so `3 customers per second` does not squeeze the figures beside it.
    static let wideValueUnits = 10

    private static func figureValue(_ figure: ReportCard.Figure) -> TemplateValue {
        let units = figure.value.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 1 : 2) }
        return .map([
            "label": .text(figure.label), "value": .text(figure.value), "warning": .bool(figure.isWarning),
            "wide": .bool(units > wideValueUnits),
        ])
    }
}
