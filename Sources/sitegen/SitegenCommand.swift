import ArgumentParser
import BuiltInKinds

/// Builds static dashboards from Markdown pages with bank-teller simulations, juice-stock
/// scenarios, calculator tapes and product catalogues.
@main
struct SitegenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "A static dashboard generator: Content/ + Templates/ → Public/.",
        discussion: """
        Run without a subcommand to build the site in the current folder (same as `sitegen build`).
        """,
        version: SitegenVersion.text,
        // The site's commands, then each kind's (`sitegen bank`, …).
        subcommands: [BuildCommand.self, ServeCommand.self, CheckCommand.self, InitCommand.self] + BuiltInKinds.all.map(\.command),
        defaultSubcommand: BuildCommand.self
    )
}
