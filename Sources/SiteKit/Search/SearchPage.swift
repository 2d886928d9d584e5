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

    /// Writes the search index `script` and the search page. Returns the paths written.
    func writeSearch(script: String, renderer: PageRenderer, into writer: SiteWriter) throws -> [String] {
        try writer.write(Data(script.utf8), to: SearchIndex.scriptPath, by: "the search index")
        try writer.write(Data(try renderer.renderSearch().utf8), to: SearchIndex.pagePath, by: "the search page")
        return [SearchIndex.pagePath, SearchIndex.scriptPath]
    }
}
