import BankSimulation
import Foundation
import ReportKit

/// `sitegen bank --scenario FILE`: runs the same YAML as a `bank` block and gives the report as
/// console text or Markdown, or its data as JSON or CSV.
public enum BankScenarioRunner {
    /// The seed of a scenario file that has no `seed:` and is run without `--seed`.
    public static let defaultSeed: UInt64 = 1

    /// Runs a scenario. The seed is `seed` if given, else the file's `seed:`, else
    /// ``defaultSeed``, so a run never depends on the clock. A scenario with `sweep:` gives the
    /// sweep's comparison (its table, ``BankSweepOutput/csv(_:)``, ``BankSweepJSON``) instead of one day;
    /// with two settings, the grid's (``BankGridOutput/csv(_:)``, ``BankGridJSON``).
    ///
    /// Each format simulates only what it shows: the CSV is the first day alone, streamed by
    /// ``BankData/writeCSV(_:chunkSize:to:)``; the text, Markdown and JSON run the replications
    /// too, and the text and Markdown draw the report's charts.
    ///
    /// The days run on `threads` (the output is the same for any number); how long a sweep or
    /// several days took goes to `note` (``BankTiming``), apart from the output.
    ///
    /// A scenario with `shards:` reads its sweep's days from the shard files instead, relative to
    /// `folder` (the scenario file's; shown in messages as `shownFolder`), as a page does.
    public static func report(
        _ source: ScenarioSource, seed: UInt64? = nil, threads: Threads = .allCores,
        note: @escaping @Sendable (String) -> Void = { _ in },
        folder: URL = URL(fileURLWithPath: "."), shownFolder: String = ""
    ) throws -> CommandReport {
        let parsed = try BankScenarioParser.parse(source.text, lineOffset: 0, limits: .commandLine)
        if let (result, _, _) = try BankShardRunner.read(
            parsed, seed: seed ?? parsed.seed ?? (parsed.sweep == nil ? nil : defaultSeed), pagePath: "", folder: folder, shownFolder: shownFolder, user: "the scenario") {
            return BankShardRunner.report(result)
        }
        let seed = seed ?? parsed.seed ?? defaultSeed
        if let plan = parsed.sweep, plan.columns != nil {
            let (grid, seconds, cpu) = try BankTiming.measure(threads: threads, cpu: true) {
                try plan.runGrid(parsed.scenario, seed: seed, threads: threads)
            }
            if let grid {
                note(BankTiming(days: grid.cells.map(\.days), isSweep: true, seconds: seconds, cpuSeconds: cpu, threads: threads).sentence)
                return BankShardRunner.report(.grid(grid))
            }
        }
        if let plan = parsed.sweep {
            let (sweep, seconds, cpu) = try BankTiming.measure(threads: threads, cpu: true) {
                try plan.run(parsed.scenario, seed: seed, threads: threads)
            }
            note(BankTiming(days: sweep.points.map(\.days), isSweep: true, seconds: seconds, cpuSeconds: cpu, threads: threads).sentence)
            return BankShardRunner.report(.sweep(sweep))
        }
        let scenario = parsed.scenario
        @Sendable func run() -> BankRun {
            let (run, seconds, cpu) = BankTiming.measure(threads: threads, cpu: true) { BankRun(scenario, seed: seed, threads: threads) }
            let timing = BankTiming(days: [run.replications.days], isSweep: false, seconds: seconds, cpuSeconds: cpu, threads: threads)
            if timing.isWorthSaying { note(timing.sentence) }
            return run
        }
        return CommandReport(
            document: { try BankDocument.make(run(), id: "bank-1", files: false) },
            json: { try BankData.json(run()) },
            writeCSV: { sink in try BankData.writeCSV(Simulation.run(scenario, seed: seed), to: sink) })
    }
}

/// `sitegen bank` without a scenario: the seed's console app over the standard day.
public enum BankConsoleRunner {
    /// The note for a day whose seed was drawn: `seed 123456 (replay with --seed 123456)`.
    public static func seedNote(_ seed: UInt64) -> String {
        "seed \(seed) (replay with --seed \(seed))"
    }

    /// A fresh seed for a session run without `--seed`: a number below a million, easy to type back.
    public static func freshSeed() -> UInt64 {
        UInt64.random(in: 0..<1_000_000)
    }

    /// Runs the console until `2` or the end of input; returns how many days were opened.
    ///
    /// Without `seed` the session draws one (`drawSeed`), so every run brings new days, and each
    /// day's seed goes to `note` as ``seedNote(_:)`` (the caller prints it apart from the log,
    /// e.g. on stderr, so the log keeps the seed's exact lines); day k uses `seed + k − 1`.
    @discardableResult
    public static func run(
        seed: UInt64?, tellers: ConsoleTellers? = nil, pace: ConsolePace? = nil,
        readLine: @escaping () -> String?, write: @escaping (String) -> Void,
        sleep: @escaping (Double) -> Void = { _ in }, note: @escaping (String) -> Void = { _ in },
        drawSeed: () -> UInt64 = freshSeed
    ) throws(ScenarioProblem) -> Int {
        let scenario = try tellers?.apply(to: .standard) ?? .standard
        let drawn = seed == nil
        return BankConsole(
            scenario: scenario, seed: seed ?? drawSeed(), pace: pace, readLine: readLine, write: write, sleep: sleep,
            opening: { daySeed in if drawn { note(seedNote(daySeed)) } }
        ).run()
    }
}
