import Basics
import Foundation
import Randomness

/// What a report kind may know about the build it runs in.
public struct ReportContext: Sendable {
    /// `--seed N`: overrides every block's seed when set.
    public var seedOverride: UInt64?
    /// The content folder; data files named in blocks are relative to it.
    public var contentDirectory: URL
    /// Where fetched responses are cached (`.sitegen-cache/`).
    public var cacheDirectory: URL
    /// `--offline`: use cached responses only.
    public var offline: Bool
    /// `--refresh`: ignore cached responses.
    public var refresh: Bool
    /// Reports a warning to the user (stderr); the build goes on.
    public var warn: @Sendable (String) -> Void
    /// Tells the build log how the block ran (`bank page.md:12: 12 cells … in 3.1 s on 2
    /// cores`); for facts that change from run to run, which a page must never show.
    public var note: @Sendable (String) -> Void
    /// Where blocks may fetch from (`site.yml` `security.http.urls`).
    public var network: NetworkPolicy
    /// False for `sitegen check`, which writes nothing: fetched answers are not cached.
    public var writesCache: Bool

    public init(
        seedOverride: UInt64? = nil,
        contentDirectory: URL,
        cacheDirectory: URL,
        offline: Bool = false,
        refresh: Bool = false,
        warn: @escaping @Sendable (String) -> Void = { _ in },
        note: @escaping @Sendable (String) -> Void = { _ in },
        network: NetworkPolicy = .publicOnly,
        writesCache: Bool = true
    ) {
        self.network = network
        self.writesCache = writesCache
        self.seedOverride = seedOverride
        self.contentDirectory = contentDirectory
        self.cacheDirectory = cacheDirectory
        self.offline = offline
        self.refresh = refresh
        self.warn = warn
        self.note = note
    }

    /// The seed a block runs with: `--seed` if given, else the block's own `seed:`, else one
    /// derived from the page path and the block's index (stable across machines and runs).
    public func seed(for block: ReportBlock, declared: UInt64?) -> UInt64 {
        if let seedOverride { return seedOverride }
        if let declared { return declared }
        return stableHash("\(block.pagePath)#\(block.index)")
    }
}
