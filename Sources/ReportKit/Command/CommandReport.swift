import Basics

/// What `sitegen bank|juice|market|calc --format` prints.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// The report as console text.
    case text
    /// The report as Markdown, as a page's `.md` twin says it.
    case markdown
    /// The data as JSON, as the page's download.
    case json
    /// The data as CSV, as the page's download.
    case csv
}

/// A report kind's answer on the command line, in every ``OutputFormat``: the report to read
/// (rendered by ``ReportRenderer``) and its data. Each kind's entry point returns one
/// (`BankScenarioRunner.report`, `JuiceScenarioRunner.report`, `MarketConsole.report`,
/// `CalcTape.report`), and the CLI prints ``output(_:)``.
public struct CommandReport: Sendable {
    /// The report to read, without downloads.
    public var document: ReportDocument
    private let text: String?
    private let json: @Sendable () throws -> String
    private let csv: @Sendable () throws -> String
    private let csvBytes: (@Sendable () throws -> [UInt8])?

    /// - Parameters:
    ///   - text: the console text when it is not the document's (the calculator prints the result alone).
    ///   - json, csv: the data, made only when asked for.
    ///   - csvBytes: the same CSV written straight to UTF-8 bytes, for a kind whose CSV can be
    ///     large (a bank day of a million customers is 72 MB); ``bytes(_:)`` prefers it.
    public init(
        _ document: ReportDocument, text: String? = nil,
        json: @escaping @Sendable () throws -> String, csv: @escaping @Sendable () throws -> String,
        csvBytes: (@Sendable () throws -> [UInt8])? = nil
    ) {
        self.document = document
        self.text = text
        self.json = json
        self.csv = csv
        self.csvBytes = csvBytes
    }

    /// The report or its data in `format`.
    public func output(_ format: OutputFormat) throws -> String {
        switch format {
        case .text: text ?? ReportRenderer().text(document)
        case .markdown: ReportRenderer().markdown(Self.standalone(document))
        case .json: try json()
        case .csv: try csv()
        }
    }

    /// ``output(_:)`` as UTF-8 bytes ending in a newline, for printing; CSV comes from `csvBytes`
    /// when the kind gave it, with no `String` in between.
    public func bytes(_ format: OutputFormat) throws -> [UInt8] {
        var bytes = if format == .csv, let csvBytes { try csvBytes() } else { Array(try output(format).utf8) }
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        return bytes
    }

    /// The document as it reads without its files beside it: charts become their captions and
    /// download links go.
    static func standalone(_ document: ReportDocument) -> ReportDocument {
        var document = document
        document.body = standalone(document.body)
        return document
    }

    private static func standalone(_ nodes: [ReportNode]) -> [ReportNode] {
        nodes.compactMap { node in
            switch node {
            case .chart(let chart): .paragraph(Paragraph(chart.caption))
            case .downloads: nil
            case .collapsible(let collapsible):
                .collapsible(Collapsible(summary: collapsible.summary, className: collapsible.className, body: standalone(collapsible.body)))
            default: node
            }
        }
    }
}
