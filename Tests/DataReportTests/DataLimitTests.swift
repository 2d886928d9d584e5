import Basics
import DataReport
import Foundation
import ReportKit
import Testing

/// Issue 31: a data block's input is bounded while it is read — bytes, rows, and values kept —
/// so a block never sorts, groups, draws or renders more than the limits allow, and a special
/// file is refused instead of waited on.
@Suite struct DataLimitTests {
    /// Small limits, so a test needs no million-row file.
    private static let small = DataLimits(csvBytes: 4_096, treeBytes: 4_096, rows: 10, values: 15)

    private func problems(_ url: URL, _ format: DataFormat, _ request: DataRequest = DataRequest(everyColumn: true), limits: DataLimits = small) -> [String] {
        do {
            _ = try DataReader.read(url, shown: "Content/" + url.lastPathComponent, format: format, request: request, limits: limits)
            return []
        } catch {
            return Diagnostics.from(error).map(\.description)
        }
    }

    private func csv(rows: Int) -> String {
        "n,label\n" + (1...rows).map { "\($0),row \($0)\n" }.joined()
    }

    @Test func aCSVStopsAtTheFirstRowPastTheLimit() throws {
        let folder = try DataFolder()
        let url = try folder.write("big.csv", csv(rows: 12))
        // The header is line 1: the 11th row is on line 12.
        #expect(problems(url, .csv(separator: nil), DataRequest(uses: [.init("n")])) == [
            "Content/big.csv:12: holds more than 10 rows, the most a data block reads (this row is the first past them); stopped reading. Filter or sum the data before, or split it into files",
        ])
        #expect(problems(try folder.write("ten.csv", csv(rows: 10)), .csv(separator: nil), DataRequest(uses: [.init("n")])) == [])
    }

    @Test func valuesCountTheColumnsTheBlockUses() throws {
        let folder = try DataFolder()
        let url = try folder.write("wide.csv", csv(rows: 9))
        // Two columns kept: the 8th row would make 16 values (line 9).
        #expect(problems(url, .csv(separator: nil)) == [
            "Content/wide.csv:9: holds more than 15 values in the 2 columns the block uses (rows × columns), the most a data block keeps; stopped reading. Use fewer columns, filter or sum the data before, or split it into files",
        ])
        #expect(problems(url, .csv(separator: nil), DataRequest(uses: [.init("label")])) == [])
    }

    @Test func aLargeFileIsRefusedBeforeItIsRead() throws {
        let folder = try DataFolder()
        let url = try folder.write("large.csv", "n\n" + String(repeating: "1\n", count: 2_100))
        #expect(problems(url, .csv(separator: nil)) == [
            "Content/large.csv: is 4.2 KB, more than the 4 KB of CSV a data block reads; refused before reading. Filter or sum the data before, or split it into files",
        ])
        let json = try folder.write("large.json", "[" + Array(repeating: #"{"n": 1}"#, count: 500).joined(separator: ",") + "]")
        #expect(problems(json, .json) == [
            "Content/large.json: is 4.4 KB, more than the 4 KB of JSON or YAML a data block reads (they are read whole; CSV is read as it streams); refused before reading",
        ])
    }

    @Test func jsonAndYAMLStopAtTheFirstRecordPastTheLimit() throws {
        let folder = try DataFolder()
        let records = (1...11).map { "{\"n\": \($0)}" }.joined(separator: ",\n")
        #expect(problems(try folder.write("rows.json", "[\n" + records + "\n]"), .json) == [
            "Content/rows.json:12: holds more than 10 rows, the most a data block reads (this row is the first past them); stopped reading. Filter or sum the data before, or split it into files",
        ])
        let yaml = (1...11).map { "- n: \($0)\n" }.joined()
        #expect(problems(try folder.write("rows.yaml", yaml), .yaml) == [
            "Content/rows.yaml:11: holds more than 10 rows, the most a data block reads (this row is the first past them); stopped reading. Filter or sum the data before, or split it into files",
        ])
    }

    /// The standard limits, through a block as a page runs it: a CSV file past 128 MB (sparse,
    /// so the test writes nothing) is refused before a byte of it is read.
    @Test func theStandardByteLimitThroughATableBlock() async throws {
        let folder = try DataFolder()
        let url = try folder.write("huge.csv", "n\n1\n")
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(DataLimits.standard.csvBytes) + 1)
        try handle.close()
        let block = ReportBlock(kind: "table", source: "source: huge.csv\n", pagePath: "index.md", line: 3, index: 0)
        let context = ReportContext(contentDirectory: folder.url, cacheDirectory: folder.url)
        let failure = await #expect(throws: Diagnostic.self) { try await TableReportKind().run(block, context: context) }
        #expect(failure?.description == "\(folder.url.lastPathComponent)/huge.csv: is 128.1 MB, more than the 128 MB of CSV a data block reads; refused before reading. Filter or sum the data before, or split it into files")
    }

    /// A FIFO named as a data file made the build wait for a writer forever; it is refused.
    @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedNotWaitedOn() async throws {
        let folder = try DataFolder()
        for name in ["pipe.csv", "pipe.json"] {
            #expect(mkfifo(folder.url.appendingPathComponent(name).path, 0o644) == 0)
            let block = ReportBlock(kind: "table", source: "source: \(name)\n", pagePath: "index.md", line: 3, index: 0)
            let context = ReportContext(contentDirectory: folder.url, cacheDirectory: folder.url)
            let failure = await #expect(throws: Diagnostic.self) { try await TableReportKind().run(block, context: context) }
            #expect(failure?.description == "\(folder.url.lastPathComponent)/\(name): is a FIFO (named pipe), not a regular file; refused (remove it, or replace it with a file)")
        }
    }

    /// Property: for random CSV files (fields with quoted line breaks, empty lines) and random
    /// limits, the reading succeeds exactly when the rows and the values kept are within them,
    /// and otherwise stops at the line where the first row past a limit begins.
    @Test func randomFilesStopAtTheFirstRowPastALimit() throws {
        let folder = try DataFolder()
        var random = SplitMix(seed: 31)
        for round in 0..<300 {
            let rows = random.int(below: 25)
            let limits = DataLimits(csvBytes: 1 << 20, treeBytes: 1 << 20, rows: 1 + random.int(below: 20), values: 1 + random.int(below: 60))
            let kept = 1 + random.int(below: 3)
            var text = "a,b,c\n"
            var line = 2
            var rowLines: [Int] = []
            for row in 0..<rows {
                if random.int(below: 6) == 0 {
                    text += "\n"
                    line += 1
                }
                rowLines.append(line)
                let breaks = random.int(below: 5) == 0 ? 1 + random.int(below: 2) : 0
                let note = breaks > 0 ? "\"" + Array(repeating: "x", count: breaks + 1).joined(separator: "\n") + "\"" : "n\(row)"
                text += "\(row),\(note),\(row * 2)\n"
                line += 1 + breaks
            }
            let url = try folder.write("random-\(round).csv", text)
            let request = DataRequest(uses: ["a", "b", "c"].prefix(kept).map { DataRequest.Use($0) })
            let firstPast = (0..<rows).first { $0 + 1 > limits.rows || ($0 + 1) * kept > limits.values }
            let found = problems(url, .csv(separator: nil), request, limits: limits)
            if let firstPast {
                #expect(found.count == 1 && found[0].hasPrefix("Content/random-\(round).csv:\(rowLines[firstPast]): holds more than "), "\(text)")
            } else {
                #expect(found == [], "\(text)")
            }
        }
    }
}

/// A small seeded generator (SplitMix64), so a failing case comes back on every run.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func int(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

