import BankSimulation
import ReportKit

/// `sitegen bank --scenario FILE`: runs the same YAML as a `bank` block and gives the report as
/// console text, or its data as JSON or CSV.
public enum BankScenarioRunner {
    /// Output formats.
    public enum Format: String, Sendable, CaseIterable {
        case text, json, csv
    }

    /// The seed of a scenario file that has no `seed:` and is run without `--seed`.
    public static let defaultSeed: UInt64 = 1

    /// Runs a scenario. The seed is `seedOverride` if given, else the file's `seed:`, else
    /// ``defaultSeed``, so a run never depends on the clock.
    public static func run(yaml: String, seedOverride: UInt64? = nil, format: Format) throws -> String {
        let parsed = try BankScenarioParser.parse(yaml, lineOffset: 0, limits: .commandLine)
        let run = BankRun(parsed.scenario, seed: seedOverride ?? parsed.seed ?? defaultSeed)
        switch format {
        case .text: return ReportRenderer().text(try BankDocument.make(run, id: "bank-1", files: false))
        case .json: return try BankData.json(run)
        case .csv: return BankData.csv(run.day)
        }
    }
}

/// `sitegen bank` without a scenario: the seed's console app over the standard day.
public enum BankConsoleRunner {
    /// The seed of the first day when `--seed` is not given: fixed, so the same input always
    /// prints the same days (day k of a session uses `seed + k − 1`).
    public static let defaultSeed: UInt64 = 1

    /// Runs the console until `2` or the end of input; returns how many days were opened.
    @discardableResult
    public static func run(seed: UInt64?, readLine: @escaping () -> String?, write: @escaping (String) -> Void) -> Int {
        BankConsole(scenario: .standard, seed: seed ?? defaultSeed, readLine: readLine, write: write).run()
    }
}
