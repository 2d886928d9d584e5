import ArgumentParser
import BuiltInKinds
import Foundation
import ReportCommand
import SiteKit

/// Runs the whole build — front matter, templates, links, report blocks, rendering — without
/// writing anything, like `zola check`, then follows every link of every page it would write,
/// those the templates make too. Prints warnings and a one-line summary and exits 0, or prints
/// every problem with its file and line and exits non-zero (warnings too with `--strict`).
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the site (links, report blocks, templates) without writing anything."
    )

    @OptionGroup var site: SiteOptions

    func run() async throws {
        let options = try site.buildOptions(output: "Public")
        let reporter = ProgressReporter(quiet: true)
        do {
            let summary = try await Site(options: options, kinds: BuiltInKinds.all, log: reporter.handle).check()
            reporter.finish()
            let counts = "\(summary.pages) page\(summary.pages == 1 ? "" : "s"), \(summary.reports) report\(summary.reports == 1 ? "" : "s"), \(summary.files) files would be written (nothing was)"
            if summary.warnings.isEmpty {
                Console.output("No problems: \(counts).")
            } else {
                let count = summary.warnings.count
                Console.output("No errors, \(count) warning\(count == 1 ? "" : "s") (above; --strict makes them errors): \(counts).")
            }
        } catch let failure as BuildFailure {
            reporter.finish()
            Console.error("error: check failed in step \"\(failure.step)\"")
            for diagnostic in failure.diagnostics { Console.error(diagnostic.description) }
            throw ExitCode.failure
        }
    }
}
