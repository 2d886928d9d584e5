import ArgumentParser
import BuiltInKinds
import Foundation
import Preview
import ReportCommand
import SiteKit

/// Serves the site while you edit it: builds it in memory, serves it at http://127.0.0.1:8000/,
/// rebuilds what a change in the content or templates folder affects, and reloads open browser
/// tabs. A build error is printed here and shown on the page (with file and line) while the last
/// good version stays served; saving the fixed file clears it. Ctrl-C stops the server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the site locally, rebuild on changes and reload open pages."
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "HOST"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "PORT"))
    var port = 8000

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, got \(port)") }
    }

    func run() async throws {
        // The site is served from memory: nothing is written to an output folder.
        let options = try site.buildOptions(output: "Public")
        let reporter = ProgressReporter(quiet: true)
        let source = SiteSession(options: options, kinds: BuiltInKinds.all, log: reporter.handle)
        let configuration = PreviewConfiguration(
            host: host,
            port: port,
            watchedFolders: [options.contentDirectory.path, options.templatesDirectory.path]
        )
        let server = PreviewServer(source: source, configuration: configuration) { event in
            reporter.finish()
            Console.error(event.description)
        }
        do {
            try await server.run()
            Console.error("Stopped.")
        } catch let error as PreviewError {
            Console.error("error: \(error)")
            throw ExitCode.failure
        }
    }
}
