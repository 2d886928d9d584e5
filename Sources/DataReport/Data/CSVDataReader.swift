import Basics
import CSV
import Foundation

/// Reads a CSV data file with yaslab's CSV.swift, one record at a time from a stream, keeping
/// only the columns a block uses: a file of any length is never held whole.
///
/// The header row names the columns. A UTF-8 byte-order mark is skipped; fields may be quoted,
/// with `""` for a quote and line breaks inside; lines end in `\n` or `\r\n`; empty lines are
/// skipped. The separator is the block's, or whichever of `,` `;` and tab the header line holds
/// most of outside quotes.
enum CSVDataReader {
    /// Reads the file at `url`.
    /// - Parameters:
    ///   - select: given the header, the indices of the columns to keep; throws for a column the
    ///     block names that the header lacks (before any row is read).
    ///   - problems: where the file's problems go (rows of the wrong width, a broken encoding).
    ///   - limits: the most bytes (checked before reading), rows and values (checked as each row
    ///     is read).
    static func read(
        _ url: URL, separator: Unicode.Scalar?, select: ([String]) throws -> [Int], problems: inout DataProblems, limits: DataLimits
    ) throws -> RawColumns {
        // A special file is refused, not waited on; the size is known before a row is read.
        let head = try FileInput.head(url.path, shownAs: problems.file, count: 65_536)
        try limits.checkSize(head.size, csv: true, problems: problems)
        let delimiter = separator ?? sniffSeparator(head.bytes)
        guard let stream = InputStream(url: url) else {
            throw problems.fatal("cannot be opened")
        }
        let reader: CSVReader
        do {
            reader = try CSVReader(stream: stream, hasHeaderRow: true, delimiter: delimiter)
        } catch CSVError.cannotReadHeaderRow {
            throw problems.fatal("is empty; a CSV data file starts with a header row naming its columns")
        } catch {
            throw problems.fatal("cannot be read (\(error))")
        }
        let header = reader.headerRow ?? []
        var line = 1 + header.reduce(0) { $0 + lineBreaks(in: $1) }
        checkHeader(header, problems: &problems)
        let kept = try select(header)
        var columns = RawColumns(header: header, kept: kept)
        let width = header.count
        var last: (line: Int, field: String?) = (0, nil)
        while let fields = reader.next() {
            let recordLine = line + 1
            last = (recordLine, fields.last)
            var breaks = 0
            for field in fields where field.utf8.contains(where: { $0 == 10 || $0 == 13 }) { breaks += lineBreaks(in: field) }
            line += 1 + breaks
            if fields.count == 1 && fields[0].isEmpty && width > 1 { continue }
            if fields.count != width {
                let unclosed = fields.count < width && (fields.last.map { lineBreaks(in: $0) > 0 } ?? false)
                problems.add(line: recordLine, column: min(fields.count, width) + (fields.count < width ? 0 : 1),
                             "this row has \(fields.count) fields, the header has \(width)"
                                 + (unclosed ? " (a quote opened in this row is never closed?)" : "")
                                 + (fields.count == 1 && width > 1 ? " (is the separator \(name(of: delimiter))?)" : ""))
                continue
            }
            try limits.checkRow(columns.rowCount + 1, kept: kept.count, line: recordLine, problems: problems)
            for (slot, index) in kept.enumerated() {
                var fieldLine = recordLine
                if breaks > 0 { fieldLine += fields[..<index].reduce(0) { $0 + lineBreaks(in: $1) } }
                columns.append(slot: slot, text: fields[index], line: fieldLine, column: index + 1)
            }
            columns.rowCount += 1
        }
        // CSV.swift ends a quoted field at the end of the file: one that runs to it through a
        // line break and ends in one was never closed.
        if let end = last.field?.utf8.last, end == 10 || end == 13 {
            problems.add(line: last.line, "a quote opened in this row is never closed, so the rest of the file became one value")
        }
        // CSV.swift also records the end of some streams as an error; only a decoding error counts.
        if case CSVError.unicodeDecoding? = reader.error {
            problems.add(line: line + 1, "is not UTF-8 text from about this line on; save the file as UTF-8")
        }
        // A read that failed part way is said, never taken for the end of the file.
        if stream.streamStatus == .error {
            problems.add(line: line + 1, "cannot be read to its end (\(stream.streamError?.localizedDescription ?? "a read error")); stopped about this line")
        }
        return columns
    }

    /// Empty and repeated column names.
    private static func checkHeader(_ header: [String], problems: inout DataProblems) {
        var seen: [String: Int] = [:]
        for (index, name) in header.enumerated() {
            if name.isEmpty {
                problems.add(line: 1, column: index + 1, "column \(index + 1) has no name in the header row")
            } else if let first = seen[name] {
                problems.add(line: 1, column: index + 1, "column \"\(name)\" appears twice in the header row (columns \(first) and \(index + 1))")
            } else {
                seen[name] = index + 1
            }
        }
    }

    /// Line breaks in a field: `\n`, and `\r` not followed by `\n`.
    static func lineBreaks(in text: String) -> Int {
        var count = 0
        var afterReturn = false
        for byte in text.utf8 {
            if byte == 10 || afterReturn { count += 1 }
            afterReturn = byte == 13
        }
        return count + (afterReturn ? 1 : 0)
    }

    /// The separator the header line uses most outside quotes, in the file's first `bytes`: `,`,
    /// `;` or tab (`,` when none).
    static func sniffSeparator(_ bytes: Data) -> Unicode.Scalar {
        let candidates: [Unicode.Scalar] = [",", ";", "\t"]
        var counts = [0, 0, 0]
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted && (byte == 10 || byte == 13) {
                break
            } else if !quoted, let slot = candidates.firstIndex(of: Unicode.Scalar(byte)) {
                counts[slot] += 1
            }
        }
        // The first of the most frequent: `,` on a tie or when there is none.
        var best = 0
        for slot in counts.indices where counts[slot] > counts[best] { best = slot }
        return candidates[best]
    }

    private static func name(of separator: Unicode.Scalar) -> String {
        separator == "\t" ? "a tab" : "\"\(separator)\""
    }
}

extension DataProblems {
    /// A problem that stops the reading (at `line` of the file, if given), with every problem
    /// found so far.
    func fatal(line: Int? = nil, _ message: String) -> Error {
        var copy = self
        // Written out even past the problems written out: it says why the reading stopped.
        copy.add(Diagnostic(file: file, line: line, message))
        do { try copy.check() } catch { return error }
        return copy.items[0]
    }
}
