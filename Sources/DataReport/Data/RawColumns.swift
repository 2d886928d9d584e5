/// The columns a reader keeps while it goes through a file, before they are typed: texts and
/// places only.
struct RawColumns {
    /// Every column name of the file, in order.
    var header: [String]
    /// For each kept column, its index in ``header``.
    var kept: [Int]
    var texts: [[String]]
    var lines: [[Int32]]
    var positions: [[Int32]]
    var rowCount = 0

    init(header: [String], kept: [Int]) {
        self.header = header
        self.kept = kept
        texts = Array(repeating: [], count: kept.count)
        lines = Array(repeating: [], count: kept.count)
        positions = Array(repeating: [], count: kept.count)
    }

    /// Adds a value of kept column `slot`.
    mutating func append(slot: Int, text: String, line: Int, column: Int) {
        texts[slot].append(text)
        lines[slot].append(Int32(clamping: line))
        positions[slot].append(Int32(clamping: column))
    }
}
