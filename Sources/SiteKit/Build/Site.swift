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
        do { try OutputSafety.check(options).forEach { log(.warning($0)) } } catch { throw BuildFailure(step: "Check the output folder", diagnostics: Diagnostics.from(error)) }
        let pipeline = BuildPipeline(options: options, kinds: kinds, log: log)

        let content = try steps.run(1) { try pipeline.loadContent() }
        let templates = try steps.run(2) { try pipeline.loadTemplates() }
        let parsed = try steps.run(3) { pipeline.parse(content.pages) }

        _ = try await steps.runAsync(4) { try await pipeline.runReports(parsed) }

        let renderer = pipeline.renderer(
            content: content, templates: templates,
            pages: parsed.map(\.page), headlines: BuildPipeline.headlines(of: parsed)
        )
        let writer = try steps.run(5) { try OutputWriter(output: options.outputDirectory) }
        do {
            let folders = try steps.run(5) {
                let written = try pipeline.render(parsed, with: renderer, into: writer)
                return try BuildPipeline.pageFolders(written: zip(parsed, written).map { ($0.page.file, $1) })
            }
            try steps.run(6) {
                try pipeline.writeSiteFiles(content: content, templates: templates, renderer: renderer, pageFolders: folders, into: writer)
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
}
