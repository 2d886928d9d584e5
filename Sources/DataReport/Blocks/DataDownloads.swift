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
    ///
    /// Encoded a thousand rows at a time, so the encoder's tree of values never holds more: a
    /// million rows as one tree took most of a gigabyte. A batch's text is its lines of the whole
    /// array's, which has the same indentation.
    func json() throws -> String {
        guard !rows.isEmpty else { return try JSONText.encode([KeyedValues<JSONCell>]()) }
        var out = "[\n"
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(start + Self.batch, rows.endIndex)
            let text = try JSONText.encode(rows[start..<end].map { row in
                KeyedValues(columns.map { column -> (key: String, value: JSONCell) in
                    if column.isMissing(row) { return (column.name, .null) }
                    if column.type == .integer || column.type == .decimal { return (column.name, .number(column.numbers[row])) }
                    return (column.name, .text(column.texts[row]))
                })
            })
            // "[\n" + lines + "\n]\n": the lines alone.
            out += text.dropFirst(2).dropLast(3)
            out += end == rows.endIndex ? "\n]\n" : ",\n"
            start = end
        }
        return out
    }

    /// Rows encoded at a time by ``json()``.
    static let batch = 1_000
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
