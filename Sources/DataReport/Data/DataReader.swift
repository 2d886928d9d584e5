import Basics
import Foundation

/// Reads a block's data file: the columns the block uses, typed, with every problem of the file
/// reported at once, each at its file, line and column.
public enum DataReader {
    /// Reads `url` in `format`.
    /// - Parameters:
    ///   - shown: the file as messages name it, e.g. `Content/shop/sales.csv`.
    ///   - request: the columns to read and their types.
    ///   - limits: how much of the file a block reads; past them the reading stops.
    /// - Throws: ``Diagnostics``: the file's problems (at the file's lines), and columns the block
    ///   names that the file lacks (at the page's lines, without a file).
    public static func read(_ url: URL, shown: String, format: DataFormat, request: DataRequest, limits: DataLimits = .standard) throws -> DataTable {
        var problems = DataProblems(file: shown)
        let select = { (header: [String]) throws -> [Int] in try Self.select(request, header: header, shown: shown) }
        let raw: RawColumns = switch format {
        case .csv(let separator): try CSVDataReader.read(url, separator: separator, select: select, problems: &problems, limits: limits)
        case .json: try TreeDataReader.read(url, json: true, select: select, problems: &problems, limits: limits)
        case .yaml: try TreeDataReader.read(url, json: false, select: select, problems: &problems, limits: limits)
        }
        var columns: [DataColumn] = []
        for (slot, index) in raw.kept.enumerated() {
            let name = raw.header[index]
            let texts = raw.texts[slot]
            let purpose = request.uses.first { $0.name == name && $0.numbersFor != nil }?.numbersFor
            let declared = request.types[name]
            var type = declared?.type ?? ColumnType.inferred(from: texts)
            // A column the block needs numbers from but that reads as text: the values that are
            // not numbers (or not dates, when most are dates) are the problems.
            var expected = declared.map { (type: $0.type, why: "types sets \(name): \($0.type.rawValue)") }
            if expected == nil, let purpose, type == .text {
                type = Self.likelyNumericType(texts)
                expected = (type, "\(purpose) needs \(type == .date ? "dates" : "numbers")")
            }
            if let expected, expected.type != .text {
                let bad = texts.indices.filter { !texts[$0].isEmpty && expected.type.number(texts[$0]) == nil }
                let present = texts.lazy.filter { !$0.isEmpty }.count
                if !bad.isEmpty && declared == nil && bad.count * 2 > present {
                    let use = request.uses.first { $0.name == name && $0.numbersFor != nil }
                    problems.add(Diagnostic(line: use?.line, "column \"\(name)\" of \(shown) holds text (\"\(texts[bad[0]])\" on line \(raw.lines[slot][bad[0]])), but \(expected.why)"))
                    continue
                }
                for row in bad {
                    problems.add(line: Int(raw.lines[slot][row]), column: Int(raw.positions[slot][row]),
                                 "\(name): \"\(texts[row])\" is not \(Self.article(expected.type)) (\(expected.why))")
                }
            }
            let numbers = type.isNumeric ? texts.map { $0.isEmpty ? .nan : type.number($0) ?? .nan } : []
            columns.append(DataColumn(name: name, type: type, texts: texts, numbers: numbers, lines: raw.lines[slot], positions: raw.positions[slot]))
        }
        try problems.check()
        return DataTable(file: shown, columns: columns, rowCount: raw.rowCount)
    }

    /// The indices of the columns `request` reads; throws for every name it uses that `header`
    /// lacks, at the page line that names it.
    private static func select(_ request: DataRequest, header: [String], shown: String) throws -> [Int] {
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() where index[name] == nil { index[name] = position }
        var problems = DiagnosticCollector()
        var reported = Set<String>()
        let named = request.uses.map { ($0.name, $0.line) } + request.types.sorted { $0.key < $1.key }.map { ($0.key, $0.value.line) }
        for (name, line) in named where index[name] == nil && reported.insert(name).inserted {
            let columns = header.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ") + (header.count > 12 ? ", …" : "")
            problems.add(Diagnostic(line: line, "\(shown) has no column \"\(name)\"\(ScenarioNode.suggestion(for: name, in: header)); its columns are \(columns)"))
        }
        try problems.check()
        return request.names(header: header).compactMap { index[$0] }
    }

    /// Dates when more values read as dates than as numbers, else integers when every number is
    /// whole, else decimals.
    private static func likelyNumericType(_ texts: [String]) -> ColumnType {
        var dates = 0, numbers = 0, fractions = 0
        for text in texts where !text.isEmpty {
            if ValueText.day(text) != nil { dates += 1 }
            if ValueText.integer(text) != nil { numbers += 1 } else if ValueText.decimal(text) != nil { numbers += 1; fractions += 1 }
        }
        return dates > numbers ? .date : fractions > 0 ? .decimal : .integer
    }

    private static func article(_ type: ColumnType) -> String {
        switch type {
        case .integer: "a whole number"
        case .decimal: "a number"
        case .date: "a date (YYYY-MM-DD)"
        case .text: "text"
        }
    }
}
