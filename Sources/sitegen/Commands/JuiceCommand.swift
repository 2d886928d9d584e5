import ArgumentParser
import JuiceReport

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

    /// The YAML scenario file.
    @Option(name: .long, help: ArgumentHelp("The YAML scenario file.", valueName: "file"))
    var scenario: String

    /// `text` (every step and the summaries) or `json` (the shape of the page's download).
    @Option(name: .long, help: "text (every step and the summaries) or json (as the page's download).")
    var format: JuiceScenarioRunner.Format = .text

    /// Overrides the random order stream's seed.
    @Option(name: .long, help: ArgumentHelp("Overrides the random order stream's seed.", valueName: "n"))
    var seed: UInt64?

    @OptionGroup var language: LanguageOption

    func run() throws {
        try language.run { try report() }
    }

    private func report() throws {
        do {
            let output = try JuiceScenarioRunner.run(file: scenario, format: format, seed: seed)
            Console.output(output.hasSuffix("\n") ? String(output.dropLast()) : output)
        } catch {
            throw Failure.report(error, file: scenario)
        }
    }
}

extension JuiceScenarioRunner.Format: ExpressibleByArgument {}
