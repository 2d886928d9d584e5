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

/// Where ``CommandReport/write(_:to:)`` sends its bytes, one piece at a time: e.g. standard
/// output. A piece is valid only during the call.
public typealias ByteSink = (UnsafeRawBufferPointer) throws -> Void

/// A report kind's answer on the command line, in every ``OutputFormat``: the report to read
/// (rendered by ``ReportRenderer``) and its data, each made only when its format is asked for
/// (printing a million customers' CSV builds no document). Each kind's entry point returns one
/// (`BankScenarioRunner.report`, `JuiceScenarioRunner.report`, `MarketConsole.report`,
/// `CalcTape.report`), and the CLI prints it with ``write(_:to:)``.
public struct CommandReport: Sendable {
    private let document: @Sendable () throws -> ReportDocument
    private let text: String?
    private let json: @Sendable () throws -> String
    private let writeCSV: @Sendable (ByteSink) throws -> Void

    /// - Parameters:
    ///   - document: the report to read, without downloads; made for text (unless `text` is
    ///     given) and Markdown.
    ///   - text: the console text when it is not the document's (the calculator prints the result alone).
    ///   - json, csv: the data.
    public init(
        document: @escaping @Sendable () throws -> ReportDocument, text: String? = nil,
        json: @escaping @Sendable () throws -> String, csv: @escaping @Sendable () throws -> String
    ) {
        self.init(document: document, text: text, json: json, writeCSV: { sink in
            var csv = try csv()
            try csv.withUTF8 { try sink(UnsafeRawBufferPointer($0)) }
        })
    }

    /// A report whose CSV can be large (a bank day of a million customers is 72 MB): `writeCSV`
    /// hands it to its sink in pieces, so it is never held whole.
    public init(
        document: @escaping @Sendable () throws -> ReportDocument, text: String? = nil,
        json: @escaping @Sendable () throws -> String, writeCSV: @escaping @Sendable (ByteSink) throws -> Void
    ) {
        self.document = document
        self.text = text
        self.json = json
        self.writeCSV = writeCSV
    }

    /// The report or its data in `format`.
    public func output(_ format: OutputFormat) throws -> String {
        switch format {
        case .text: try text ?? ReportRenderer().text(document())
        case .markdown: try ReportRenderer().markdown(Self.standalone(document()))
        case .json: try json()
        case .csv: try csvText()
        }
    }

    /// Writes ``output(_:)`` to `sink`, ending in a newline, for printing; CSV goes in the pieces
    /// the kind writes, with no `String` in between.
    public func write(_ format: OutputFormat, to sink: ByteSink) throws {
        let newline = UInt8(ascii: "\n")
        var last: UInt8?
        if format == .csv {
            try writeCSV { piece in
                guard let end = piece.last else { return }
                try sink(piece)
                last = end
            }
        } else {
            var output = try output(format)
            last = output.utf8.last
            try output.withUTF8 { try sink(UnsafeRawBufferPointer($0)) }
        }
        if last != newline {
            try withUnsafeBytes(of: newline) { try sink($0) }
        }
    }

    private func csvText() throws -> String {
        var bytes: [UInt8] = []
        try writeCSV { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
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
