import ArgumentParser
import Foundation
import ReportCommand
import ReportKit

/// What `sitegen table`, `chart` and `figure` share: a block's YAML from a file (or a data file
/// alone, shown whole), printed as text, Markdown, JSON or CSV.
struct DataBlockOptions: ParsableArguments {
    /// The block's YAML, as on a page (`source` is relative to the file's folder); a data file
    /// (`.csv`, `.tsv`, `.json`) stands for a block with only `source:`; `-` reads standard input.
    @Argument(help: "A file holding the block's YAML (source: relative to it), a data file to show whole, or - for standard input.")
    var file: String

    @OptionGroup var output: ReportOptions
    @OptionGroup var language: LanguageOption

    /// Runs the block of `kind` and prints it.
    func run(kind: String) throws {
        try language.run {
            do {
                let (yaml, folder) = try block()
                try output.print(DataConsole.report(kind: kind, yaml: yaml, folder: folder))
            } catch {
                throw Failure.report(error)
            }
        }
    }

    private func block() throws -> (yaml: String, folder: URL) {
        let url = URL(fileURLWithPath: file)
        let folder = file == "-" ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath) : url.deletingLastPathComponent()
        if file != "-", let format = DataFormat(fileName: file), format != .yaml {
            return ("source: \"\(url.lastPathComponent)\"\n", folder)
        }
        return (try ScenarioSource.read(file).text, folder)
    }
}

/// Shows a data file as a table: the YAML of a `table` block from a file, or a data file whole.
struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Shows a data file as a table block would.",
        discussion: """
            FILE holds a table block's YAML (source: is relative to it), or is a CSV, TSV or JSON \
            file shown whole. --format markdown gives the page's .md twin; json and csv the rows \
            the block shows, as its downloads.
            """)

    @OptionGroup var options: DataBlockOptions

    func run() throws { try options.run(kind: "table") }
}

/// Draws a chart block's data: its caption and values as text, or its data.
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Runs a chart block from a file.",
        discussion: """
            FILE holds a chart block's YAML (source: is relative to it). Text and Markdown give \
            the chart's caption and values; json and csv the rows it draws.
            """)

    @OptionGroup var options: DataBlockOptions

    func run() throws { try options.run(kind: "chart") }
}

/// Works out a figure block's headline number.
struct FigureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "figure",
        abstract: "Works out a figure block's headline number.",
        discussion: """
            FILE holds a figure block's YAML (source: is relative to it). json gives \
            {"headline", "value", "previous"}, csv the value and the previous one.
            """)

    @OptionGroup var options: DataBlockOptions

    func run() throws { try options.run(kind: "figure") }
}
