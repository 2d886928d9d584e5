import JuiceReport
import ReportKit

extension JuiceScenarioRunner {
    /// What `sitegen juice --scenario NAME --format FORMAT` prints for `yaml`.
    static func run(yaml: String, name: String, format: OutputFormat, seed: UInt64? = nil) throws -> String {
        try report(ScenarioSource(text: yaml, name: name), seed: seed).output(format)
    }
}
