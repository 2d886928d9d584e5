import ArgumentParser
import Foundation
import ReportCommand
import SiteKit

/// Starts a new site in DIR (created if needed; it must be empty but for hidden files such as
/// `.git`): `Content/site.yml`, a home page and a page with a `calc` and a `bank` block. The site
/// uses sitegen's built-in templates; put files in `Templates/` to replace them one by one.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a new site in an empty or new folder."
    )

    @Argument(help: ArgumentHelp("The folder to create the site in.", valueName: "DIR"))
    var folder: String

    func run() throws {
        let url = URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
        do {
            let written = try SiteScaffold.create(in: url)
            Console.output(written.map { "created \(folder.hasSuffix("/") ? folder : folder + "/")\($0)" }.joined(separator: "\n"))
            Console.output("Next: cd \(folder) && sitegen serve   (or sitegen to build into Public/)")
        } catch {
            throw Failure.report(error)
        }
    }
}
