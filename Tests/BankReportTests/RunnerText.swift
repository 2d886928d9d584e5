import BankReport
import ReportKit

extension BankScenarioRunner {
    /// What `sitegen bank --scenario FILE [--seed N] --format FORMAT` prints for `yaml`, as
    /// ``CommandReport/output(_:)`` gives it.
    static func run(yaml: String, seedOverride: UInt64? = nil, format: OutputFormat) throws -> String {
        try report(ScenarioSource(text: yaml, name: "scenario.yml"), seed: seedOverride).output(format)
    }

    /// The bytes the command prints for `yaml`, through ``CommandReport/write(_:to:)`` as the CLI does.
    static func printed(yaml: String, format: OutputFormat) throws -> String {
        var bytes: [UInt8] = []
        try report(ScenarioSource(text: yaml, name: "scenario.yml")).write(format) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
