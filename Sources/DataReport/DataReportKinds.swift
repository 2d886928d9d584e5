import ArgumentParser
import ReportCommand
import ReportKit

/// `Sources/DataReport/Files`: the strings and stylesheet the three data kinds share.
enum DataFiles {
    static let files = BuiltInFiles(EmbeddedFiles.files)
}

/// The `table` report block: rows of the user's own data file (CSV, JSON or YAML) as a sortable
/// table — columns chosen, renamed, ordered and formatted, rows sorted, filtered, grouped with
/// totals and highlighted by a rule — with the rows as `table-N.csv` and `table-N.json`.
public struct TableReportKind: CommandKind {
    public let name = "table"

    public var builtIn: BuiltInFiles { DataFiles.files }

    public var command: any ParsableCommand.Type { TableCommand.self }

    public init() {}

    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let table = try TableBlock.parse(block, contentDirectory: context.contentDirectory)
        return Report(try table.document(id: block.id), inputs: .files([table.source.input]))
    }
}

/// The `chart` report block: a line, step, bar (grouped or stacked) or scatter chart of a data
/// file's columns, with its values in a table and as `chart-N.csv` and `chart-N.json`.
public struct ChartReportKind: CommandKind {
    public let name = "chart"

    public var builtIn: BuiltInFiles { DataFiles.files }

    public var command: any ParsableCommand.Type { ChartCommand.self }

    public init() {}

    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let chart = try ChartBlock.parse(block, contentDirectory: context.contentDirectory)
        return Report(try chart.document(id: block.id), inputs: .files([chart.source.input]))
    }
}

/// The `figure` report block: one headline number from a data file — sum, mean, count, min, max
/// or last of a column, with its change against the previous value or period — shown on the
/// page and on the home dashboard's card.
public struct FigureReportKind: CommandKind {
    public let name = "figure"

    public var builtIn: BuiltInFiles { DataFiles.files }

    public var command: any ParsableCommand.Type { FigureCommand.self }

    public init() {}

    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let figure = try FigureBlock.parse(block, contentDirectory: context.contentDirectory)
        return Report(try figure.document(id: block.id), inputs: .files([figure.source.input]))
    }
}
