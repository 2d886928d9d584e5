import Basics
import BankSimulation
import Foundation
import ReportKit

/// Runs a sweep in shards (``BankShard``) and merges the shards' files into the report a single
/// run gives.
public enum BankShardRunner {
    /// Runs `shard`'s cells of the scenario's sweep or grid and returns the shard file's JSON.
    /// How long the days took goes to `note`, and so does a shard that holds no cell (shard 13/20
    /// of a grid of 12 cells: its file is valid and empty, so a job runner's fixed N still works).
    public static func run(
        _ source: ScenarioSource, shard: BankShard, seed: UInt64? = nil, threads: Threads = .allCores,
        note: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> String {
        let parsed = try BankScenarioParser.parse(source.text, lineOffset: 0, limits: .commandLine)
        guard let plan = parsed.sweep else {
            throw Diagnostic("--shard needs a scenario with sweep: (a day or its replications run whole, without --shard)")
        }
        let seed = seed ?? parsed.seed ?? BankScenarioRunner.defaultSeed
        let cells = try plan.cells(parsed.scenario)
        let mine = cells.indices.filter(shard.holds)
        if mine.isEmpty {
            let enough = cells.count == 1 ? "1 shard is enough" : "\(cells.count) shards are enough"
            note("shard \(shard.index)/\(shard.count) holds no cell: the sweep has \(cells.count) (\(enough))")
        }
        let (run, seconds, cpu) = BankTiming.measure(threads: threads, cpu: true) {
            DayPlan.run(mine.map { cells[$0].scenario }, seed: seed, threads: threads, keepingFirstDay: false)
        }
        if !mine.isEmpty {
            note(BankTiming(days: run.days, isSweep: true, seconds: seconds, cpuSeconds: cpu, threads: threads).sentence)
        }
        return try BankShardFile(
            version: BankShardFile.currentVersion, scenario: BankShardFile.identity(of: cells), seed: seed,
            shard: "\(shard.index)/\(shard.count)", cells: cells.count,
            results: zip(mine, run.days).map { BankShardFile.Cell(cell: $0, days: $1) }, source: source.text
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
            throw Diagnostic("--merge needs a scenario with sweep: (the one the shards ran)")
        }
        let seed = seed ?? parsed.seed ?? BankScenarioRunner.defaultSeed
        return report(try combine(plan, scenario: parsed.scenario, seed: seed, shards: shards, user: "the merge"))
    }

    /// The command line's report of a sweep or a grid, as ``BankScenarioRunner/report(_:seed:threads:note:folder:shownFolder:)`` gives it.
    static func report(_ result: Result) -> CommandReport {
        switch result {
        case .grid(let grid):
            CommandReport(
                document: { BankGridDocument.comparison(grid, id: "bank-1") },
                json: { try BankGridJSON(grid).text() }, csv: { BankGridOutput.csv(grid) })
        case .sweep(let sweep):
            CommandReport(
                document: { BankSweepDocument.comparison(sweep, id: "bank-1") },
                json: { try BankSweepJSON(sweep).text() }, csv: { BankSweepOutput.csv(sweep) })
        }
    }

    /// The sweep or grid of a scenario with `shards:`, its days read from the files the key names
    /// (see ``BankShardList/read(pagePath:folder:shownFolder:)``) for `seed`. A scenario that is
    /// only `shards:` takes the one the first shard ran, and without `seed` that shard's seed.
    /// Every problem is at the key's line and names the shard file: `line 12: shards:
    /// Content/results/shard-2.json: the shard ran with seed 5, this block uses seed 6`.
    static func read(
        _ parsed: BankScenario, seed: UInt64?, pagePath: String, folder: URL, shownFolder: String, user: String
    ) throws -> (result: Result, files: [String], namesFolder: Bool)? {
        guard let list = parsed.shards else { return nil }
        let read = try list.read(pagePath: pagePath, folder: folder, shownFolder: shownFolder)
        do {
            var parsed = parsed
            var seed = seed
            var user = user
            if parsed.sweep == nil, let (name, data) = read.shards.first {
                let first = try BankShardFile.read(data, name: name)
                do {
                    parsed = try BankScenarioParser.parse(first.source, lineOffset: 0, limits: .commandLine)
                } catch {
                    throw Diagnostic(file: name, "its scenario does not read here: \(Diagnostics.from(error).map(\.description).joined(separator: "; "))")
                }
                if seed == nil { (seed, user) = (first.seed, name) }
            }
            guard let plan = parsed.sweep else {
                throw Diagnostic("the shards' scenario has no sweep:")
            }
            let result = try combine(
                plan, scenario: parsed.scenario, seed: seed ?? BankScenarioRunner.defaultSeed, shards: read.shards, user: user)
            return (result, read.files, read.namesFolder)
        } catch let problem as Diagnostic {
            throw Diagnostic(line: list.line, "shards: \(problem.file.map { "\($0): " } ?? "")\(problem.message)")
        }
    }

    /// `1, 2, 3`, or the first ten and how many in all.
    static func listed(_ items: [String]) -> String {
        items.count <= 10 ? items.joined(separator: ", ") : items.prefix(10).joined(separator: ", ") + ", … (\(items.count) in all)"
    }

    /// A sweep's or a grid's results, however its days were run.
    enum Result {
        case sweep(Sweep)
        case grid(SweepGrid)
    }

    /// The sweep or grid `plan` makes of `scenario`, its days read from `shards` and its first
    /// cell's first day simulated again (it is shown in full, and depends on the seed alone).
    /// Problems name the shard file (`user` is who expects `seed`: `the merge`, `the block`):
    /// another scenario or seed, a cell twice, cells missing (with the shards to run).
    static func combine(
        _ plan: BankSweepPlan, scenario: Scenario, seed: UInt64, shards: [(name: String, data: Data)], user: String
    ) throws -> Result {
        let cells = try plan.cells(scenario)
        let identity = BankShardFile.identity(of: cells)
        var days = [[DaySummary]?](repeating: nil, count: cells.count)
        var from = [String?](repeating: nil, count: cells.count)
        var counts = Set<Int>()
        for (name, data) in shards {
            let file = try BankShardFile.read(data, name: name)
            guard file.scenario == identity, file.cells == cells.count else {
                throw Diagnostic(file: name, "the shard ran another scenario: its cells' settings differ from this sweep's (\(cells.count) cells)")
            }
            guard file.seed == seed else {
                throw Diagnostic(file: name, "the shard ran with seed \(file.seed), \(user) uses seed \(seed)")
            }
            if let shard = try? BankShard(parsing: file.shard) { counts.insert(shard.count) }
            for result in file.results {
                guard cells.indices.contains(result.cell) else {
                    throw Diagnostic(file: name, "cell \(result.cell) is not a cell of this sweep (\(cells.count) cells)")
                }
                if let problem = BankShardCheck.problem(result.days, scenario: cells[result.cell].scenario, seed: seed) {
                    throw Diagnostic(file: name, "cell \(result.cell) \(problem): the file is not as sitegen wrote it")
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
            let cellList = "cell\(missing.count == 1 ? "" : "s") \(listed(missing.map(String.init))) of \(cells.count) missing"
            guard counts.count == 1, let count = counts.first else { throw Diagnostic(cellList) }
            let run = Set(missing.map { $0 % count + 1 }).sorted().map { "\($0)/\(count)" }
            throw Diagnostic("\(cellList): run shard\(run.count == 1 ? "" : "s") \(listed(run))")
        }
        let points = zip(cells, days).map { SweepPoint(values: $0.values, scenario: $0.scenario, days: $1 ?? []) }
        let first = Replications(first: Simulation.run(cells[0].scenario, seed: seed), days: points[0].days)
        if let columns = plan.columns {
            return .grid(SweepGrid(rows: plan.rows, columns: columns, seed: seed, first: first, cells: points))
        }
        return .sweep(Sweep(setting: plan.setting, seed: seed, first: first, points: points))
    }
}
