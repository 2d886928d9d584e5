import Basics
import SiteKit

/// One consistent version of what the server shows: the last good site and, if the latest build
/// failed, why.
public struct SiteSnapshot: Sendable {
    /// The files of the last successful build (empty before the first one).
    public var files: SiteFiles
    /// The failure of the latest build, or nil when it succeeded.
    public var failure: BuildFailure?
    /// What the last successful build did not render as written (shown over every page while the
    /// build succeeds).
    public var warnings: [Diagnostic] = []
    /// Names this version in the live-reload script: a tab whose page carries another version
    /// reloads when it (re)connects. Unique per server run and build outcome.
    public var version: String
}
