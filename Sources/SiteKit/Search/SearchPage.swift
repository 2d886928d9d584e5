import Basics
import Foundation
import ReportKit

extension PageRenderer {
    /// The search page (`search/index.html`, layout `search`): a search form and the script that
    /// loads the parts of the index beside it that a query needs.
    func renderSearch() throws -> Data {
        let values = pageValues(
            folder: SitePath.parent(SearchIndex.pagePath), title: Strings.current["search.title"], description: nil, date: nil, content: "",
            showTitle: true, headlines: [], current: nil, showing: []
        )
        return try renderPage("search", values)
    }
}

extension SiteBuilder {
    /// The search index's files (``SearchFiles``): every page and report in reading order, a page
    /// a report adds listed once, worked out on all cores. It writes nothing, so a build works it
    /// out while it renders. With the `previous` build's index, when the same pages are in the
    /// same order, only the entries that changed are indexed again (``SearchFiles/replacing(_:)``);
    /// otherwise the entries it has keep their terms. Without `updatable` (a build no later build
    /// updates), the index keeps no entries and is made a batch of pages at a time
    /// (``SearchFiles/indexing(_:batch:entries:)``).
    static func searchFiles(parsed: [ParsedPage], reports: [String: Report], map: SiteMap, previous: SearchFiles?, updatable: Bool) async -> SearchFiles {
        let byPath = Dictionary(parsed.map { ($0.page.contentPath, $0) }, uniquingKeysWith: { a, _ in a })
        let sections = Dictionary(map.navigationEntries.compactMap { entry in entry.section.map { ($0, entry.title) } }, uniquingKeysWith: { a, _ in a })
        let ordered = map.ordered.compactMap { byPath[$0.contentPath] }
        let entries = { @Sendable (page: ParsedPage) in
            SearchIndex.entries(of: page, reports: page.blocks.compactMap { reports[$0.cacheKey] }, sections: sections)
        }
        guard updatable else { return await SearchFiles.indexing(ordered, entries: entries) }
        let all = SearchIndex.distinct(await parallelMap(ordered, entries))
        if let previous, previous.entries.map(\.path) == all.map(\.path),
           let updated = previous.replacing(all.indices.filter { previous.entries[$0] != all[$0] }.map { ($0, all[$0]) }) {
            return updated
        }
        // An entry as it was in the previous build keeps its terms.
        let known = Dictionary(zip(previous?.entries ?? [], previous?.terms ?? []).map { ($0.0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let termsOf = { @Sendable (entry: borrowing SearchIndex.Entry) in
            if !known.isEmpty, let earlier = known[entry.path], earlier.0 == entry { return earlier.1 }
            return SearchFiles.EntryTerms(entry)
        }
        let terms = await parallelMap(all) { termsOf($0) }
        return SearchFiles(entries: all, terms: terms)
    }

    /// Writes the search index's files and the search page, each claimed in the build's table of
    /// output paths. Returns the paths written.
    func writeSearch(index: SearchFiles, renderer: PageRenderer, into writer: SiteWriter) throws -> [String] {
        let files = index.files
        for file in files { try writer.write(file.contents, to: file.path, by: "the search index") }
        try writer.write(try renderer.renderSearch(), to: SearchIndex.pagePath, by: "the search page")
        return [SearchIndex.pagePath] + files.map(\.path)
    }
}
