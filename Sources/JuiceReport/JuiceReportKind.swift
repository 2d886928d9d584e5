import JuiceMaker
import ReportKit

/// The `juice` report block: a juice stock scenario (SPEC §5.2) run and shown as a stock table,
/// summaries, a stock-over-time chart and CSV/JSON downloads.
public struct JuiceReportKind: ReportKind {
    public let name = "juice"

    public init() {}

    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let scenario = try JuiceScenarioParser.parse(block.source, lineOffset: block.lineOffset)
        let seed = context.seed(for: block, declared: scenario.random?.seed)
        let run: JuiceRun
        do {
            run = try scenario.run(seed: seed)
        } catch {
            throw Diagnostic(line: block.line, error.description)
        }
        return Report(try JuiceDocument.make(run, id: block.id))
    }
}
