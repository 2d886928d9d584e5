import ArgumentParser
import ReportKit

/// A report kind with its own `sitegen <name>` command, which runs the kind alone: the YAML of a
/// block from a file, printed as text, Markdown, JSON or CSV (``ReportOptions``, ``LanguageOption``).
/// The CLI lists the commands of the kinds it ships; the site library never sees them.
public protocol CommandKind: ReportKind {
    /// The command's type, e.g. `BankCommand.self`; its name is the kind's.
    var command: any ParsableCommand.Type { get }
}
