import Foundation
import ReportKit

/// The build's steps as functions, shared by a full build (``Site``) and the incremental rebuilds
/// of ``SiteSession``.
struct BuildPipeline: Sendable {
    let options: BuildOptions
    let kinds: [String: any ReportKind]
    let log: @Sendable (BuildEvent) -> Void

    var contentLabel: String { options.contentLabel ?? options.contentDirectory.lastPathComponent }
    var templatesLabel: String { options.templatesLabel ?? options.templatesDirectory.lastPathComponent }

    /// Step 1: `site.yml`, pages with front matter, other files; `--base-url` applied.
    func loadContent() throws -> LoadedContent {
        var content = try ContentLoader(directory: options.contentDirectory, label: contentLabel, includeDrafts: options.drafts).load()
        content.warnings.forEach { log(.warning($0)) }
        if let baseURL = options.baseURL {
            try SiteConfig.validate(baseURL: baseURL)
            content.config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        }
        return content
    }

    /// Step 2: templates parsed, assets hashed.
    func loadTemplates() throws -> TemplateSet {
        try TemplateSet(directory: options.templatesDirectory, label: templatesLabel)
    }

    /// Step 3: every page's Markdown parsed and its report blocks found, in parallel.
    func parse(_ pages: [Page]) -> [ParsedPage] {
        let kindNames = Set(kinds.keys)
        var parsed = [ParsedPage?](repeating: nil, count: pages.count)
        parsed.withUnsafeMutableBufferPointer { buffer in
            let buffer = UnsafeSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: pages.count) { index in
                buffer.value[index] = ParsedPage(page: pages[index], kinds: kindNames)
            }
        }
        return parsed.compactMap { $0 }
    }

    /// Step 4: runs the report blocks of `parsed`, taking reports from `cache` for blocks that ran
    /// before unchanged. Returns every report by its block's ``ReportBlock/cacheKey``.
    func runReports(_ parsed: [ParsedPage], cache: [String: Report] = [:]) async throws -> [String: Report] {
        let context = ReportContext(
            seedOverride: options.seed,
            contentDirectory: options.contentDirectory,
            cacheDirectory: options.cacheDirectory,
            offline: options.offline,
            refresh: options.refresh,
            warn: { [log] message in log(.warning(message)) }
        )
        return try await ReportRunner(kinds: kinds, context: context).run(parsed, cache: cache)
    }

    /// The renderer for a site of `pages` (titles resolved), with the headline figures of the
    /// pages that have reports.
    func renderer(content: LoadedContent, templates: TemplateSet, pages: [Page], headlines: [String: [String]]) -> PageRenderer {
        let map = SiteMap(pages: pages, headlines: headlines)
        return PageRenderer(
            templates: templates,
            site: SiteValues(title: content.config.title, description: content.config.description, language: content.config.language),
            config: content.config,
            links: LinkResolver(
                pages: Dictionary(pages.map { ($0.contentPath, $0) }, uniquingKeysWith: { a, _ in a }),
                files: Set(content.staticFiles),
                drafts: content.skippedDrafts
            ),
            map: map
        )
    }

    /// Headline figures by content path, for the pages of `parsed` that have reports.
    static func headlines(of parsed: [ParsedPage]) -> [String: [String]] {
        Dictionary(parsed.compactMap { $0.reports.isEmpty ? nil : ($0.page.contentPath, $0.headlines) }, uniquingKeysWith: { a, _ in a })
    }

    /// Step 5: renders `parsed` in parallel on all cores and writes each page's files as soon as
    /// it is rendered. Returns the paths each page wrote, in the order of `parsed`; throws the
    /// problems of every page that failed.
    func render(_ parsed: [ParsedPage], with renderer: PageRenderer, into output: some SiteOutput) throws -> [[String]] {
        var results = [Result<[String], Diagnostics>?](repeating: nil, count: parsed.count)
        let progress = Progress(total: parsed.count, log: log)
        results.withUnsafeMutableBufferPointer { buffer in
            let buffer = UnsafeSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: parsed.count) { index in
                do {
                    var paths: [String] = []
                    for file in try renderer.render(parsed[index]) {
                        try output.write(file.data, to: file.path)
                        paths.append(file.path)
                    }
                    buffer.value[index] = .success(paths)
                } catch {
                    buffer.value[index] = .failure(Diagnostics(Diagnostics.from(error).map { $0.located(in: parsed[index].page.file) }))
                }
                progress.advance()
            }
        }
        var problems = DiagnosticCollector()
        var written: [[String]] = []
        for result in results {
            switch result {
            case .success(let paths)?: written.append(paths)
            case .failure(let errors)?:
                errors.items.forEach { problems.add($0) }
                written.append([])
            case nil: written.append([])
            }
        }
        try problems.check()
        return written
    }

    /// Checks that no two pages wrote the same path; returns the folders of all HTML pages.
    static func pageFolders(written: [(file: String, paths: [String])]) throws -> [String] {
        var problems = DiagnosticCollector()
        var owners: [String: String] = [:]
        var folders: [String] = []
        for (file, paths) in written {
            for path in paths {
                if let other = owners[path] {
                    problems.add(Diagnostic(file: file, "writes \(path), which \(other) writes too"))
                }
                owners[path] = file
                if path == "index.html" || path.hasSuffix("/index.html") { folders.append(SitePath.parent(path)) }
            }
        }
        try problems.check()
        return folders
    }

    /// Step 6: static files, assets, `404.html` and `sitemap.xml`. Returns the paths written.
    @discardableResult
    func writeSiteFiles(content: LoadedContent, templates: TemplateSet, renderer: PageRenderer, pageFolders: [String], into output: some SiteOutput) throws -> [String] {
        let generated = Set(pageFolders.flatMap { [SitePath.join($0, "index.html"), SitePath.join($0, "index.md")] })
        var problems = DiagnosticCollector()
        var written: [String] = []
        for file in content.staticFiles {
            if generated.contains(file) {
                problems.add(Diagnostic(file: SitePath.join(contentLabel, file), "has the same path as a generated page; rename it"))
                continue
            }
            problems.attempt { try output.copy(options.contentDirectory.appendingPathComponent(file), to: file) }
            written.append(file)
        }
        for asset in templates.assets {
            problems.attempt { try output.write(asset.contents, to: asset.outputPath) }
            written.append(asset.outputPath)
        }
        problems.attempt { try output.write(renderer.renderNotFound(), to: "404.html") }
        written.append("404.html")
        if let base = content.config.baseURL {
            problems.attempt { try output.write(Sitemap.xml(base: base, folders: pageFolders), to: "sitemap.xml") }
            written.append("sitemap.xml")
        }
        try problems.check()
        return written
    }
}
