import ArgumentParser
import Basics
import Foundation
import OpenMarket
import ReportCommand
import ReportKit

/// The `market` report block (SPEC §5.3): a product grid with a list view, grid pages, a detail
/// page per product, summary figures and CSV/JSON downloads, from a products file or an open
/// market API.
public struct MarketReportKind: CommandKind {
    public let name = "market"

    public var builtIn: BuiltInFiles { Self.files }

    public var command: any ParsableCommand.Type { MarketCommand.self }

    /// `Sources/MarketReport/Files`: strings, stylesheet, the product card and gallery partials.
    static let files = BuiltInFiles(EmbeddedFiles.files)

    /// Time limits, retries and concurrency for API blocks (paging and search come from the block).
    public let fetch: FetchOptions

    public init(fetch: FetchOptions = FetchOptions()) {
        self.fetch = fetch
    }

    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let options = try MarketOptions.parse(block.source, lineOffset: block.lineOffset, contentDirectory: context.contentDirectory)
        let policy: CachePolicy = context.offline ? .offline : (context.refresh ? .refresh : .normal)
        let place = "\(context.contentDirectory.lastPathComponent)/\(block.pagePath):\(block.line): market"
        let warn = context.warn
        let catalogue: MarketCatalogue
        do {
            catalogue = try await MarketCatalogue.load(
                options, cacheDirectory: context.cacheDirectory, policy: policy, fetch: fetch,
                imageRoot: context.contentDirectory, network: context.network, writesCache: context.writesCache,
                warn: { warn("\(place): \($0)") })
        } catch let error as MarketError {
            throw Diagnostic(line: options.sourceLine ?? block.line, error.description)
        }
        let layout = MarketLayout(
            blockID: block.id,
            primary: block.index == 0,
            pageDepth: MarketLayout.depth(ofPage: block.pagePath)
        )
        var report = try MarketRenderer(catalogue: catalogue, layout: layout).report()
        // The products file, a details file and local images are all content files.
        report.inputs = .anyContentFile
        return report
    }

}
