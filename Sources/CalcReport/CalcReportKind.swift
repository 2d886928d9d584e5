import ArgumentParser
import ReportCommand
import ReportKit

/// The `calc` report block: each non-empty line is an expression, and the report is the tape of
/// `expression = result`, worked strictly left to right.
///
/// Gives the tape as a table, `calc-N.csv` (`expression,result,value`) and `calc-N.json`
/// (`{"lines": [{"line", "expression", "result", "value"}]}`), and the headline `4 expressions`.
public struct CalcReportKind: CommandKind {
    public let name = "calc"

    public var builtIn: BuiltInFiles { Self.files }

    public var command: any ParsableCommand.Type { CalcCommand.self }

    /// `Sources/CalcReport/Files`: strings, stylesheet.
    static let files = BuiltInFiles(EmbeddedFiles.files)

    public init() {}

    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        Report(try CalcTape(source: block.source, lineOffset: block.lineOffset).document(id: block.id))
    }
}
