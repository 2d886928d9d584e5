import BankReport
import ReportKit

extension BankScenarioRunner {
    /// What `sitegen bank --scenario FILE [--seed N] --format FORMAT` prints for `yaml`.
    static func run(yaml: String, seedOverride: UInt64? = nil, format: OutputFormat) throws -> String {
        try report(ScenarioSource(text: yaml, name: "scenario.yml"), seed: seedOverride).output(format)
    }
}
