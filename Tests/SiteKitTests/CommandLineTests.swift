import BuiltInKinds
import Foundation
import Testing

/// The `sitegen` executable built beside the tests: options that take a fixed set of values are
/// enums that `--help` lists and the parser checks.
@Suite("Command-line options")
struct CommandLineTests {
    private static var executable: URL {
        TestSite.projectFolder.appendingPathComponent(".build/debug/sitegen")
    }

    /// Runs sitegen; returns its exit status and what it printed (stdout then stderr), spaces folded.
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build sitegen first (swift build)")
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let printed = out.fileHandleForReading.readDataToEndOfFile() + err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // Help text is wrapped to the terminal's width: compare with single spaces.
        let text = String(decoding: printed, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return (process.terminationStatus, text)
    }

    /// The CLI lists the commands of the kinds it ships, each named after its kind.
    @Test func everyKindHasItsCommand() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        for kind in BuiltInKinds.all {
            #expect(help.output.contains("SUBCOMMANDS: build (default) ") && help.output.contains(" \(kind.name) "), "\(kind.name)")
            #expect(try run([kind.name, "--help"]).output.contains("USAGE: sitegen \(kind.name) "), "\(kind.name)")
        }
    }

    @Test func marketSortAndStockAreListedInHelpAndChecked() throws {
        let help = try run(["market", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--sort <sort>"))
        #expect(help.output.contains("values: api, newest, price, discount"))
        #expect(help.output.contains("values: all, available, soldout"))

        let bad = try run(["market", "--source", "x.json", "--sort", "cheap"])
        #expect(bad.status != 0)
        #expect(bad.output.contains("The value 'cheap' is invalid for '--sort <sort>'"))
    }

    /// A templates folder named on purpose must exist: a typo never falls back to the built-ins.
    @Test func aMistypedTemplatesFolderIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Content"), withIntermediateDirectories: true)
        let missing = folder.appendingPathComponent("Tmeplates").path
        let result = try run(["build", "--content", folder.appendingPathComponent("Content").path, "--templates", missing,
                              "--output", folder.appendingPathComponent("Public").path])
        #expect(result.status == 64)
        #expect(result.output.contains("--templates \(missing): no such folder"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Public").path))
    }

    /// `sitegen bank --shard` with values an outsider might type: each a clear error, the value named.
    @Test func oddShardValuesAreClearErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scenario = folder.appendingPathComponent("day.yml")
        try Data("seed: 5\ncustomers: 20\nsweep: {tellers.loan: [1, 2]}\n".utf8).write(to: scenario)
        for value in ["0/3", "4/3", "1/0", "-1/2", "a/b", "3"] {
            let result = try run(["bank", "--scenario", scenario.path, "--shard", value])
            #expect(result.status != 0, "\(value)")
            #expect(result.output.contains("--shard must be K/N with 1 ≤ K ≤ N ≤ 10000 (for example 3/8), got \"\(value)\""), "\(result.output)")
        }
        let empty = folder.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        let merged = try run(["bank", "--scenario", scenario.path, "--merge", empty.path])
        #expect(merged.status != 0)
        #expect(merged.output.contains("\(empty.path): is empty (the JSON of sitegen bank --scenario FILE --shard K/N)"), "\(merged.output)")
        let days = folder.appendingPathComponent("days.yml")
        try Data("seed: 5\nreplications: 3\n".utf8).write(to: days)
        let unswept = try run(["bank", "--scenario", days.path, "--shard", "1/2"])
        #expect(unswept.status != 0)
        #expect(unswept.output.contains("--shard needs a scenario with sweep:"), "\(unswept.output)")
    }
}
