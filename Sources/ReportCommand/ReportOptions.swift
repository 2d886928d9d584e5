import ArgumentParser
import Foundation
import ReportKit

/// The options every report command (`bank --scenario`, `juice`, `market`, `calc`) shares.
public struct ReportOptions: ParsableArguments {
    /// What to print; text unless given.
    @Option(name: .long, help: "text (the report, as console text; the default), markdown (the report, as the page's .md twin), json or csv (its data, as the page's downloads).")
    public var format: OutputFormat?

    public init() {}

    /// Prints `report` in the chosen format on stdout, piece by piece as the report writes it.
    public func print(_ report: CommandReport) throws {
        try report.write(format ?? .text) { piece in
            try FileHandle.standardOutput.write(contentsOf: piece)
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
