import ReportKit

/// The tape as HTML, Markdown, CSV and JSON.
extension CalcTape {
    /// `4 expressions`.
    var countText: String {
        entries.count == 1 ? "1 expression" : "\(entries.count) expressions"
    }

    private var hasNaN: Bool { entries.contains { $0.value.isNaN } }

    private static let title = "Calculator tape"
    private static let orderNote = "each worked strictly left to right, with no operator precedence"
    private static let nanNote = "NaN marks a result that is not a number, such as a division by zero."

    /// `<section class="report report-calc">` holding the tape as a table.
    func html(id: String) -> String {
        let rows: [[HTML.Cell]] = entries.enumerated().map { offset, entry in
            [
                .header(String(offset + 1), classes: "num"),
                .text(entry.expression, classes: "expr"),
                .number(entry.result, classes: entry.value.isNaN ? "result nan" : "result"),
            ]
        }
        var out = "<section class=\"report report-calc\" id=\"\(HTML.escape(id))\">\n"
        out += "<h2>\(Self.title)</h2>\n"
        out += HTML.table(
            caption: "\(countText), \(Self.orderNote)",
            headers: ["No.", "Expression", "Result"],
            rows: rows,
            className: "calc-tape")
        if hasNaN { out += "<p class=\"note\">\(HTML.escape(Self.nanNote))</p>\n" }
        out += HTML.downloads([("CSV", Self.csvName(id)), ("JSON", Self.jsonName(id))])
        return out + "</section>\n"
    }

    /// A `###` heading, the tape as a table, a sentence on the order of evaluation, download links.
    func markdown(id: String) -> String {
        let rows = entries.enumerated().map { offset, entry in [String(offset + 1), entry.expression, entry.result] }
        var out = "### \(Self.title)\n\n"
        out += MarkdownText.table(headers: ["No.", "Expression", "Result"], rows: rows, alignRight: [0, 2])
        out += "\n\(countText.prefix(1).uppercased() + countText.dropFirst()), \(Self.orderNote).\n"
        if hasNaN { out += "\n\(Self.nanNote)\n" }
        out += "\nDownload: [CSV](\(Self.csvName(id))) · [JSON](\(Self.jsonName(id)))\n"
        return out
    }

    /// `expression,result`, one row per line of the tape.
    var csv: String {
        CSVText.document(header: ["expression", "result"], rows: entries.map { [.text($0.expression), .number($0.result)] })
    }

    /// `{"lines": [{"line", "expression", "result"}]}`, `line` being the line in the page's file.
    func json() throws -> String {
        try JSONText.encode(TapeJSON(lines: entries.map { .init(line: $0.line, expression: $0.expression, result: $0.result) }))
    }

    static func csvName(_ id: String) -> String { "\(id).csv" }
    static func jsonName(_ id: String) -> String { "\(id).json" }
}

private struct TapeJSON: Encodable {
    struct Line: Encodable {
        let line: Int
        let expression: String
        let result: String
    }

    let lines: [Line]
}
