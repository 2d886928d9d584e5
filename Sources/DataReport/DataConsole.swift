import Basics
import Foundation
import ReportKit

/// `sitegen table|chart|figure`: a data block run on the command line, its report and data in
/// every ``OutputFormat``.
public enum DataConsole {
    /// The kinds this answers for.
    public static let kinds = ["table", "chart", "figure"]

    /// Runs block `yaml` of `kind` as a page in `folder` would: `source:` is relative to it.
    /// `--format csv` and `json` give the block's downloads (a figure's value and change).
    /// - Throws: ``Diagnostic``s located in the block (`line N`) and the data file.
    public static func report(kind: String, yaml: String, folder: URL) throws -> CommandReport {
        let block = ReportBlock(kind: kind, source: yaml, pagePath: "block.yml", line: 0, index: 0)
        let document: ReportDocument
        switch kind {
        case "table": document = try TableBlock.parse(block, contentDirectory: folder).document(id: block.id)
        case "chart": document = try ChartBlock.parse(block, contentDirectory: folder).document(id: block.id)
        case "figure":
            let (figure, result) = try FigureBlock.parse(block, contentDirectory: folder).worked(id: block.id)
            document = figure
            let json = try JSONText.encode(FigureJSON(result, headline: document.headlines.first ?? ""))
            let csv = CSVText.document(header: ["value", "previous"], rows: [[
                .number(result.value.map(CSVText.number) ?? ""), .number(result.previous.map(CSVText.number) ?? ""),
            ]])
            return CommandReport(document: { document }, json: { json }, csv: { csv })
        default:
            throw Diagnostic("no data kind named \(kind); expected one of \(kinds.joined(separator: ", "))")
        }
        let files = document.files
        // The downloads as printed: without the byte-order mark a CSV file starts with.
        let json = download(files, ".json"), csv = download(files, ".csv")
        return CommandReport(document: { document }, json: { json }, csv: { csv })
    }

    /// A download as printed: without the byte-order mark a CSV file starts with.
    private static func download(_ files: [ReportFile], _ suffix: String) -> String {
        var text = files.first { $0.name.hasSuffix(suffix) }.map { String(decoding: $0.contents, as: UTF8.self) } ?? ""
        if text.hasPrefix(CSVText.byteOrderMark) { text.removeFirst() }
        return text
    }
}

/// A figure's data: `{"headline", "value", "previous"}`.
private struct FigureJSON: Encodable {
    let headline: String
    @Nullable var value: Double?
    @Nullable var previous: Double?

    init(_ result: FigureBlock.Result, headline: String) {
        self.headline = headline
        value = result.value
        previous = result.previous
    }
}
