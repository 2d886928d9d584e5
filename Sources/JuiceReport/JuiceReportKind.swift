import ArgumentParser
import JuiceMaker
import ReportCommand
import ReportKit

/// The `juice` report block: a juice stock scenario (SPEC §5.2) run and shown as a stock table,
/// summaries, a stock-over-time chart and CSV/JSON downloads.
public struct JuiceReportKind: CommandKind {
    public let name = "juice"

    public var builtIn: BuiltInFiles { Self.files }

    public var command: any ParsableCommand.Type { JuiceCommand.self }

    /// `Sources/JuiceReport/Files`: strings, stylesheet.
    static let files = BuiltInFiles(EmbeddedFiles.files)

    public init() {}

    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let document = try JuiceScenarioParser.parseDocument(block.source, lineOffset: block.lineOffset)
        let seed = context.seed(for: block, declared: document.scenario.random?.seed)
        let run = try document.run(seed: seed)
        return Report(try JuiceDocument.make(run, id: block.id))
    }
}
