import Basics
import BankSimulation
import Foundation
import ReportKit

/// Runs a sweep in shards (``BankShard``) and merges the shards' files into the report a single
/// run gives.
public enum BankShardRunner {
    /// Runs `shard`'s cells of the scenario's sweep or grid and returns the shard file's JSON.
    public static func run(
        _ source: ScenarioSource, shard: BankShard, seed: UInt64? = nil, threads: Threads = .allCores
    ) throws -> String {
        let parsed = try BankScenarioParser.parse(source.text, lineOffset: 0, limits: .commandLine)
        guard let plan = parsed.sweep else {
            throw Diagnostic("--shard needs a scenario with sweep: (one day or replications run whole)")
        }
        let seed = seed ?? parsed.seed ?? BankScenarioRunner.defaultSeed
        let cells = try plan.cells(parsed.scenario)
        let mine = cells.indices.filter(shard.holds)
        let days = DayPlan.run(mine.map { cells[$0].scenario }, seed: seed, threads: threads, keepingFirstDay: false).days
        return try BankShardFile(
            version: BankShardFile.currentVersion, scenario: BankShardFile.identity(of: source.text), seed: seed,
            shard: "\(shard.index)/\(shard.count)", cells: cells.count,
            results: zip(mine, days).map { BankShardFile.Cell(cell: $0, days: $1) }
        ).text()
    }

    /// Merges shard files (`name`, contents) into the report of the whole sweep or grid, the same
    /// in every format as ``BankScenarioRunner/report(_:seed:threads:note:)``. Problems name the
    /// file: another scenario or seed, a cell twice, cells missing (with the shards to run).
    public static func merge(
        _ source: ScenarioSource, shards: [(name: String, data: Data)], seed: UInt64? = nil
    ) throws -> CommandReport {
        let parsed = try BankScenarioParser.parse(source.text, lineOffset: 0, limits: .commandLine)
        guard let plan = parsed.sweep else {
            throw Diagnostic("bank merge needs a scenario with sweep:")
        }
        let seed = seed ?? parsed.seed ?? BankScenarioRunner.defaultSeed
        let cells = try plan.cells(parsed.scenario)
        let identity = BankShardFile.identity(of: source.text)
        var days = [[DaySummary]?](repeating: nil, count: cells.count)
        var from = [String?](repeating: nil, count: cells.count)
        var count: Int?
        for (name, data) in shards {
            let file = try BankShardFile.read(data, name: name)
            guard file.scenario == identity, file.cells == cells.count else {
                throw Diagnostic(file: name, "the shard is of another scenario (its text differs from \(source.name))")
            }
            guard file.seed == seed else {
                throw Diagnostic(file: name, "the shard ran with seed \(file.seed), the merge uses seed \(seed)")
            }
            count = count ?? BankShard.count(of: file.shard)
            for result in file.results {
                guard cells.indices.contains(result.cell), !result.days.isEmpty else {
                    throw Diagnostic(file: name, "cell \(result.cell) is not a cell of this scenario")
                }
                if let other = from[result.cell] {
                    throw Diagnostic(file: name, "cell \(result.cell) is also in \(other)")
                }
                days[result.cell] = result.days
                from[result.cell] = name
            }
        }
        let missing = days.indices.filter { days[$0] == nil }
        if !missing.isEmpty {
            let n = count ?? 1
            let run = Set(missing.map { $0 % n + 1 }).sorted().map { "\($0)/\(n)" }
            throw Diagnostic("cell\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) missing: run shard\(run.count == 1 ? "" : "s") \(run.joined(separator: ", "))")
        }
        let points = zip(cells, days).map { SweepPoint(values: $0.values, scenario: $0.scenario, days: $1 ?? []) }
        // Cell 0's first day in full: deterministic from the seed, so run again here.
        let first = Replications(first: Simulation.run(cells[0].scenario, seed: seed), days: points[0].days)
        if let columns = plan.columns {
            let grid = SweepGrid(rows: plan.rows, columns: columns, seed: seed, first: first, cells: points)
            return CommandReport(
                document: { BankGridDocument.comparison(grid, id: "bank-1") },
                json: { try BankGridJSON(grid).text() }, csv: { BankGridOutput.csv(grid) })
        }
        let sweep = Sweep(setting: plan.setting, seed: seed, first: first, points: points)
        return CommandReport(
            document: { BankSweepDocument.comparison(sweep, id: "bank-1") },
            json: { try BankSweepJSON(sweep).text() }, csv: { BankSweepOutput.csv(sweep) })
    }
}
