import Basics

/// How much of a data file one block reads. Past a limit the reading stops with an error naming
/// the file, the line and the limit, before the block sorts, groups, draws or renders anything:
/// a block's work is bounded whatever file it names.
public struct DataLimits: Sendable {
    /// The most bytes of a CSV file (read as it streams), checked before reading.
    public var csvBytes: Int
    /// The most bytes of a JSON or YAML file (read whole), checked before reading.
    public var treeBytes: Int
    /// The most rows.
    public var rows: Int
    /// The most values kept: rows × the columns the block uses.
    public var values: Int

    public init(csvBytes: Int, treeBytes: Int, rows: Int, values: Int) {
        self.csvBytes = csvBytes
        self.treeBytes = treeBytes
        self.rows = rows
        self.values = values
    }

    /// 128 MB of CSV, 64 MB of JSON or YAML, 1,000,000 rows, 10,000,000 values. A million-row
    /// CSV of 45 MB takes about 6 s of CPU as a figure and 28 s as a table of its six columns
    /// (`Scripts/bench-data`, release build).
    public static let standard = DataLimits(csvBytes: 128 << 20, treeBytes: 64 << 20, rows: 1_000_000, values: 10_000_000)

    private static let advice = "Filter or sum the data before, or split it into files"

    /// Throws when a file of `size` bytes is larger than its format may be.
    func checkSize(_ size: Int, csv: Bool, problems: DataProblems) throws {
        let limit = csv ? csvBytes : treeBytes
        guard size > limit else { return }
        let what = csv ? "CSV" : "JSON or YAML"
        let read = "is \(FileInput.roughSize(size)), more than the \(FileInput.size(limit)) of \(what) a data block reads"
        throw problems.fatal(csv
            ? read + "; refused before reading. \(Self.advice)"
            : read + " (they are read whole; CSV is read as it streams); refused before reading")
    }

    /// Throws when row number `row` (1-based, on `line` of the file) would pass the rows or the
    /// values limit, with `kept` columns kept.
    func checkRow(_ row: Int, kept: Int, line: Int?, problems: DataProblems) throws {
        if row > rows {
            throw problems.fatal(line: line, "holds more than \(NumberText.grouped(rows)) rows, the most a data block reads (this row is the first past them); stopped reading. \(Self.advice)")
        }
        if row * kept > values {
            throw problems.fatal(line: line, "holds more than \(NumberText.grouped(values)) values in the \(kept) columns the block uses (rows × columns), the most a data block keeps; stopped reading. Use fewer columns, \(Self.advice.prefix(1).lowercased() + Self.advice.dropFirst())")
        }
    }
}
