import ArgumentParser
import Basics
import BankSimulation
import Foundation
import ReportCommand
import ReportKit

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
            seed N + k − 1, where N is --seed; without --seed each run draws a fresh N and prints \
            "seed N (replay with --seed N)" on stderr as each day opens. --pace X paces the log like \
            the seed app (X simulated seconds per real second; 1 is real time). --tellers \
            deposit=1,loan=0 gives the seed's first variant: one teller, deposits only.

            With --scenario FILE: runs the YAML of a bank block. The seed is --seed if given, else \
            the file's seed:, else 1. A scenario with sweep: prints the comparison of its values \
            (text and markdown: a table; csv: one row per value; json: {"sweep": {"key", "points": [...]}}). \
            The days of a sweep and of replications run on all cores (--jobs N: on N threads), with the \
            same output for any number; how long they took goes to stderr.

            Shards (a sweep too big for one machine): --shard K/N runs only the cells i (from 0, a \
            grid row by row) with i mod N = K − 1 and prints their days as JSON (> shard-K.json); run \
            K = 1…N anywhere (a CI matrix, Kubernetes indexed Jobs). --merge with the shard files \
            gives exactly what one run gives, in any --format: sitegen bank --scenario day.yml \
            --merge shard-*.json --format json. A page shows them with a bank block of shards: \
            FOLDER (or files); a scenario file with shards: reads them from beside it.
            """)

    /// The YAML scenario file (`-` for stdin); without it the interactive console runs.
    @Option(name: .long, help: ArgumentHelp("The YAML scenario file (the body of a bank block); - reads stdin.", valueName: "file"))
    var scenario: String?

    /// The seed (overrides the file's `seed:`).
    @Option(name: .long, help: ArgumentHelp("The seed (overrides the scenario's seed:).", valueName: "n"))
    var seed: UInt64?

    /// Simulated seconds per real second for the console's log; only without --scenario.
    @Option(name: .long, help: ArgumentHelp(
        "Pace the console log: simulated seconds per real second, a positive number up to 1000000 (1 = the seed's real time). Without it a day prints at once.",
        valueName: "x"))
    var pace: ConsolePace?

    /// Tellers per service for the console; only without --scenario.
    @Option(name: .long, help: ArgumentHelp(
        "Tellers per service for the console, SERVICE=N with N from 0 to 100; services: deposit, loan (default deposit=2,loan=1). A service with 0 tellers gets no customers: deposit=1,loan=0 is the seed's first variant.",
        valueName: "deposit=N,loan=N"),
        transform: { text in try ConsoleTellers(parsing: text) })
    var tellers: ConsoleTellers?

    /// Threads for the days; only with --scenario.
    @Option(name: .long, help: ArgumentHelp(
        "Threads that simulate days at once, 1 to 1024 (default: one per core). The output is the same for any number; 1 runs the days one after another.",
        valueName: "n"))
    var jobs: Int?

    /// `--shard K/N`: runs the K-th of N shares of the sweep's cells and prints their JSON.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Run only share K of N of the sweep's cells (cell i when i mod N = K − 1) and print their days as JSON, for --merge.",
        valueName: "K/N"),
        transform: { text in try BankShard(parsing: text) })
    var shard: BankShard?

    /// `--merge`: the shard files to put back together.
    @Flag(name: .long, help: "Merge the shard files given (the JSON of each --shard K/N) into the output of one run.")
    var merge = false

    /// The shard files, with --merge.
    @Argument(help: ArgumentHelp("With --merge: the shard files.", valueName: "shard-file"))
    var shardFiles: [String] = []

    /// `--format`; only with --scenario.
    @OptionGroup var output: ReportOptions

    func validate() throws {
        if scenario == nil && output.format != nil {
            throw ValidationError("--format needs --scenario FILE")
        }
        if scenario != nil && pace != nil {
            throw ValidationError("--pace is for the console; it does not go with --scenario")
        }
        if let jobs, !(1...1024).contains(jobs) {
            throw ValidationError("--jobs must be from 1 to 1024, got \(jobs)")
        }
        if scenario == nil && jobs != nil {
            throw ValidationError("--jobs needs --scenario FILE")
        }
        if (shard != nil || merge) && scenario == nil {
            throw ValidationError("--shard and --merge need --scenario FILE")
        }
        if shard != nil && (merge || output.format != nil) {
            throw ValidationError("--shard prints its cells' JSON; it does not go with --merge or --format")
        }
        if merge && shardFiles.isEmpty {
            throw ValidationError("--merge needs the shard files")
        }
        if !merge && !shardFiles.isEmpty {
            throw ValidationError("shard files are for --merge")
        }
        if scenario != nil && tellers != nil {
            throw ValidationError("--tellers is for the console; with --scenario, give tellers: in the file")
        }
    }

    @OptionGroup var language: LanguageOption

    func run() throws {
        try language.run { try report() }
    }

    private func report() throws {
        guard let scenario else {
            do {
                try BankConsoleRunner.run(
                    seed: seed, tellers: tellers, pace: pace,
                    readLine: { [input = FileInput.LineReader()] in input.next() },
                    write: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
                    sleep: { seconds in Thread.sleep(forTimeInterval: seconds) },
                    note: { note in Console.error(note) }
                )
            } catch {
                throw Failure.report(error)
            }
            return
        }
        let threads = jobs.map(Threads.init) ?? .allCores
        if let shard {
            do {
                let text = try BankShardRunner.run(
                    ScenarioSource.read(scenario), shard: shard, seed: seed, threads: threads, note: { Console.error("bank: " + $0) })
                FileHandle.standardOutput.write(Data(text.utf8))
            } catch {
                throw Failure.report(error, file: scenario)
            }
            return
        }
        if merge {
            do {
                let shards = try shardFiles.map { name in
                    (name: name, data: try FileInput.read(name, shownAs: name, limit: BankShardFile.maximumBytes))
                }
                try output.print(BankShardRunner.merge(ScenarioSource.read(scenario), shards: shards, seed: seed))
            } catch {
                throw Failure.report(error, file: scenario)
            }
            return
        }
        do {
            // A scenario's shards: are beside it (standard input's: in the current folder).
            let folder = scenario == "-" ? "" : (scenario as NSString).deletingLastPathComponent
            try output.print(BankScenarioRunner.report(
                ScenarioSource.read(scenario), seed: seed, threads: threads,
                note: { Console.error("bank: " + $0) },
                folder: URL(fileURLWithPath: folder.isEmpty ? "." : folder), shownFolder: folder))
        } catch {
            throw Failure.report(error, file: scenario)
        }
    }
}

extension ConsolePace: ExpressibleByArgument {}
