import ArgumentParser
import ReportCommand
import ReportKit

/// Runs one juice stock scenario — the same YAML as a `juice` block — and prints the result.
struct JuiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "juice",
        abstract: "Runs one juice stock scenario and prints it.",
        discussion: """
            The scenario file holds the YAML of a juice block: stock overrides, extra recipes, \
            steps (order with count, restock, set) and an optional random order stream. An order \
            is made only when every fruit it uses is in stock, and then takes them all at once. \
            A random stream without its own seed gets one derived from the file name.
            """)

    /// The YAML scenario file, or `-` for stdin.
    @Option(name: .long, help: ArgumentHelp("The YAML scenario file; - reads stdin.", valueName: "file"))
    var scenario: String

    /// `--format`.
    @OptionGroup var output: ReportOptions

    /// Overrides the random order stream's seed.
    @Option(name: .long, help: ArgumentHelp("Overrides the random order stream's seed.", valueName: "n"))
    var seed: UInt64?

    @OptionGroup var language: LanguageOption

    func run() throws {
        try language.run { try report() }
    }

    private func report() throws {
        do {
            try output.print(JuiceScenarioRunner.report(ScenarioSource.read(scenario), seed: seed))
        } catch {
            throw Failure.report(error, file: scenario)
        }
    }
}
