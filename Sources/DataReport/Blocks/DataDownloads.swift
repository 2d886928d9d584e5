import ReportKit

/// The CSV and JSON a data block offers beside the page: the rows it shows, every column under
/// its name in the file, values as the file writes them (numbers stay numbers).
struct DataDownloads {
    /// The columns, in order: their names and the data columns they come from.
    var columns: [DataColumn]
    /// The rows, in order.
    var rows: [Int]

    /// RFC 4180 CSV: text cells through the spreadsheet-safe rule, numbers as written.
    func csv() -> String {
        var out = CSVText.line(columns.map(\.name))
        for row in rows {
            out += CSVText.line(columns.map { column in
                let text = column.texts[row]
                return column.type == .integer || column.type == .decimal ? .number(text) : .text(text)
            })
        }
        return out
    }

    /// An array of objects in column order: numbers as JSON numbers, missing values as null,
    /// dates and text as strings.
    func json() throws -> String {
        try JSONText.encode(rows.map { row in
            KeyedValues(columns.map { column -> (key: String, value: JSONCell) in
                if column.isMissing(row) { return (column.name, .null) }
                if column.type == .integer || column.type == .decimal { return (column.name, .number(column.numbers[row])) }
                return (column.name, .text(column.texts[row]))
            })
        })
    }
}

/// One value of a JSON download.
enum JSONCell: Encodable {
    case null
    case number(Double)
    case text(String)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .number(let value): try container.encode(value)
        case .text(let text): try container.encode(text)
        }
    }
}
