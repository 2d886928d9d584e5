import Basics
import Foundation
import Markdown
import ReportKit

/// Renders one parsed page — report blocks in place, links rewritten — into its HTML page, its
/// Markdown report, and the files and extra pages its reports add.
struct PageRenderer: Sendable {
    let templates: TemplateSet
    let site: SiteValues
    let config: SiteConfig
    let links: LinkResolver
    let map: SiteMap
    /// The names of the report kinds, to find a page's report blocks again.
    let kinds: Set<String>
    /// The taxonomies pages use, with their terms.
    let taxonomies: [Taxonomy]
    /// The Atom feed's path, when the site has one.
    let feed: String?

    /// A page with this many headings of level 2 or 3 shows a table of contents unless its front
    /// matter says `toc: false`.
    static let longPageHeadings = 4

    /// A file to write, relative to the site root.
    struct Output {
        var path: String
        var data: Data
    }

    /// Renders a page whose report blocks produced `reports` (in block order). A page without
    /// reports has its body from the parse step, its links filled in; a page with reports is
    /// parsed again here, so the tree belongs to this call alone.
    /// - Parameter handingOverBody: true when the page is rendered once and kept by nothing
    ///   after (`sitegen build`): it lets go of its rendered body here (``ParsedPage/handOverBody()``).
    func render(_ parsed: ParsedPage, reports: [Report], handingOverBody: Bool = false) throws -> [Output] {
        let page = parsed.linkable(reports: reports)
        // Report components are drawn by partials through a closure that cannot throw: their
        // render errors are kept here and reported once the page is done.
        let componentErrors = Locked<[Diagnostic]>([])
        let components: ReportRenderer.ComponentRenderer = { [templates] component in
            do {
                return try templates.renderComponent(component, page: page.file)
            } catch {
                componentErrors.withLock { $0 += Diagnostics.from(error) }
                return ""
            }
        }
        let (bodyHTML, bodyMarkdown) = if reports.isEmpty, let body = handingOverBody ? parsed.handOverBody() : parsed.body, body.rendering.unsafe == config.unsafeHTML {
            try fill(body, on: page)
        } else {
            try renderBody(of: page, reports: reports, names: Self.landmarkNames(reports.map(\.document.title), headings: parsed.blockHeadings), components: components)
        }

        let layout = try layoutName(for: page)
        var outputs: [Output] = []
        var values = pageValues(
            folder: page.folder, title: page.title, description: page.frontMatter.description,
            date: page.frontMatter.date?.text, content: bodyHTML, showTitle: !page.titleFromHeading,
            headlines: reports.flatMap(\.headlines), current: page, showing: Set(parsed.blocks.map(\.kind))
        )
        let sections = parsed.outline.filter { $0.level == 2 || $0.level == 3 }
        if page.frontMatter.toc ?? (sections.count >= Self.longPageHeadings) {
            values.page.toc = parsed.outline.filter { $0.level >= 2 }.map {
                TocEntry(level: $0.level, title: $0.text, href: "#" + $0.id)
            }
        }
        values.page.extra = page.frontMatter.extra?.templateValue
        values.page.taxonomies = terms(of: page)
        (values.page.previous, values.page.next) = map.neighbours(of: page, from: page.folder)
        outputs.append(Output(path: page.htmlPath, data: try renderPage(layout, values, page: page.file)))
        outputs.append(Output(path: page.markdownPath, data: Data(markdownReport(
            title: page.titleFromHeading ? nil : page.title, description: page.frontMatter.description,
            body: bodyMarkdown + Self.markdownListing(
                cards: layout == "home" ? values.links.cards : [],
                children: layout == "home" ? [] : values.links.children
            )
        ).utf8)))

        for (block, report) in zip(parsed.blocks, reports) {
            for file in report.files {
                outputs.append(Output(path: SitePath.join(page.folder, file.name), data: file.contents))
            }
            for extra in report.pages {
                let folder = SitePath.join(page.folder, extra.path)
                let extraValues = pageValues(
                    folder: folder, title: extra.title, description: nil, date: nil,
                    content: extra.html(components: components), showTitle: true, headlines: [], current: page,
                    showing: [block.kind]
                )
                outputs.append(Output(path: SitePath.join(folder, "index.html"), data: try renderPage("page", extraValues, page: page.file)))
                outputs.append(Output(path: SitePath.join(folder, "index.md"), data: Data(markdownReport(title: extra.title, description: nil, body: extra.markdown).utf8)))
                for file in extra.files {
                    outputs.append(Output(path: SitePath.join(folder, file.name), data: file.contents))
                }
            }
        }
        let problems = componentErrors.withLock { $0 }
        if !problems.isEmpty { throw Diagnostics(problems) }
        return outputs
    }

    /// A body rendered in the parse step, with its links resolved and put in place.
    private func fill(_ body: ParsedPage.OpenBody, on page: Page) throws -> (html: String, markdown: String) {
        var problems = DiagnosticCollector()
        var html: [String] = []
        var markdown: [String] = []
        for link in body.links {
            let target = resolve(link.url, line: link.line, on: page, problems: &problems)
            guard link.open else { continue }
            html.append(target?.html ?? link.url)
            markdown.append(target?.markdown ?? link.url)
        }
        try problems.check()
        let filled = body.rendering.filled(html: html, commonMark: markdown)
        return (filled.html, filled.commonMark)
    }

    /// Where a link written on `page` at body line `line` leads (nil: left as written); a link to
    /// nothing is a problem at that line of the page's file.
    private func resolve(_ url: String, line: Int, on page: Page, problems: inout DiagnosticCollector) -> LinkResolver.Target? {
        do {
            return try links.resolve(url, on: page, writtenIn: page.folder)
        } catch {
            for diagnostic in Diagnostics.from(error) {
                problems.add(Diagnostic(file: page.file, line: line + page.bodyLineOffset, diagnostic.message))
            }
            return nil
        }
    }

    /// The names of a page's report sections where their titles alone would repeat (nil: named by
    /// the title): the title and the heading above the block ("Calculator tape: A shopping total"),
    /// or the title and its place among the reports of that title where that too would repeat.
    static func landmarkNames(_ titles: [String], headings: [String?]) -> [String?] {
        var count: [String: Int] = [:]
        for title in titles { count[title, default: 0] += 1 }
        let named = titles.indices.map { index -> String? in
            guard count[titles[index], default: 0] > 1 else { return nil }
            return headings.indices.contains(index) ? headings[index].map { titles[index] + ": " + $0 } : nil
        }
        var namedCount: [String: Int] = [:]
        for name in named.compactMap({ $0 }) { namedCount[name, default: 0] += 1 }
        var place: [String: Int] = [:]
        return titles.indices.map { index in
            guard count[titles[index], default: 0] > 1 else { return nil }
            place[titles[index], default: 0] += 1
            if let name = named[index], namedCount[name] == 1 { return name }
            return "\(titles[index]) \(place[titles[index], default: 0])"
        }
    }

    /// Parses a page's body, puts its reports in place of their blocks, rewrites its links and
    /// renders it as HTML and Markdown.
    private func renderBody(of page: Page, reports: [Report], names: [String?], components: @escaping ReportRenderer.ComponentRenderer) throws -> (html: String, markdown: String) {
        let document = ParsedPage.parse(page.body, headingIDs: config.headingIDs)
        var problems = DiagnosticCollector()
        let replacements = zip(ParsedPage.reportCodeBlocks(in: document, kinds: kinds), zip(reports, names)).map { code, named in
            code.replace(html: named.0.html(components: components, name: named.1), commonMark: named.0.markdown)
        }

        var markdownLinks: [(MarkdownNode, String)] = []
        for link in document.links() {
            guard let url = link.url, let target = resolve(url, line: link.startLine, on: page, problems: &problems) else { continue }
            link.url = target.html
            markdownLinks.append((link, target.markdown))
        }
        try problems.check()

        let html = document.renderHTML(unsafe: config.unsafeHTML)
        replacements.forEach { $0.showCommonMark() }
        for (link, target) in markdownLinks { link.url = target }
        return (html, document.renderCommonMark())
    }

    /// A taxonomy's terms page, as HTML and Markdown.
    func render(_ taxonomy: Taxonomy) throws -> [Output] {
        var outputs: [Output] = []
        var values = pageValues(
            folder: taxonomy.folder, title: taxonomy.title, description: nil, date: nil, content: "",
            showTitle: true, headlines: [], current: nil, showing: []
        )
        values.links.section = taxonomy.folder
        values.taxonomy = taxonomyValues(taxonomy, from: taxonomy.folder)
        outputs.append(Output(path: SitePath.join(taxonomy.folder, "index.html"), data: try renderPage("taxonomy", values)))
        var markdown = "# \(MarkdownText.escape(taxonomy.title))\n\n"
        for term in taxonomy.terms {
            let count = term.pages.count == 1 ? Strings.current["site.onePage"] : Strings.current.text("site.pages", String(term.pages.count))
            markdown += "- [\(MarkdownText.escape(term.name))](\(SitePath.link(from: taxonomy.folder, to: SitePath.join(term.folder, "index.md")))) — \(count)\n"
        }
        outputs.append(Output(path: SitePath.join(taxonomy.folder, "index.md"), data: Data(markdown.utf8)))
        return outputs
    }

    /// A term's page, listing every page that names the term, as HTML and Markdown.
    func render(_ term: Taxonomy.Term, of taxonomy: Taxonomy) throws -> [Output] {
        let title = Strings.current.text("site.termTitle", taxonomy.title, term.name)
        var values = pageValues(
            folder: term.folder, title: title, description: nil, date: nil, content: "",
            showTitle: true, headlines: [], current: nil, showing: []
        )
        values.links.section = taxonomy.folder
        values.taxonomy = taxonomyValues(taxonomy, from: term.folder, withTerms: false)
        values.term = TermValues(name: term.name, slug: term.slug, pages: term.pages.map { map.card($0, from: term.folder) })
        var markdown = "# \(MarkdownText.escape(title))\n\n"
        for page in term.pages {
            let date = page.frontMatter.date.map { " — \($0.text)" } ?? ""
            markdown += "- [\(MarkdownText.escape(page.title))](\(SitePath.relative(from: term.folder, to: page.markdownPath)))\(date)\n"
        }
        return [
            Output(path: SitePath.join(term.folder, "index.html"), data: try renderPage("term", values)),
            Output(path: SitePath.join(term.folder, "index.md"), data: Data(markdown.utf8)),
        ]
    }

    /// `taxonomy.*`; its terms are listed on the terms page only (a term's page would cost a
    /// list of every term for each of them).
    private func taxonomyValues(_ taxonomy: Taxonomy, from folder: String, withTerms: Bool = true) -> TaxonomyValues {
        TaxonomyValues(
            name: taxonomy.name, title: taxonomy.title,
            href: SitePath.link(from: folder, to: SitePath.join(taxonomy.folder, "index.html")),
            terms: !withTerms ? [] : taxonomy.terms.map { term in
                TermLink(name: term.name, slug: term.slug, href: SitePath.link(from: folder, to: SitePath.join(term.folder, "index.html")), count: term.pages.count)
            }
        )
    }

    /// A page's terms of each taxonomy as the page writes them, linked to the terms' pages. They
    /// depend on the page alone, so an edit elsewhere never calls for rendering the page again.
    private func terms(of page: Page) -> [PageTerms] {
        taxonomies.compactMap { taxonomy in
            guard let names = page.frontMatter.terms[taxonomy.name], !names.isEmpty else { return nil }
            var seen = Set<String>()
            let links = names.compactMap { name -> TermLink? in
                let slug = Taxonomy.slug(name)
                guard seen.insert(slug).inserted else { return nil }
                return TermLink(name: name, slug: slug, href: SitePath.link(from: page.folder, to: SitePath.join(SitePath.join(taxonomy.folder, slug), "index.html")), count: nil)
            }
            return PageTerms(name: taxonomy.name, title: taxonomy.title, terms: links)
        }
    }

    /// The 404 page. With a base URL its links are absolute, so it works at any depth.
    func renderNotFound() throws -> Data {
        var values = pageValues(
            folder: "", title: Strings.current["site.notFoundTitle"], description: nil, date: nil, content: "",
            showTitle: true, headlines: [], current: nil, showing: []
        )
        if let base = config.baseURL {
            values.root = base
            values.links.absoluteBase = base
            values.feed = feed.map { base + $0 }
        }
        return try renderPage("404", values)
    }

    /// A page from `template`, its Korean runs marked when the site is in another language;
    /// `page` is the content file whose values these are, for messages.
    func renderPage(_ template: String, _ values: PageValues, page: String? = nil) throws -> Data {
        Data(LanguageMarks(pageLanguage: config.language).mark(try templates.renderBytes(template, values, page: page)))
    }

    /// The values of a page written to `folder`; `kinds` are the kinds whose reports it shows,
    /// whose stylesheets and scripts it links besides the site's.
    func pageValues(
        folder: String, title: String, description: String?, date: String?, content: String,
        showTitle: Bool, headlines: [String], current: Page?, showing kinds: Set<String>
    ) -> PageValues {
        let isHome = current?.isHome == true && folder.isEmpty
        return PageValues(
            site: site,
            page: PageInfo(
                title: title, description: description, date: date, content: content,
                showTitle: showTitle, markdown: "index.md", headlines: headlines
            ),
            root: SitePath.rootPrefix(from: folder),
            stylesheets: templates.stylesheets(showing: kinds),
            scripts: templates.scripts(showing: kinds),
            links: PageLinks(map: map, folder: folder, current: current),
            canonical: config.baseURL.map { base in folder.isEmpty ? base : base + SitePath.percentEncoded(folder) + "/" },
            isHome: isHome,
            feed: feed.map { SitePath.relative(from: folder, to: $0) }
        )
    }

    /// The page's template: its `layout`, else `home` for the home page and `page` for the rest. A
    /// layout that names no template falls back the same way; the build warned of it
    /// (``layoutWarning(for:templates:)``).
    private func layoutName(for page: Page) throws -> String {
        if let layout = page.frontMatter.layout, templates.names.contains(layout) { return layout }
        if page.isHome && templates.names.contains("home") { return "home" }
        return "page"
    }

    /// The warning for a page whose `layout` names no template; nil when it names one.
    static func layoutWarning(for page: Page, templates: TemplateSet) -> Diagnostic? {
        guard let layout = page.frontMatter.layout, !templates.names.contains(layout) else { return nil }
        let fallback = page.isHome && templates.names.contains("home") ? "home" : "page"
        return Diagnostic(
            file: page.file, line: page.frontMatter.lines["layout"],
            "layout \"\(layout)\" names no template, so the page is rendered with \(fallback); add Templates/\(layout).mustache or remove the key (have: \(templates.names.filter { !$0.contains("/") }.sorted().joined(separator: ", ")))"
        )
    }

    /// What the default layouts list below a page, for its `.md` twin: the dashboard's cards (the
    /// `home` layout), the pages of a section on its index (`page`), under headings from the
    /// current ``Strings``.
    static func markdownListing(cards: [Card], children: [Card]) -> String {
        func entry(_ card: Card) -> String {
            var line = "- [\(MarkdownText.escape(card.title))](\(card.markdownHref))"
            if let section = card.section { line += " (\(MarkdownText.escape(section)))" }
            if let description = card.description, !description.isEmpty { line += ": \(MarkdownText.escape(description))" }
            if !card.headlines.isEmpty { line += "  \n  " + card.headlines.map(MarkdownText.escape).joined(separator: "; ") }
            return line + "\n"
        }
        var out = ""
        if !cards.isEmpty { out += "\n## \(Strings.current["site.reports"])\n\n" + cards.map(entry).joined() }
        if !children.isEmpty { out += "\n## \(Strings.current["site.pagesInSection"])\n\n" + children.map(entry).joined() }
        return out
    }

    private func markdownReport(title: String?, description: String?, body: String) -> String {
        var out = ""
        if let title { out += "# \(MarkdownText.escape(title))\n\n" }
        if let description, !description.isEmpty { out += "\(MarkdownText.escape(description))\n\n" }
        return out + body
    }
}
