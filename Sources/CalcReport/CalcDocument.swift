import Basics
import ReportKit

/// Every word the calculator report prints, keyed by stable names (their text is in the `calc` section of the string tables); `{1}` marks a value.
enum CalcLabel: String, ReportLabelSet {
    case title, numberColumn, expressionColumn, resultColumn, nanNote, expression, expressions, expressionsLabel, lastLabel, csv, json

    static let section = "calc"
    static var builtIn: StringTables { CalcReportKind.files.strings }
}

/// The tape as a report document, and its data as CSV and JSON.
extension CalcTape {
    /// `4 expressions`.
    var countText: String {
        (entries.count == 1 ? CalcLabel.expression : .expressions).text(String(entries.count))
    }

    /// The dashboard card: the last expression's result (red when it is not a number), then how
    /// many expressions the tape has.
    var card: ReportCard {
        var figures: [ReportCard.Figure] = []
        if let last = entries.last {
            figures.append(ReportCard.Figure(key: "last", label: CalcLabel.lastLabel.text(last.expression), value: last.result, isWarning: last.value.isNaN))
        }
        figures.append(ReportCard.Figure(key: "expressions", label: CalcLabel.expressionsLabel.text, value: NumberText.grouped(entries.count)))
        return ReportCard(figures: figures)
    }

    /// The tape of block `id`: a table, a note when a result is NaN, the downloads.
    func document(id: String) throws -> ReportDocument {
        var body: [ReportNode] = [
            .table(Table(
                caption: countText,
                columns: [.init(CalcLabel.numberColumn.text, .number), .init(CalcLabel.expressionColumn.text), .init(CalcLabel.resultColumn.text, .number)],
                rows: entries.enumerated().map { offset, entry in
                    [
                        Table.Cell(String(offset + 1)),
                        Table.Cell(entry.expression, classes: ["expr"]),
                        Table.Cell(entry.result, classes: entry.value.isNaN ? ["result", "nan"] : ["result"]),
                    ]
                },
                className: "calc-tape")),
        ]
        if entries.contains(where: { $0.value.isNaN }) {
            body.append(.paragraph(Paragraph(CalcLabel.nanNote.text, className: "note")))
        }
        body.append(.downloads([Download(CalcLabel.csv.text, file: "\(id).csv"), Download(CalcLabel.json.text, file: "\(id).json")]))
        return ReportDocument(
            kind: "calc", id: id, title: CalcLabel.title.text, body: body, headlines: [countText], card: card,
            files: [ReportFile(name: "\(id).csv", text: try csv()), ReportFile(name: "\(id).json", text: try json())]
        )
    }

    /// `expression,result,value`: the result as the tape shows it, and as a number (empty for NaN).
    func csv() throws -> String {
        try CSVText.encode(lines, columns: ["expression", "result", "value"])
    }

    /// `{"lines": [{"line", "expression", "result", "value"}]}`: `line` is the line in the page's
    /// file, `result` the text the tape shows, `value` the number (`null` when not a number).
    func json() throws -> String {
        try JSONText.encode(TapeJSON(lines: lines))
    }

    private var lines: [TapeJSON.Line] {
        entries.map { .init(line: $0.line, expression: $0.expression, result: $0.result, value: $0.value.isFinite ? $0.value : nil) }
    }
}

private struct TapeJSON: Encodable {
    struct Line: Encodable {
        let line: Int
        let expression: String
        let result: String
        @Nullable var value: Double?
    }

    let lines: [Line]
}
