import ArgumentParser
import BuiltInKinds
import Foundation
import ReportCommand
import ReportKit
import SiteKit

/// Builds the site: Markdown pages from the content folder, rendered with the templates, written
/// to the output folder. The previous output is replaced only when the whole build succeeds.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder (the default command)."
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("The output folder, replaced by the built site.", valueName: "DIR"))
    var output = "Public"

    /// Print nothing but errors.
    @Flag(name: .long, help: "Print nothing but errors.")
    var quiet = false

    /// Replace an output folder that is not empty and was not made by sitegen.
    @Flag(name: .long, help: "Replace the output folder even when it is not empty and sitegen did not make it (never the content, templates or project folder).")
    var force = false

    func run() async throws {
        var options = try site.buildOptions(output: output)
        options.force = force
        Interruption.cleanUpStagingOnSignals()
        let reporter = ProgressReporter(quiet: quiet)
        let started = ContinuousClock.now
        do {
            let summary = try await Site(options: options, kinds: BuiltInKinds.all, log: reporter.handle).build()
            reporter.finish()
            if !quiet {
                let elapsed = ContinuousClock.now - started
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                Console.error("Built \(summary.pages) pages with \(summary.reports) reports (\(summary.files) files) in \(String(format: "%.2f", seconds)) s → \(output)/")
            }
        } catch let failure as BuildFailure {
            Interruption.waitIfInterrupted()
            reporter.finish()
            Console.error("error: build failed in step \"\(failure.step)\"; \(output)/ was left as it was")
            for diagnostic in failure.diagnostics { Console.error(diagnostic.description) }
            throw ExitCode.failure
        }
    }
}

/// The options every command that builds the site shares (`build` and `serve`).
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The content folder: Markdown pages, site.yml, other files.", valueName: "DIR"))
    var content = "Content"

    @Option(name: .long, help: ArgumentHelp("The templates folder: Mustache templates and assets/ laid over the built-in ones (default: Templates, if it exists).", valueName: "DIR"))
    var templates: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("The absolute URL the site is published at (overrides site.yml's base_url).", valueName: "URL"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp("Run every report block with this seed.", valueName: "N"))
    var seed: UInt64?

    @Flag(name: .long, help: "Fetch nothing: build from cached API responses only.")
    var offline = false

    @Flag(name: .long, help: "Ignore cached API responses and fetch again.")
    var refresh = false

    @Flag(name: .long, help: "Include pages with draft: true.")
    var drafts = false

    @Option(name: .long, help: "The interface language: en or ko (overrides site.yml's language).")
    var language: InterfaceLanguage?

    @Flag(name: .long, help: "Treat warnings (content not rendered as written: shortcodes, raw HTML left out, unknown keys) as errors.")
    var strict = false

    func validate() throws {
        if offline && refresh { throw ValidationError("--offline and --refresh cannot be used together") }
        // Without the option a site may have no Templates/ (the built-in set is used); a folder
        // named on purpose must exist, or a typo would silently fall back to the built-ins.
        if let templates {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: templates, isDirectory: &isFolder) else {
                throw ValidationError("--templates \(templates): no such folder")
            }
            guard isFolder.boolValue else { throw ValidationError("--templates \(templates): not a folder") }
        }
    }

    /// The build options, with the site written to `output` (a folder path as typed).
    func buildOptions(output: String) throws -> BuildOptions {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func resolve(_ path: String) -> URL { URL(fileURLWithPath: path, relativeTo: current).standardizedFileURL }
        var options = BuildOptions(
            content: resolve(content),
            templates: resolve(templates ?? "Templates"),
            output: resolve(output),
            cache: resolve(".sitegen-cache")
        )
        options.contentLabel = Self.label(content)
        options.templatesLabel = Self.label(templates ?? "Templates")
        options.baseURL = baseURL
        options.seed = seed
        options.offline = offline
        options.refresh = refresh
        options.drafts = drafts
        options.language = language?.rawValue
        options.strict = strict
        return options
    }

    /// A folder as typed, without a trailing slash or a leading `./`.
    private static func label(_ path: String) -> String {
        var label = path
        while label.count > 1 && label.hasSuffix("/") { label.removeLast() }
        if label.hasPrefix("./") { label.removeFirst(2) }
        return label
    }
}
