import ArgumentParser
import BankSimulation
import ReportCommand
import ReportKit

/// The `bank` report block (SPEC §5.1): a day at the bank simulated from the block's YAML, shown
/// as figures, the closing sentence, a teller timeline, a waiting/in-service chart, tables, the
/// console log, and CSV/JSON downloads; with `sweep:`, led by the comparison of its values.
public struct BankReportKind: CommandKind {
    public init() {}

    public var name: String { "bank" }

    public var builtIn: BuiltInFiles { Self.files }

    public var command: any ParsableCommand.Type { BankCommand.self }

    /// `Sources/BankReport/Files`: strings, stylesheet.
    static let files = BuiltInFiles(EmbeddedFiles.files)

    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let parsed = try BankScenarioParser.parse(block.source, lineOffset: block.lineOffset, limits: .pageBlock)
        let seed = context.seed(for: block, declared: parsed.seed)
        if let plan = parsed.sweep, let grid = try plan.runGrid(parsed.scenario, seed: seed) {
            return Report(try BankGridDocument.make(grid, first: BankRun(firstOf: grid), id: block.id))
        }
        if let plan = parsed.sweep {
            let sweep = try plan.run(parsed.scenario, seed: seed)
            return Report(try BankSweepDocument.make(sweep, first: BankRun(firstOf: sweep), id: block.id))
        }
        return Report(try BankDocument.make(BankRun(parsed.scenario, seed: seed), id: block.id))
    }
}
