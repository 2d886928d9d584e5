import Basics
import Foundation
import Yams

/// Reads a JSON data file (an array of objects) or a YAML one (a list of mappings) through the
/// project's YAML reader, which gives every value's line and column and keeps the keys in the
/// order written; a JSON file is first checked against JSON's own grammar by Foundation.
///
/// The columns are the keys, in the order they first appear; a record without a key has no value
/// there. Values must be plain: text, numbers, booleans or null (a missing value).
enum TreeDataReader {
    /// Reads the file at `url`; see ``CSVDataReader/read(_:separator:select:problems:limits:)``.
    static func read(
        _ url: URL, json: Bool, select: ([String]) throws -> [Int], problems: inout DataProblems, limits: DataLimits
    ) throws -> RawColumns {
        let what = json ? "an array of objects" : "a list of mappings"
        // Whole or an error: a FIFO is refused, not waited on; the size is checked before
        // reading; a read cut short is said.
        let size = try FileInput.head(url.path, shownAs: problems.file, count: 0).size
        try limits.checkSize(size, csv: false, problems: problems)
        // An empty file is answered before reading: Foundation's reader leaks a buffer on one.
        guard size > 0 else { throw problems.fatal("is empty; it must hold \(what), one per row") }
        let data = try FileInput.read(url.path, shownAs: problems.file, limit: limits.treeBytes)
        guard let text = String(data: data, encoding: .utf8) else { throw problems.fatal("is not UTF-8 text; save it as UTF-8") }
        if json { try checkJSON(data, text: text, problems: problems) }
        let root: ScenarioNode
        do {
            root = try ScenarioNode.parse(text)
        } catch {
            let located = Diagnostics.from(error).map { diagnostic in
                var copy = diagnostic
                copy.file = problems.file
                return copy
            }
            throw Diagnostics(located)
        }
        guard case .sequence(let records) = root.node else {
            throw Diagnostic(file: problems.file, line: root.node.mark?.line, column: root.node.mark?.column,
                             "must hold \(what), one per row; found \(root.shownValue)")
        }
        if records.count > limits.rows {
            try limits.checkRow(records.count, kept: 0, line: records[limits.rows].mark?.line, problems: problems)
        }
        // The header: every key, in the order first written.
        var header: [String] = []
        var known: [String: Int] = [:]
        var rows: [[Int: Node]] = []
        var rowPlaces: [Mark?] = []
        for record in records {
            guard case .mapping(let mapping) = record else {
                problems.add(line: record.mark?.line, column: record.mark?.column, "each item must be \(json ? "an object" : "a mapping") of column names and values")
                continue
            }
            var row: [Int: Node] = [:]
            for (key, value) in mapping {
                guard case .scalar(let name) = key else {
                    problems.add(line: key.mark?.line, column: key.mark?.column, "a column name must be text")
                    continue
                }
                let index: Int
                if let found = known[name.string] {
                    index = found
                } else {
                    index = header.count
                    known[name.string] = index
                    header.append(name.string)
                }
                row[index] = value
            }
            rows.append(row)
            rowPlaces.append(record.mark)
        }
        let kept = try select(header)
        if !kept.isEmpty, rows.count * kept.count > limits.values {
            let first = limits.values / kept.count
            try limits.checkRow(first + 1, kept: kept.count, line: rowPlaces[first]?.line, problems: problems)
        }
        var columns = RawColumns(header: header, kept: kept)
        for (row, place) in zip(rows, rowPlaces) {
            for (slot, index) in kept.enumerated() {
                guard let value = row[index] else {
                    columns.append(slot: slot, text: "", line: place?.line ?? 0, column: place?.column ?? 0)
                    continue
                }
                let line = value.mark?.line ?? 0, column = value.mark?.column ?? 0
                guard case .scalar(let scalar) = value else {
                    problems.add(line: line, column: column, "\(header[index]): a value must be text, a number or null, not \(value.isMapping ? (json ? "an object" : "a mapping") : (json ? "an array" : "a list"))")
                    columns.append(slot: slot, text: "", line: line, column: column)
                    continue
                }
                let isNull = scalar.style == .plain && ScenarioNode.isNull(plain: scalar.string)
                columns.append(slot: slot, text: isNull ? "" : scalar.string, line: line, column: column)
            }
            columns.rowCount += 1
        }
        return columns
    }

    /// Foundation's verdict on JSON syntax, located by line and column.
    private static func checkJSON(_ data: Data, text: String, problems: DataProblems) throws {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            var message = detail
            var place: (line: Int, column: Int)?
            if let range = detail.range(of: " around character ") {
                message = String(detail[..<range.lowerBound])
                let digits = detail[range.upperBound...].prefix(while: \.isNumber)
                if let offset = Int(digits) { place = position(ofByte: offset, in: text) }
            }
            if message.hasSuffix(".") { message.removeLast() }
            throw Diagnostic(file: problems.file, line: place?.line, column: place?.column,
                             "is not valid JSON: \(message.prefix(1).lowercased() + message.dropFirst())")
        }
    }

    /// The 1-based line and column (in characters) of byte `offset` of `text`.
    static func position(ofByte offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1, index = 0
        for scalar in text.unicodeScalars {
            if index >= offset { break }
            index += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}

extension Node {
    fileprivate var isMapping: Bool {
        if case .mapping = self { return true }
        return false
    }
}
