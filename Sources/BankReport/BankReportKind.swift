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

    /// Simulates on all cores, off Swift's cooperative pool (``Threads/offPool(_:)``, taking the
    /// page's interface language along), and tells the build log how long a sweep or several
    /// days took. A block with `shards:` reads its sweep's days from the shard files instead
    /// (``BankShardList``), and shows them exactly as the simulated sweep.
    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let strings = Strings.current
        return try await Threads.offPool { try Strings.$current.withValue(strings) {
            let parsed = try BankScenarioParser.parse(block.source, lineOffset: block.lineOffset, limits: .pageBlock)
            let seed = context.seed(for: block, declared: parsed.seed)
            let threads = Threads.allCores
            func note(_ days: [[DaySummary]], isSweep: Bool, seconds: Double) {
                let timing = BankTiming(days: days, isSweep: isSweep, seconds: seconds, cpuSeconds: nil, threads: threads)
                if timing.isWorthSaying { context.note("bank \(block.pagePath):\(block.line): \(timing.sentence)") }
            }
            // A block of shards: alone takes the shards' seed unless --seed or its own says otherwise.
            let shardSeed = parsed.sweep == nil && parsed.seed == nil ? context.seedOverride : seed
            if let (result, files, namesFolder) = try BankShardRunner.read(
                parsed, seed: shardSeed, pagePath: block.pagePath, folder: context.contentDirectory,
                shownFolder: context.contentDirectory.lastPathComponent, user: "this block") {
                context.note("bank \(block.pagePath):\(block.line): the days of \(files.count) shard file\(files.count == 1 ? "" : "s")")
                // A folder may gain files: any change under the content folder runs the block again.
                let inputs: ReportInputs = namesFolder ? .anyContentFile : .files(Set(files))
                switch result {
                case .grid(let grid):
                    return Report(try BankGridDocument.make(grid, first: BankRun(firstOf: grid), id: block.id), inputs: inputs)
                case .sweep(let sweep):
                    return Report(try BankSweepDocument.make(sweep, first: BankRun(firstOf: sweep), id: block.id), inputs: inputs)
                }
            }
            if let plan = parsed.sweep, plan.columns != nil {
                let (grid, seconds, _) = try BankTiming.measure(threads: threads, cpu: false) {
                    try plan.runGrid(parsed.scenario, seed: seed, threads: threads)
                }
                if let grid {
                    note(grid.cells.map(\.days), isSweep: true, seconds: seconds)
                    return Report(try BankGridDocument.make(grid, first: BankRun(firstOf: grid), id: block.id))
                }
            }
            if let plan = parsed.sweep {
                let (sweep, seconds, _) = try BankTiming.measure(threads: threads, cpu: false) {
                    try plan.run(parsed.scenario, seed: seed, threads: threads)
                }
                note(sweep.points.map(\.days), isSweep: true, seconds: seconds)
                return Report(try BankSweepDocument.make(sweep, first: BankRun(firstOf: sweep), id: block.id))
            }
            let (run, seconds, _) = BankTiming.measure(threads: threads, cpu: false) {
                BankRun(parsed.scenario, seed: seed, threads: threads)
            }
            note([run.replications.days], isSweep: false, seconds: seconds)
            return Report(try BankDocument.make(run, id: block.id))
        } }
    }
}
