import Basics
import SiteKit

/// Whatever builds the site for `sitegen serve`: SiteKit's incremental session, or a test stand-in.
public protocol SiteSource: Sendable {
    /// Builds the site. The first call builds everything; later calls get the absolute paths of the
    /// files that were added, changed or removed under the watched folders since the previous call.
    /// - Throws: ``SiteKit/BuildFailure`` when the site cannot be built (any other error is shown
    ///   the same way, as one diagnostic).
    func build(changed: Set<String>) async throws -> SiteFiles

    /// What the last successful build did, in a few words for the terminal; nil if unknown.
    func lastBuildSummary() async -> String?

    /// What the last successful build did not render as written.
    func lastWarnings() async -> [Diagnostic]
}

extension SiteSource {
    public func lastBuildSummary() async -> String? { nil }
    public func lastWarnings() async -> [Diagnostic] { [] }
}

/// SiteKit's incremental session is the real source: each build redoes only what changed.
extension SiteSession: SiteSource {
    public func lastBuildSummary() async -> String? { lastRebuild?.description }
    public func lastWarnings() async -> [Diagnostic] { warnings }
}
