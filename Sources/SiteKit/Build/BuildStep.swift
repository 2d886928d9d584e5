import Basics
import ReportKit

/// The build's steps, in order. Every build — `sitegen build` into a folder, `sitegen serve` into
/// memory — runs these and only these, in ``SiteBuilder/build(previous:changed:into:)``.
enum BuildStep: Int, CaseIterable, Sendable {
    /// `site.yml`, pages with front matter, other files; `--base-url` applied.
    case loadContent = 1
    /// Mustache templates parsed once, assets hashed.
    case loadTemplates
    /// Every page's Markdown parsed with libcmark; titles and report blocks found.
    case parsePages
    /// Every report block run concurrently by its report kind.
    case runReports
    /// HTML pages and Markdown reports, then the taxonomies' pages, on all cores.
    case renderPages
    /// The search index of every page and report, and the search page.
    case indexSearch
    /// Files, assets, `404.html`, `sitemap.xml`, `atom.xml`; then the output is swapped in.
    case writeOutput

    /// The name printed as `[i/N] name`.
    var name: String {
        switch self {
        case .loadContent: "Load content"
        case .loadTemplates: "Load templates"
        case .parsePages: "Parse pages"
        case .runReports: "Run report blocks"
        case .renderPages: "Render pages"
        case .indexSearch: "Index search"
        case .writeOutput: "Write output"
        }
    }
}

/// Runs the build's steps: logs `[i/N] name` when a step starts, and turns whatever a step throws
/// into a ``BuildFailure`` naming it.
struct StepLog {
    private let log: @Sendable (BuildEvent) -> Void
    private var announced = 0

    init(log: @escaping @Sendable (BuildEvent) -> Void) {
        self.log = log
    }

    /// Runs (part of) `step`, announcing it the first time.
    mutating func run<T>(_ step: BuildStep, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        if step.rawValue > announced {
            announced = step.rawValue
            log(.step(index: step.rawValue, count: BuildStep.allCases.count, name: step.name))
        }
        do {
            return try await body()
        } catch {
            throw error as? BuildFailure ?? BuildFailure(step: step.name, diagnostics: Diagnostics.from(error))
        }
    }
}
