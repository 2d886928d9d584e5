import Foundation
import ReportKit

/// Builds a site: the pipeline as a list of named steps, each logged as `[i/N] step`.
///
///  1. Load content — `site.yml`, pages with front matter, other files
///  2. Load templates — Mustache templates parsed once, assets hashed
///  3. Parse pages — Markdown parsed with libcmark, report blocks found
///  4. Run report blocks — every block run concurrently by its report kind
///  5. Render pages — HTML and Markdown reports, in parallel on all cores
///  6. Write Public — files, assets, `404.html`, `sitemap.xml`, then the atomic swap
///
/// Any step that finds problems stops the build with all of them (``BuildFailure``); the output
/// folder is then left exactly as it was.
public struct Site: Sendable {
    public let options: BuildOptions
    let kinds: [String: any ReportKind]
    let log: @Sendable (BuildEvent) -> Void

    public static let steps = ["Load content", "Load templates", "Parse pages", "Run report blocks", "Render pages", "Write Public"]

    /// - Parameters:
    ///   - kinds: the report kinds blocks may use, by their names.
    ///   - log: receives progress and warnings.
    public init(options: BuildOptions, kinds: [any ReportKind], log: @escaping @Sendable (BuildEvent) -> Void = { _ in }) {
        self.options = options
        self.kinds = Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.log = log
    }

    /// Runs the whole build.
    @discardableResult
    public func build() async throws -> BuildSummary {
        let steps = StepLog(names: Self.steps, log: log)
        let contentLabel = options.contentLabel ?? options.contentDirectory.lastPathComponent
        let templatesLabel = options.templatesLabel ?? options.templatesDirectory.lastPathComponent

        var content = try steps.run(1) {
            try ContentLoader(directory: options.contentDirectory, label: contentLabel, includeDrafts: options.drafts).load()
        }
        if let baseURL = options.baseURL {
            try steps.run(1) {
                try SiteConfig.validate(baseURL: baseURL)
                content.config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
            }
        }
        let templates = try steps.run(2) { try TemplateSet(directory: options.templatesDirectory, label: templatesLabel) }

        let parsed = try steps.run(3) { () -> [ParsedPage] in
            let kindNames = Set(kinds.keys)
            var parsed = [ParsedPage?](repeating: nil, count: content.pages.count)
            let pages = content.pages
            parsed.withUnsafeMutableBufferPointer { buffer in
                let buffer = UnsafeSendable(buffer)
                DispatchQueue.concurrentPerform(iterations: pages.count) { index in
                    buffer.value[index] = ParsedPage(page: pages[index], kinds: kindNames)
                }
            }
            return parsed.compactMap { $0 }
        }

        let context = ReportContext(
            seedOverride: options.seed,
            contentDirectory: options.contentDirectory,
            cacheDirectory: options.cacheDirectory,
            offline: options.offline,
            refresh: options.refresh,
            warn: { [log] message in log(.warning(message)) }
        )
        steps.announce(4)
        do {
            try await ReportRunner(kinds: kinds, context: context).run(parsed)
        } catch {
            throw BuildFailure(step: Self.steps[3], diagnostics: Diagnostics.from(error))
        }

        let pages = parsed.map(\.page)
        let map = SiteMap(
            pages: pages,
            headlines: Dictionary(parsed.compactMap { $0.reports.isEmpty ? nil : ($0.page.contentPath, $0.headlines) }, uniquingKeysWith: { a, _ in a })
        )
        let renderer = PageRenderer(
            templates: templates,
            site: SiteValues(title: content.config.title, description: content.config.description, language: content.config.language),
            config: content.config,
            links: LinkResolver(
                pages: Dictionary(pages.map { ($0.contentPath, $0) }, uniquingKeysWith: { a, _ in a }),
                files: Set(content.staticFiles),
                drafts: content.skippedDrafts
            ),
            map: map,
            bodyEnd: options.bodyEnd
        )

        let writer = try steps.run(5) { try OutputWriter(output: options.outputDirectory) }
        do {
            let written = try steps.run(5) { try render(parsed, with: renderer, into: writer) }
            try steps.run(6) {
                try writeSiteFiles(content: content, templates: templates, renderer: renderer, writtenPages: written, into: writer)
                try writer.commit()
            }
        } catch {
            writer.discard()
            throw error
        }
        return BuildSummary(
            pages: parsed.count + parsed.reduce(0) { $0 + $1.reports.reduce(0) { $0 + $1.pages.count } },
            reports: parsed.reduce(0) { $0 + $1.reports.count },
            files: writer.fileCount
        )
    }

    /// Renders every page in parallel and writes it; returns the folders of all HTML pages written.
    private func render(_ parsed: [ParsedPage], with renderer: PageRenderer, into writer: OutputWriter) throws -> [String] {
        var results = [Result<[String], Diagnostics>?](repeating: nil, count: parsed.count)
        let progress = Progress(total: parsed.count, log: log)
        results.withUnsafeMutableBufferPointer { buffer in
            let buffer = UnsafeSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: parsed.count) { index in
                do {
                    var folders: [String] = []
                    for output in try renderer.render(parsed[index]) {
                        try writer.write(output.data, to: output.path)
                        if output.path.hasSuffix("index.html") { folders.append(SitePath.parent(output.path)) }
                    }
                    buffer.value[index] = .success(folders)
                } catch {
                    buffer.value[index] = .failure(Diagnostics(Diagnostics.from(error).map { $0.located(in: parsed[index].page.file) }))
                }
                progress.advance()
            }
        }
        var problems = DiagnosticCollector()
        var folders: [String] = []
        var owners: [String: String] = [:]
        for (index, result) in results.enumerated() {
            switch result {
            case .success(let written)?:
                for folder in written {
                    if let other = owners[folder] {
                        problems.add(Diagnostic(file: parsed[index].page.file, "writes \(SitePath.join(folder, "index.html")), which \(other) writes too"))
                    }
                    owners[folder] = parsed[index].page.file
                    folders.append(folder)
                }
            case .failure(let errors)?: errors.items.forEach { problems.add($0) }
            case nil: break
            }
        }
        try problems.check()
        return folders
    }

    private func writeSiteFiles(content: LoadedContent, templates: TemplateSet, renderer: PageRenderer, writtenPages: [String], into writer: OutputWriter) throws {
        let generated = Set(writtenPages.flatMap { [SitePath.join($0, "index.html"), SitePath.join($0, "index.md")] })
        var problems = DiagnosticCollector()
        for file in content.staticFiles {
            if generated.contains(file) {
                problems.add(Diagnostic(file: SitePath.join(options.contentLabel ?? options.contentDirectory.lastPathComponent, file), "has the same path as a generated page; rename it"))
                continue
            }
            problems.attempt { try writer.copy(options.contentDirectory.appendingPathComponent(file), to: file) }
        }
        for asset in templates.assets {
            problems.attempt { try writer.write(asset.contents, to: asset.outputPath) }
        }
        problems.attempt { try writer.write(renderer.renderNotFound(), to: "404.html") }
        if let base = content.config.baseURL {
            problems.attempt { try writer.write(Sitemap.xml(base: base, folders: writtenPages), to: "sitemap.xml") }
        }
        try problems.check()
    }
}
