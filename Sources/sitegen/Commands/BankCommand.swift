import ArgumentParser
import BankReport
import Foundation

/// The bank manager console app, or one bank scenario run from a YAML file.
struct BankCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bank",
        abstract: "The bank manager console app, or one bank scenario (--scenario) printed as text, JSON or CSV.",
        discussion: """
            Without --scenario: the seed's console app. It prints the menu (1 : 은행개점, 2 : 종료) \
            and the prompt "입력 : ". 1 opens the bank for a day of 10…30 customers with two deposit \
            tellers (0.7 s) and one loan teller (1.1 s), prints when each customer's business starts \
            and ends in simulated time (ends before starts at the same instant, then by customer \
            number), and the closing sentence; 2 or the end of input exits. Day k of a session uses \
            seed N + k − 1, where N is --seed (default 1): the same input always prints the same days.

            With --scenario FILE: runs the YAML of a bank block. The seed is --seed if given, else \
            the file's seed:, else 1.
            """)

    /// The YAML scenario file; without it the interactive console runs.
    @Option(name: .long, help: ArgumentHelp("The YAML scenario file (the body of a bank block).", valueName: "file"))
    var scenario: String?

    /// The seed (overrides the file's `seed:`).
    @Option(name: .long, help: ArgumentHelp("The seed (overrides the scenario's seed:).", valueName: "n"))
    var seed: UInt64?

    /// text, json or csv; only with --scenario.
    @Option(name: .long, help: "text (console log, closing sentence, figures), json or csv (as the page's downloads); with --scenario.")
    var format: BankScenarioRunner.Format?

    func validate() throws {
        if scenario == nil && format != nil {
            throw ValidationError("--format needs --scenario FILE")
        }
    }

    func run() throws {
        guard let scenario else {
            BankConsoleRunner.run(seed: seed, readLine: { Swift.readLine() }, write: { text in
                FileHandle.standardOutput.write(Data(text.utf8))
            })
            return
        }
        do {
            let yaml: String
            do {
                yaml = try String(contentsOfFile: scenario, encoding: .utf8)
            } catch {
                throw BankScenarioFileError(path: scenario)
            }
            let output = try BankScenarioRunner.run(yaml: yaml, seedOverride: seed, format: format ?? .text)
            FileHandle.standardOutput.write(Data(output.utf8))
        } catch {
            throw Failure.report(error, file: scenario)
        }
    }
}

/// A scenario file that cannot be read.
struct BankScenarioFileError: Error, CustomStringConvertible {
    let path: String
    var description: String { "cannot read the scenario file (missing, unreadable or not UTF-8)" }
}

extension BankScenarioRunner.Format: ExpressibleByArgument {}
