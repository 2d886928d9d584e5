import Basics
import BankSimulation
import Foundation
import ReportKit

/// `--shard K/N`: the K-th of N shares of a sweep's or a grid's cells. Cell i (counted from 0
/// in the order of ``BankSweepPlan/cells(_:)``: a grid row by row) belongs to shard
/// `i mod N + 1`, so shard 3/8 runs cells 2, 10, 18, … and every shard gets about as many.
public struct BankShard: Sendable, Equatable {
    /// The most shares a sweep may be cut into.
    public static let maxCount = 10_000

    /// Which share, 1…``count``.
    public let index: Int
    /// How many shares.
    public let count: Int

    /// Reads `K/N` with 1 ≤ K ≤ N ≤ ``maxCount``.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              (1...Self.maxCount).contains(count), (1...count).contains(index) else {
            throw Diagnostic("--shard must be K/N with 1 ≤ K ≤ N ≤ \(Self.maxCount) (for example 3/8), got \"\(text)\"")
        }
        self.index = index
        self.count = count
    }

    /// Whether cell `cell` (from 0) is this shard's.
    public func holds(_ cell: Int) -> Bool { cell % count == index - 1 }
}

/// The JSON a shard writes: its cells' days, enough to rebuild their ``SweepPoint``s exactly.
public struct BankShardFile: Codable, Sendable, Equatable {
    /// The format this code writes and reads.
    public static let currentVersion = 1
    /// The largest shard file read: 256 MB.
    public static let maximumBytes = 256 << 20

    /// One cell's results.
    public struct Cell: Codable, Sendable, Equatable {
        /// The cell's index, from 0.
        public var cell: Int
        /// Every day's summary, in seed order.
        public var days: [DaySummary]
    }

    public var version: Int
    /// ``BankShardFile/identity(of:)`` of the sweep's cells.
    public var scenario: String
    public var seed: UInt64
    /// The shard, `K/N`.
    public var shard: String
    /// How many cells the whole sweep has.
    public var cells: Int
    /// This shard's cells, by index.
    public var results: [Cell]
    /// The scenario's YAML as the shard ran it, for a block that names only its `shards:`.
    public var source: String

    /// What a sweep's days depend on, as 16 hex digits (a 64-bit FNV-1a hash): every cell's
    /// values and scenario, whatever YAML wrote them (comments, spacing, key order, units, a
    /// `shards:` key), so a page's block and the scenario file the shards ran from agree when
    /// they mean the same day. The prices (`cost:`) are left out: they change no day, so they
    /// may change without running the shards again. Shards and their merge use the same sitegen.
    public static func identity(of cells: [SweepCell]) -> String {
        var text = ""
        for cell in cells {
            var scenario = cell.scenario
            scenario.cost = nil
            text += String(reflecting: cell.values) + " " + String(reflecting: scenario) + "\n"
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The file as JSON text (sorted keys; doubles round-trip exactly).
    public func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Reads a shard file; `name` names it in problems.
    public static func read(_ data: Data, name: String) throws -> BankShardFile {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let file: BankShardFile
        do {
            file = try decoder.decode(BankShardFile.self, from: data)
        } catch {
            let what = data.isEmpty ? "is empty" : "is not a bank shard file"
            throw Diagnostic(file: name, "\(what) (the JSON of sitegen bank --scenario FILE --shard K/N)")
        }
        guard file.version == currentVersion else {
            throw Diagnostic(file: name, "shard format version \(file.version), this sitegen reads version \(currentVersion)")
        }
        return file
    }
}
