import Basics
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ReportKit

extension SiteBuilder {
    /// The rebuild of `sitegen serve` after a save that changes nothing other pages show: when
    /// `changed` names only Markdown pages the previous build has, and each of them, read and
    /// parsed again, has no report blocks (before or after), the same title, front matter,
    /// summary, anchors and warnings, then only those pages are rendered again — with the
    /// previous build's renderer, whose map, links and taxonomies they leave as they were — and
    /// the search index only when their entries changed. Every other case (and any problem)
    /// returns nil, and the whole build runs as usual: it finds the same result, or reports the
    /// problems.
    ///
    /// The watcher names every file it sees change; a page changed but not named while others are
    /// is not seen by this path.
    func quickRebuild(previous: SiteBuild, changed: Set<String>) async -> SiteBuild? {
        guard !changed.isEmpty else { return nil }
        let directory = options.contentDirectory.resolvingSymlinksInPath()
        let config = previous.content.config
        let loader = ContentLoader(directory: directory, label: contentLabel, includeDrafts: options.drafts)
        let kindNames = Set(kinds.keys)
        let renderer = previous.renderer
        let sections = Dictionary(renderer.map.navigationEntries.compactMap { entry in entry.section.map { ($0, entry.title) } }, uniquingKeysWith: { a, _ in a })
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var content = previous.content
        var parsedByPath = previous.parsed
        var edited: [ParsedPage] = []
        var searchChanged = false
        for path in changed.sorted() {
            guard let found = Self.relativePath(path, inside: options.contentDirectory), found.hasSuffix(".md"),
                  !found.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
            let contentPath = SectionPages.indexPath(found)
            guard let old = previous.parsed[contentPath], old.loaded.file == SitePath.join(contentLabel, found),
                  let stamp = FileStamp(path: directory.path + "/" + found) else { return nil }
            var info = stat()
            guard lstat(directory.path + "/" + found, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  case .success(let page) = loader.loadPage(found, in: directory, taxonomies: config.taxonomies),
                  options.drafts || !page.frontMatter.draft else { return nil }
            let parsed = ParsedPage(page: page, kinds: kindNames, unsafeHTML: config.unsafeHTML, headingIDs: config.headingIDs)
            guard parsed.problems.isEmpty, parsed.blocks.isEmpty, old.blocks.isEmpty, parsed.warnings == old.warnings else { return nil }
            // What the other pages show of it: everything but the body.
            let before = old.linkable(reports: [])
            var after = parsed.linkable(reports: [])
            after.body = before.body
            guard after == before else { return nil }
            // The feed shows the first paragraph of a dated page.
            guard !previous.hasFeed || page.frontMatter.date == nil || parsed.summary == old.summary else { return nil }
            if SearchIndex.entries(of: parsed, reports: [], sections: sections) != SearchIndex.entries(of: old, reports: [], sections: sections) {
                searchChanged = true
            }
            let settled = stamp.modified.tv_sec < now.tv_sec - 1 && stamp.changed.tv_sec < now.tv_sec - 1
            content.readPages[found] = settled ? ReadPage(stamp: stamp, page: page) : nil
            guard let index = content.pages.firstIndex(where: { $0.contentPath == contentPath }) else { return nil }
            content.pages[index] = page
            parsedByPath[contentPath] = parsed
            edited.append(parsed)
        }

        return await Strings.$current.withValue(previous.strings) { () async -> SiteBuild? in
            let output = MemoryOutput(previous.files)
            let writer = SiteWriter(output: output, paths: OutputPaths(label: outputLabel), maximumPageBytes: options.maximumPageBytes)
            do {
                for page in edited {
                    let files = try renderer.render(page, reports: [])
                    guard files.map(\.path) == previous.outputs[page.page.contentPath] else { return nil }
                    for file in files { try writer.write(file.data, to: file.path, by: page.page.file) }
                }
                var siteFiles = previous.siteFiles
                var searchIndex = previous.searchIndex
                if searchChanged {
                    let ordered = content.pages.compactMap { parsedByPath[$0.contentPath] }
                    searchIndex = await Self.searchFiles(parsed: ordered, reports: previous.reports, map: renderer.map, previous: previous.searchIndex, updatable: true)
                    let before = Set([SearchIndex.pagePath] + previous.searchIndex.files.map(\.path))
                    let after = Set(searchIndex.files.map(\.path))
                    // A new search file where another source writes is a collision the whole build reports.
                    guard !after.subtracting(before).contains(where: { previous.files[$0] != nil }) else { return nil }
                    let written = try writeSearch(index: searchIndex, renderer: renderer, into: writer)
                    for path in before.subtracting(written) { output.remove(path) }
                    siteFiles.subtract(before)
                    siteFiles.formUnion(written)
                }
                try writer.paths.check()
                previous.summary.warnings.forEach { log(.warning($0.description)) }
                return SiteBuild(
                    content: content, templates: previous.templates, parsed: parsedByPath, taxonomies: previous.taxonomies,
                    taxonomyOutputs: previous.taxonomyOutputs, searchIndex: searchIndex, reports: previous.reports,
                    navigation: previous.navigation, sequence: previous.sequence, outputs: previous.outputs,
                    siteFiles: siteFiles, hasFeed: previous.hasFeed, renderer: renderer, strings: previous.strings,
                    files: output.files, summary: previous.summary,
                    work: SiteBuild.Work(rendered: edited.count, pages: previous.work.pages, reportsRun: 0, full: false)
                )
            } catch {
                return nil
            }
        }
    }
}
