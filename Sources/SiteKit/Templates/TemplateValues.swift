import Mustache
import ReportKit

// View models handed to the Mustache templates: plain values that answer `child(named:)` directly,
// so rendering never falls back to reflection. The names are the template variables listed in
// README.md ("Templates").

/// Everything a layout can use for one page.
struct PageValues: MustacheParent {
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

    func child(named name: String) -> Any? {
        switch name {
        case "taxonomy": taxonomy
        case "term": term
        case "feed": feed
        case "site": site
        case "page": page
        case "root": root
        case "stylesheets": stylesheets
        case "scripts": scripts
        case "nav": links.navigation
        case "cards": links.cards
        case "children": links.children
        case "canonical": canonical
        case "is_home": isHome
        case "i18n": StringValues(strings: Strings.current, prefix: "")
        default: nil
        }
    }
}

/// `{{i18n.site.search}}`: the interface strings of the build's language, by dotted key.
struct StringValues: MustacheParent {
    let strings: Strings
    /// The keys walked so far, e.g. `site.`.
    let prefix: String

    func child(named name: String) -> Any? {
        let key = prefix + name
        if let text = strings.table[key] { return text }
        let deeper = key + "."
        return strings.groups.contains(deeper) ? StringValues(strings: strings, prefix: deeper) : nil
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
        return items.map { item in
            var item = item
            item.href = base + item.href
            return item
        }
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

/// `site.*` in templates.
struct SiteValues: MustacheParent, Sendable {
    var title: String
    var description: String
    var language: String

    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "description": description.isEmpty ? nil : description
        case "language": language
        default: nil
        }
    }
}

/// `page.*` in templates.
struct PageInfo: MustacheParent {
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
    /// The page's `extra:` data as plain template values.
    var extra: Any?
    /// The page's terms of each taxonomy it names, as links.
    var taxonomies: [PageTerms] = []
    /// The pages before and after this one in its section (`page.previous.href`, `.title`).
    var previous: LinkItem?
    var next: LinkItem?

    func child(named name: String) -> Any? {
        switch name {
        case "toc": toc
        case "extra": extra
        case "taxonomies": taxonomies
        case "previous": previous
        case "next": next
        case "has_neighbours": previous != nil || next != nil
        case "tags": taxonomies.first { $0.name == "tags" }?.terms
        case "title": title
        case "description": description
        case "date": date
        case "date_text": date.map(DateText.shown)
        case "content": content
        case "show_title": showTitle
        case "markdown": markdown
        case "headlines": headlines
        default: nil
        }
    }
}

/// A heading in a page's table of contents.
struct TocEntry: MustacheParent, Sendable {
    /// 2 to 6.
    var level: Int
    var title: String
    /// `#id`.
    var href: String

    func child(named name: String) -> Any? {
        switch name {
        case "level": level
        case "title": title
        case "href": href
        default: nil
        }
    }
}

/// `page.taxonomies`: one taxonomy's terms on a page.
struct PageTerms: MustacheParent, Sendable {
    var name: String
    var title: String
    var terms: [TermLink]

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "title": title
        case "terms": terms
        default: nil
        }
    }
}

/// A link to a term's page; on the terms page, with the number of pages that name the term.
struct TermLink: MustacheParent, Sendable {
    var name: String
    var slug: String
    /// Percent-encoded and relative to the page.
    var href: String
    /// Nil on a content page, whose output must not depend on other pages.
    var count: Int?

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "slug": slug
        case "href": href
        case "count": count
        case "count_text": count.map { $0 == 1 ? Strings.current["site.onePage"] : Strings.current.text("site.pages", String($0)) }
        default: nil
        }
    }
}

/// `taxonomy.*` on a taxonomy's terms page and its term pages.
struct TaxonomyValues: MustacheParent, Sendable {
    var name: String
    var title: String
    /// The terms page, relative to the page.
    var href: String
    var terms: [TermLink]

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "title": title
        case "href": href
        case "terms": terms
        default: nil
        }
    }
}

/// `term.*` on a term's page.
struct TermValues: MustacheParent, Sendable {
    var name: String
    var slug: String
    /// Every page that names the term, newest first.
    var pages: [Card]

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "slug": slug
        case "pages": pages
        default: nil
        }
    }
}

extension ExtraValue {
    /// The value as templates see it: text, booleans, lists and mappings (`[String: Any]`).
    var templateValue: Any? {
        switch self {
        case .text(let text): text
        case .bool(let value): value
        case .null: nil
        case .list(let items): items.compactMap(\.templateValue)
        case .mapping(let entries):
            Dictionary(entries.compactMap { entry in entry.value.templateValue.map { (entry.key, $0) } }, uniquingKeysWith: { a, _ in a })
        }
    }
}

/// A link in the navigation.
struct LinkItem: MustacheParent, Sendable {
    var title: String
    var href: String
    var current: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "href": href
        case "current": current
        default: nil
        }
    }
}

/// A dashboard card or a section's child entry.
struct Card: MustacheParent, Sendable {
    var title: String
    var href: String
    /// The page's Markdown report, relative to the same folder as ``href`` (for `.md` twins).
    var markdownHref: String
    var description: String?
    /// The page's date as written.
    var date: String?
    var headlines: [String]
    var section: String?

    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "href": href
        case "description": description
        case "date": date
        case "date_text": date.map(DateText.shown)
        case "headlines": headlines
        case "section": section
        default: nil
        }
    }
}
