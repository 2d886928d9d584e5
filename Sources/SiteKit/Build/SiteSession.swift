import Foundation
import ReportKit

/// Builds a site into memory and remembers what it learned, so that each later build redoes only
/// what the changed files affect. This is what `sitegen serve` rebuilds with.
///
/// Every build reads the content folder again (cheap) and compares each page with the last good
/// build. Then:
/// - a changed page is rendered again, with the home page (its dashboard) and its section's index
///   (its card); report blocks run again only when their text or position changed;
/// - a change to templates or assets, `site.yml`, the navigation (a title, a weight, a page added
///   or removed) or a data file renders every page; data files also run every report block again.
///
/// A failed build changes nothing: the next build compares with the last good one and redoes
/// everything that changed since.
public actor SiteSession {
    /// What the last successful build did.
    public struct Rebuild: Sendable, Equatable, CustomStringConvertible {
        /// Markdown pages rendered (of ``pages``).
        public var rendered: Int
        /// Markdown pages in the site.
        public var pages: Int
        /// Report blocks run (the others came from earlier builds).
        public var reportsRun: Int
        /// True when every page was rendered.
        public var full: Bool

        public init(rendered: Int, pages: Int, reportsRun: Int, full: Bool) {
            self.rendered = rendered
            self.pages = pages
            self.reportsRun = reportsRun
            self.full = full
        }

        /// `rendered 3 of 1000 pages, ran 1 report block`.
        public var description: String {
            "rendered \(rendered) of \(pages) page\(pages == 1 ? "" : "s"), ran \(reportsRun) report block\(reportsRun == 1 ? "" : "s")"
        }
    }

    private let pipeline: BuildPipeline
    private let contentRoot: String
    private let templatesRoot: String

    /// The last good build; nil before the first.
    private var state: State?
    /// Changed paths not yet part of a successful build.
    private var pending: Set<String> = []
    /// What the last successful build did.
    public private(set) var lastRebuild: Rebuild?

    private struct State {
        var files: SiteFiles
        var content: LoadedContent
        var templates: TemplateSet
        /// Pages as loaded, for comparing with the next load.
        var loaded: [String: Page]
        /// Pages with titles resolved from their headings, in content-path order.
        var resolved: [Page]
        var headlines: [String: [String]]
        var navigation: [SiteMap.NavigationEntry]
        /// Paths each page wrote.
        var outputs: [String: [String]]
        /// Reports by block key, for the blocks on the site's pages.
        var reports: [String: Report]
        /// Block keys of each page.
        var blockKeys: [String: [String]]
        /// Paths written for static files, assets, `404.html` and `sitemap.xml`.
        var siteFiles: Set<String>
    }

    public init(options: BuildOptions, kinds: [any ReportKind], log: @escaping @Sendable (BuildEvent) -> Void = { _ in }) {
        pipeline = BuildPipeline(
            options: options,
            kinds: Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }),
            log: { event in if case .progress = event { return } else { log(event) } }
        )
        contentRoot = options.contentDirectory.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        templatesRoot = options.templatesDirectory.standardizedFileURL.resolvingSymlinksInPath().path + "/"
    }

    /// Builds the site. The first call builds everything; later calls rebuild what `changed`
    /// (absolute paths of files created, modified or removed under the content or templates
    /// folder) and any page whose text differs from the last good build affect.
    ///
    /// - Throws: ``BuildFailure`` naming the step and every problem; the last good site stays.
    public func build(changed: Set<String> = []) async throws -> SiteFiles {
        pending.formUnion(changed.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path })
        let templatesChanged = pending.contains { $0.hasPrefix(templatesRoot) }
        let dataChanged = pending.contains { $0.hasPrefix(contentRoot) && !$0.hasSuffix(".md") }

        // Steps are not logged: `serve` prints one line per build instead.
        let steps = StepLog(names: Site.steps, log: { _ in })
        let content = try steps.run(1) { try pipeline.loadContent() }
        let templates = try state.flatMap { templatesChanged ? nil : $0.templates } ?? steps.run(2) { try pipeline.loadTemplates() }

        // Which pages changed since the last good build.
        let previous = state
        var changedPages = Set<String>()
        for page in content.pages where previous?.loaded[page.contentPath] != page {
            changedPages.insert(page.contentPath)
        }
        let removed = Set(previous.map { Array($0.loaded.keys) } ?? []).subtracting(content.pages.map(\.contentPath))

        // Titles come from headings, so changed pages are parsed now; the others keep theirs.
        let changedParsed = try steps.run(3) { pipeline.parse(content.pages.filter { changedPages.contains($0.contentPath) }) }
        var reportCache = dataChanged ? [:] : previous?.reports ?? [:]
        let cachedBefore = Set(reportCache.keys)
        let fresh = try await steps.runAsync(4) { try await pipeline.runReports(changedParsed, cache: reportCache) }
        reportCache.merge(fresh) { new, _ in new }

        let parsedByPath = Dictionary(changedParsed.map { ($0.page.contentPath, $0) }, uniquingKeysWith: { a, _ in a })
        let previousResolved = Dictionary((previous?.resolved ?? []).map { ($0.contentPath, $0) }, uniquingKeysWith: { a, _ in a })
        let resolved = content.pages.compactMap { parsedByPath[$0.contentPath]?.page ?? previousResolved[$0.contentPath] }
        var headlines = previous?.headlines ?? [:]
        for path in removed { headlines[path] = nil }
        for parsed in changedParsed { headlines[parsed.page.contentPath] = parsed.reports.isEmpty ? nil : parsed.headlines }

        let renderer = pipeline.renderer(content: content, templates: templates, pages: resolved, headlines: headlines)
        let navigation = renderer.map.navigationEntries
        let full = previous == nil || templatesChanged || dataChanged || !removed.isEmpty
            || previous?.content.config != content.config
            || previous?.content.staticFiles != content.staticFiles
            || previous?.content.skippedDrafts != content.skippedDrafts
            || previous?.navigation != navigation
            || changedPages.contains { previous?.loaded[$0] == nil }

        // Pages to render: all, or the changed ones with the home page and their sections' indexes.
        var toRender = Set(changedPages)
        if full {
            toRender = Set(content.pages.map(\.contentPath))
        } else {
            let indexes = Set(content.pages.filter(\.isIndex).map(\.contentPath))
            for path in changedPages where indexes.contains(SitePath.listingIndex(of: path)) {
                toRender.insert(SitePath.listingIndex(of: path))
            }
            if indexes.contains("index.md") { toRender.insert("index.md") }
        }
        let unparsed = content.pages.filter { toRender.contains($0.contentPath) && parsedByPath[$0.contentPath] == nil }
        let reparsed = try steps.run(3) { pipeline.parse(unparsed) }
        let rerun = try await steps.runAsync(4) { try await pipeline.runReports(reparsed, cache: reportCache) }
        reportCache.merge(rerun) { new, _ in new }
        let parsed = (changedParsed + reparsed).sorted { $0.page.contentPath < $1.page.contentPath }

        // Render into a copy of the last site: replaced pages' old files go first.
        var outputs = previous?.outputs ?? [:]
        let output = MemoryOutput(full ? SiteFiles() : previous?.files ?? SiteFiles())
        if !full {
            for path in removed.union(toRender) { outputs[path]?.forEach(output.remove) }
        }
        for path in removed { outputs[path] = nil }
        let written = try steps.run(5) { try pipeline.render(parsed, with: renderer, into: output) }
        for (page, paths) in zip(parsed, written) { outputs[page.page.contentPath] = paths }
        let folders = try steps.run(5) {
            try BuildPipeline.pageFolders(written: outputs.keys.sorted().compactMap { path in
                outputs[path].map { (SitePath.join(pipeline.contentLabel, path), $0) }
            })
        }
        let siteFiles = try steps.run(6) {
            Set(try pipeline.writeSiteFiles(content: content, templates: templates, renderer: renderer, pageFolders: folders, into: output))
        }
        if !full {
            for path in (previous?.siteFiles ?? []).subtracting(siteFiles) { output.remove(path) }
        }

        var blockKeys = previous?.blockKeys ?? [:]
        for path in removed { blockKeys[path] = nil }
        for page in parsed { blockKeys[page.page.contentPath] = page.blocks.map(\.block.cacheKey) }
        var reports: [String: Report] = [:]
        for key in blockKeys.values.joined() { reports[key] = reportCache[key] }

        let files = output.contents
        state = State(
            files: files, content: content, templates: templates,
            loaded: Dictionary(content.pages.map { ($0.contentPath, $0) }, uniquingKeysWith: { a, _ in a }),
            resolved: resolved, headlines: headlines, navigation: navigation, outputs: outputs,
            reports: reports, blockKeys: blockKeys,
            siteFiles: siteFiles
        )
        pending = []
        let blocks = parsed.flatMap(\.blocks).map(\.block.cacheKey)
        lastRebuild = Rebuild(rendered: parsed.count, pages: content.pages.count, reportsRun: blocks.filter { !cachedBefore.contains($0) }.count, full: full)
        return files
    }
}
