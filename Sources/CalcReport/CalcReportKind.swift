import ReportKit

/// The `calc` report block: each non-empty line is an expression, and the report is the tape of
/// `expression = result`, worked strictly left to right.
///
/// Gives the tape as HTML and Markdown, `calc-N.csv` (`expression,result`) and `calc-N.json`
/// (`{"lines": [{"line", "expression", "result"}]}`), and the headline `4 expressions`.
public struct CalcReportKind: ReportKind {
    public let name = "calc"

    public init() {}

    public func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let tape = try CalcTape(source: block.source, lineOffset: block.lineOffset)
        return Report(
            html: tape.html(id: block.id),
            markdown: tape.markdown(id: block.id),
            files: [
                ReportFile(name: CalcTape.csvName(block.id), text: tape.csv),
                ReportFile(name: CalcTape.jsonName(block.id), text: try tape.json()),
            ],
            headlines: [tape.countText])
    }
}
