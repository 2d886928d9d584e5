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

    /// A file to write, relative to the site root.
    struct Output {
        var path: String
        var data: Data
    }

    func render(_ parsed: ParsedPage) throws -> [Output] {
        let page = parsed.page
        let document = parsed.document
        var problems = DiagnosticCollector()

        let components: ReportRenderer.ComponentRenderer = { [templates] in templates.renderComponent($0) }
        let replacements = zip(parsed.blocks, parsed.reports).map { entry, report in
            entry.code.replace(html: report.html(components: components), commonMark: report.markdown)
        }

        var markdownLinks: [(MarkdownNode, String)] = []
        for link in document.links() {
            guard let url = link.url else { continue }
            do {
                guard let target = try links.resolve(url, on: page, writtenIn: page.folder) else { continue }
                link.url = target.html
                markdownLinks.append((link, target.markdown))
            } catch {
                for diagnostic in Diagnostics.from(error) {
                    problems.add(Diagnostic(file: page.file, line: link.startLine + page.bodyLineOffset, diagnostic.message))
                }
            }
        }
        try problems.check()

        let bodyHTML = document.renderHTML(unsafe: config.unsafeHTML)
        replacements.forEach { $0.showCommonMark() }
        for (link, target) in markdownLinks { link.url = target }
        let bodyMarkdown = document.renderCommonMark()

        let layout = try layoutName(for: page)
        var outputs: [Output] = []
        let values = pageValues(
            folder: page.folder, title: page.title, description: page.frontMatter.description,
            date: page.frontMatter.date, content: bodyHTML, showTitle: !page.titleFromHeading,
            headlines: parsed.headlines, current: page
        )
        outputs.append(Output(path: page.htmlPath, data: Data(templates.render(layout, values).utf8)))
        outputs.append(Output(path: page.markdownPath, data: Data(markdownReport(
            title: page.titleFromHeading ? nil : page.title, description: page.frontMatter.description, body: bodyMarkdown
        ).utf8)))

        for report in parsed.reports {
            for file in report.files {
                outputs.append(Output(path: SitePath.join(page.folder, file.name), data: file.contents))
            }
            for extra in report.pages {
                let folder = SitePath.join(page.folder, extra.path)
                let extraValues = pageValues(
                    folder: folder, title: extra.title, description: nil, date: nil,
                    content: extra.html(components: components), showTitle: true, headlines: [], current: page
                )
                outputs.append(Output(path: SitePath.join(folder, "index.html"), data: Data(templates.render("page", extraValues).utf8)))
                outputs.append(Output(path: SitePath.join(folder, "index.md"), data: Data(markdownReport(title: extra.title, description: nil, body: extra.markdown).utf8)))
                for file in extra.files {
                    outputs.append(Output(path: SitePath.join(folder, file.name), data: file.contents))
                }
            }
        }
        return outputs
    }

    /// The 404 page. With a base URL its links are absolute, so it works at any depth.
    func renderNotFound() -> String {
        var values = pageValues(
            folder: "", title: "Page not found", description: nil, date: nil, content: "",
            showTitle: true, headlines: [], current: nil
        )
        if let base = config.baseURL {
            values.root = base
            values.links.absoluteBase = base
        }
        return templates.render("404", values)
    }

    func pageValues(
        folder: String, title: String, description: String?, date: String?, content: String,
        showTitle: Bool, headlines: [String], current: Page?
    ) -> PageValues {
        let isHome = current?.isHome == true && folder.isEmpty
        return PageValues(
            site: site,
            page: PageInfo(
                title: title, description: description, date: date, content: content,
                showTitle: showTitle, markdown: "index.md", headlines: headlines
            ),
            root: SitePath.rootPrefix(from: folder),
            stylesheets: templates.stylesheets,
            scripts: templates.scripts,
            links: PageLinks(map: map, folder: folder, current: current),
            canonical: config.baseURL.map { base in folder.isEmpty ? base : base + folder + "/" },
            isHome: isHome
        )
    }

    private func layoutName(for page: Page) throws -> String {
        if let layout = page.frontMatter.layout {
            guard templates.names.contains(layout) else {
                throw Diagnostic(
                    file: page.file, line: page.frontMatter.lines["layout"],
                    "layout \"\(layout)\" names no template (have: \(templates.names.sorted().joined(separator: ", ")))"
                )
            }
            return layout
        }
        if page.isHome && templates.names.contains("home") { return "home" }
        return "page"
    }

    private func markdownReport(title: String?, description: String?, body: String) -> String {
        var out = ""
        if let title { out += "# \(MarkdownText.escape(title))\n\n" }
        if let description, !description.isEmpty { out += "\(MarkdownText.escape(description))\n\n" }
        return out + body
    }
}
