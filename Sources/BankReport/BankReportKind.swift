import BankSimulation
import ReportKit

/// The `bank` report block (SPEC §5.1): a day at the bank simulated from the block's YAML, shown
/// as figures, the closing sentence, a teller timeline, a waiting/in-service chart, tables, the
/// console log, and CSV/JSON downloads.
public struct BankReportKind: ReportKind {
    public init() {}

    public var name: String { "bank" }

    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let parsed = try BankScenarioParser.parse(block.source, lineOffset: block.lineOffset, limits: .pageBlock)
        let seed = context.seed(for: block, declared: parsed.seed)
        let run = BankRun(parsed.scenario, seed: seed)
        return Report(try BankDocument.make(run, id: block.id))
    }
}
