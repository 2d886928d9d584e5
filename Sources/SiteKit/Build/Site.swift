import Basics
import Foundation
import ReportKit

/// Builds a site into its output folder: ``SiteBuilder``'s steps, each logged as `[i/N] step`,
/// with nothing from an earlier build.
///
/// Any step that finds problems stops the build with all of them (``BuildFailure``); the output
/// folder is then left exactly as it was.
public struct Site: Sendable {
    public let options: BuildOptions
    private let builder: SiteBuilder

    /// The steps' names, in order.
    public static let steps = BuildStep.allCases.map(\.name)

    /// - Parameters:
    ///   - kinds: the report kinds blocks may use.
    ///   - log: receives progress and warnings.
    public init(options: BuildOptions, kinds: [any ReportKind], log: @escaping @Sendable (BuildEvent) -> Void = { _ in }) {
        self.options = options
        builder = SiteBuilder(options: options, kinds: ReportKinds.byName(kinds), log: log)
    }

    /// Runs the whole build.
    @discardableResult
    public func build() async throws -> BuildSummary {
        // Before anything is read or written: the output folder must be one a build may replace.
        do {
            try OutputSafety.check(options).forEach { builder.log(.warning($0)) }
        } catch {
            throw BuildFailure(step: "Check the output folder", diagnostics: Diagnostics.from(error))
        }
        let build = try await builder.build(into: .folder)
        let summary = build.summary
        // Freeing the pages, outputs and maps of a large site takes a tenth of a second at 10,000
        // pages, on one core, after the site is written: another thread does it, and a
        // `sitegen build` that ends meanwhile exits without waiting. The build is moved into the
        // box, so the last reference is the one that thread drops.
        let held = Locked<SiteBuild?>(consume build)
        Thread.detachNewThread { held.withLock { $0 = nil } }
        return summary
    }

    /// Runs the whole build — content, templates, links, report blocks, rendering — in memory,
    /// writing nothing to the output folder (`sitegen check`), then follows every relative link
    /// of every page it would write, the templates' links too (``OutputLinks``).
    /// - Returns: what a build would have written.
    /// - Throws: ``BuildFailure`` with every problem, as ``build()`` would, or naming each link
    ///   that leads to nothing.
    @discardableResult
    public func check() async throws -> BuildSummary {
        // Nothing written anywhere: answers fetched for report blocks are not cached either.
        var builder = builder
        builder.writesCache = false
        let build = try await builder.build(into: .memory)
        let broken = OutputLinks.broken(in: build.files, label: options.outputDirectory.lastPathComponent)
        guard broken.isEmpty else { throw BuildFailure(step: "Check links", diagnostics: broken) }
        return build.summary
    }
}

/// The report kinds by their names; the first of two kinds with one name wins.
enum ReportKinds {
    static func byName(_ kinds: [any ReportKind]) -> [String: any ReportKind] {
        Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension Site {
    /// sitegen's own templates, assets and interface strings: the repository's `Templates/`
    /// folder, built into the binary (`Sources/SiteKit/Files` links to it). A site's `Templates/`
    /// folder replaces them file by file; each report kind brings its own (``ReportKind/builtIn``).
    public static let builtInFiles = BuiltInFiles(EmbeddedFiles.files)
}
