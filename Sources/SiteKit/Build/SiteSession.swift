import Basics
import Foundation
import ReportKit

/// Builds a site into memory again and again, each time from the last good build, so that a
/// build redoes only what the changed files affect. This is what `sitegen serve` rebuilds with.
///
/// Every build reads the content folder again (cheap) and compares each page with the last good
/// build (``SiteBuilder`` decides what to redo). A failed build changes nothing: the next build
/// starts from the last good one and is told every change made since.
public actor SiteSession {
    private let builder: SiteBuilder
    /// The last good build; nil before the first.
    private var last: SiteBuild?
    /// Changed paths not yet part of a successful build.
    private var pending: Set<String> = []

    /// What the last successful build did.
    public var lastRebuild: SiteBuild.Work? { last?.work }
    /// What the last successful build did not render as written.
    public var warnings: [Diagnostic] { last?.summary.warnings ?? [] }

    public init(options: BuildOptions, kinds: [any ReportKind], log: @escaping @Sendable (BuildEvent) -> Void = { _ in }) {
        builder = SiteBuilder(
            options: options,
            kinds: ReportKinds.byName(kinds),
            // `serve` prints one line per build instead of steps and progress.
            log: { event in if case .warning = event { log(event) } }
        )
    }

    /// Builds the site. The first call builds everything; later calls rebuild what `changed`
    /// (absolute paths of files created, modified or removed under the content or templates
    /// folder) and any page whose text differs from the last good build affect.
    ///
    /// - Throws: ``BuildFailure`` naming the step and every problem; the last good site stays.
    public func build(changed: Set<String> = []) async throws -> SiteFiles {
        pending.formUnion(changed)
        let build = try await builder.build(previous: last, changed: pending, into: .memory)
        last = build
        pending = []
        return build.files
    }
}
