/// The values a block read from a data file: the columns it uses, in the order asked for, each
/// with its type, its values as written and as numbers, and where each value stands in the file.
///
/// Columns are stored whole and apart (not as rows), and only the ones a block uses, so a
/// million-row file costs a few arrays, not a million row objects.
public struct DataTable: Sendable {
    /// The file as messages name it, e.g. `Content/shop/sales.csv`.
    public var file: String
    public var columns: [DataColumn]
    /// The number of records (rows after the header; objects in a JSON or YAML list).
    public var rowCount: Int

    public init(file: String, columns: [DataColumn], rowCount: Int) {
        self.file = file
        self.columns = columns
        self.rowCount = rowCount
    }

    /// The column named `name`, if the table has it.
    public subscript(name: String) -> DataColumn? {
        columns.first { $0.name == name }
    }
}

/// One column of a ``DataTable``.
public struct DataColumn: Sendable {
    /// The name in the file's header (or the key in its objects).
    public var name: String
    public var type: ColumnType
    /// Every value as written, one per row; an empty text is a missing value.
    public var texts: [String]
    /// Every value as a number (days since 1970-01-01 for dates), NaN where missing; empty for
    /// a text column.
    public var numbers: [Double]
    /// Where each value stands: its line, and its column (a CSV field's position in its row,
    /// a character position in JSON and YAML).
    var lines: [Int32]
    var positions: [Int32]

    init(name: String, type: ColumnType, texts: [String], numbers: [Double], lines: [Int32], positions: [Int32]) {
        self.name = name
        self.type = type
        self.texts = texts
        self.numbers = numbers
        self.lines = lines
        self.positions = positions
    }

    /// The line and column of row `row`'s value in the file.
    public func place(of row: Int) -> (line: Int, column: Int) {
        (Int(lines[row]), Int(positions[row]))
    }

    /// Whether row `row` has no value.
    public func isMissing(_ row: Int) -> Bool {
        texts[row].isEmpty
    }
}
