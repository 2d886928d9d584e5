import Basics
import Foundation
import JuiceMaker
import Randomness
import ReportKit

/// Runs a scenario file for `sitegen juice --scenario FILE [--format text|json]`.
public enum JuiceScenarioRunner {
    /// What to print.
    public enum Format: String, CaseIterable, Sendable {
        /// The report as console text: figures, the stock table, final stock, juices, shortfall.
        case text
        /// The JSON of SPEC §5.2, as in the page's download.
        case json
    }

    /// Reads and runs the YAML file at `path`.
    /// - Parameter seed: overrides the random stream's seed (like `--seed`); without either, the seed
    ///   is derived from the file name, as a page derives it from its path.
    /// - Throws: ``Diagnostic``s with lines (the caller adds the file name).
    public static func run(file path: String, format: Format, seed: UInt64? = nil) throws -> String {
        let yaml: String
        do {
            yaml = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Diagnostic("cannot read the scenario file: \(error.localizedDescription)")
        }
        return try run(yaml: yaml, name: URL(fileURLWithPath: path).lastPathComponent, format: format, seed: seed)
    }

    /// Runs YAML text; `name` stands in for the page path when deriving a seed.
    public static func run(yaml: String, name: String, format: Format, seed: UInt64? = nil) throws -> String {
        let document = try JuiceScenarioParser.parseDocument(yaml)
        let resolved = seed ?? document.scenario.random?.seed ?? stableHash("\(name)#0")
        let run = try document.run(seed: resolved)
        switch format {
        case .text: return ReportRenderer().text(try JuiceDocument.make(run, id: "juice-1", files: false))
        case .json: return try JuiceJSON(run).text()
        }
    }
}
