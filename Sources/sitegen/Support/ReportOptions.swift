import ArgumentParser
import Foundation
import ReportKit

/// The options every report command (`bank --scenario`, `juice`, `market`, `calc`) shares.
struct ReportOptions: ParsableArguments {
    /// What to print; text unless given.
    @Option(name: .long, help: "text (the report, as console text; the default), markdown (the report, as the page's .md twin), json or csv (its data, as the page's downloads).")
    var format: OutputFormat?

    /// Prints `report` in the chosen format on stdout.
    func print(_ report: CommandReport) throws {
        var bytes = try report.bytes(format ?? .text)
        bytes.withUnsafeMutableBytes { buffer in
            guard let start = buffer.baseAddress else { return }
            FileHandle.standardOutput.write(Data(bytesNoCopy: start, count: buffer.count, deallocator: .none))
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
