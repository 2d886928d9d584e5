import Basics
import JuiceMaker
import Randomness
import ReportKit

/// `sitegen juice --scenario FILE`: runs the same YAML as a `juice` block and gives the report as
/// console text or Markdown, or its data as JSON (SPEC §5.2) or CSV (a row per step).
public enum JuiceScenarioRunner {
    /// Runs a scenario.
    /// - Parameter seed: overrides the random stream's seed (like `--seed`); without either, the seed
    ///   is derived from the source's name, as a page derives it from its path.
    /// - Throws: ``Diagnostic``s with lines (the caller adds the file name).
    public static func report(_ source: ScenarioSource, seed: UInt64? = nil) throws -> CommandReport {
        let document = try JuiceScenarioParser.parseDocument(source.text)
        let resolved = seed ?? document.scenario.random?.seed ?? stableHash("\(source.name)#0")
        let run = try document.run(seed: resolved)
        return CommandReport(
            document: { try JuiceDocument.make(run, id: "juice-1", files: false) },
            json: { try JuiceJSON(run).text() }, csv: { try JuiceCSV.document(run) })
    }
}
