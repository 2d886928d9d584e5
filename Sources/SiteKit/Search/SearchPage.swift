import Basics
import Foundation
import ReportKit

extension PageRenderer {
    /// The search page (`search/index.html`, layout `search`): a search form and the script that
    /// reads the index beside it.
    func renderSearch() throws -> String {
        let values = pageValues(
            folder: SitePath.parent(SearchIndex.pagePath), title: Strings.current["search.title"], description: nil, date: nil, content: "",
            showTitle: true, headlines: [], current: nil
        )
        return try renderPage("search", values)
    }
}

extension SiteBuilder {
    /// The search index's script (`search/search-index.js`): every page and report in reading
    /// order. It writes nothing, so a build works it out while it renders: on one core beside a
    /// full render (which keeps the others busy), on all cores when few pages render.
    static func searchScript(parsed: [ParsedPage], reports: [String: Report], map: SiteMap, allCores: Bool) async -> String {
        let byPath = Dictionary(parsed.map { ($0.page.contentPath, $0) }, uniquingKeysWith: { a, _ in a })
        let sections = Dictionary(map.navigationEntries.compactMap { entry in entry.section.map { ($0, entry.title) } }, uniquingKeysWith: { a, _ in a })
        let ordered = map.ordered.compactMap { byPath[$0.contentPath] }
        let entries = { @Sendable (page: ParsedPage) in
            SearchIndex.entries(of: page, reports: page.blocks.compactMap { reports[$0.cacheKey] }, sections: sections)
        }
        let all = allCores ? await parallelMap(ordered, entries) : ordered.map(entries)
        return SearchIndex(entries: all.flatMap { $0 }).script
    }

    /// Writes the search index `script` and the search page. Returns the paths written; a content
    /// page, a taxonomy or a file at one of those paths is an error naming it.
    func writeSearch(
        script: String, parsed: [ParsedPage], staticFiles: [String], pageFolders: [String],
        renderer: PageRenderer, into output: any BuildOutput
    ) throws -> [String] {
        var problems = DiagnosticCollector()
        let paths = [SearchIndex.pagePath, SearchIndex.scriptPath]
        if pageFolders.contains(SitePath.parent(SearchIndex.pagePath)) {
            let owner = parsed.first { $0.page.htmlPath == SearchIndex.pagePath }.map { $0.page.file } ?? "a taxonomy (site.yml taxonomies)"
            problems.add(Diagnostic(file: owner, "maps to \(SearchIndex.pagePath), which is the site's search page; rename or move it"))
        }
        for file in staticFiles where paths.contains(file) {
            problems.add(Diagnostic(file: SitePath.join(contentLabel, file), "has the path of a file of the site's search; rename it"))
        }
        try problems.check()
        try output.write(Data(script.utf8), to: SearchIndex.scriptPath)
        try output.write(Data(try renderer.renderSearch().utf8), to: SearchIndex.pagePath)
        return paths
    }
}
