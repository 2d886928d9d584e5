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

    /// - Parameters:
    ///   - text: the console text when it is not the document's (the calculator prints the result alone).
    ///   - json, csv: the data, made only when asked for.
    public init(
        _ document: ReportDocument, text: String? = nil,
        json: @escaping @Sendable () throws -> String, csv: @escaping @Sendable () throws -> String
    ) {
        self.document = document
        self.text = text
        self.json = json
        self.csv = csv
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
