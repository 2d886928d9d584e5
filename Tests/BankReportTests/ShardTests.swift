import BankReport
import Basics
import Foundation
import ReportKit
import Testing
import TestThreads

/// `sitegen bank --shard K/N` and `--merge`: the shards of a sweep or a grid merge into exactly
/// what one run prints, and a wrong set of shards is an error naming the file.
@Suite struct ShardTests {
    static let sweep = """
        seed: 5
        customers: 60
        services:
          deposit: {duration: {exponential: 1}}
          loan: {duration: {exponential: 1.5}}
        arrival: {rate: 2}
        replications: 3
        sweep: {tellers.loan: [1, 2, 3, 4]}
        """
    static let grid = sweep.replacingOccurrences(
        of: "sweep: {tellers.loan: [1, 2, 3, 4]}", with: "sweep: {tellers.deposit: [1, 2, 3], tellers.loan: [1, 2]}")
    /// A branch's day with everything a grid's answer reads: opening hours, a rate that changes,
    /// patience, a target and costs.
    static let costGrid = """
        seed: 11
        open: "09:00"
        close: "10:30"
        services:
          deposit: {duration: {exponential: 4 min}, patience: {exponential: 10 min}}
          loan: {duration: {exponential: 12 min}}
        arrival:
          rate:
            - {from: "09:00", per_hour: 30}
            - {from: "09:30", per_hour: 60}
        target: {within: 5 min, percent: 80}
        cost: {teller_per_hour: 25000, waiting_per_hour: 15000, abandon: 5000, currency: KRW}
        replications: 3
        sweep: {tellers.deposit: [1, 2, 3], tellers.loan: [1, 2]}
        """
    /// Days added until the target's figure is within ±20% (each cell its own number of days).
    static let precise = costGrid.replacingOccurrences(of: "replications: 3", with: "precision: 20%\nmax_days: 14")

    func shards(_ text: String, _ count: Int) throws -> [(name: String, data: Data)] {
        try (1...count).map { k in
            let json = try BankShardRunner.run(
                ScenarioSource(text: text, name: "day.yml"), shard: BankShard(parsing: "\(k)/\(count)"), threads: .one)
            return (name: "shard-\(k).json", data: Data(json.utf8))
        }
    }

    @Test(arguments: [sweep, grid, costGrid, precise]) func mergedShardsPrintWhatOneRunPrints(_ text: String) async throws {
        try await offPool {
            let source = ScenarioSource(text: text, name: "day.yml")
            let single = try BankScenarioRunner.report(source, threads: .one)
            let merged = try BankShardRunner.merge(source, shards: shards(text, 3).reversed())
            for format in OutputFormat.allCases {
                #expect(try single.output(format) == merged.output(format), "\(format)")
            }
            // The answer a grid with costs leads with is there, from the shards' days.
            if text == Self.costGrid {
                #expect(try merged.output(.text).contains("Cheapest"))
            }
        }
    }

    @Test func shardAssignmentIsCellModN() throws {
        let shard = try BankShard(parsing: "3/8")
        #expect((0..<20).filter(shard.holds) == [2, 10, 18])
        for bad in ["0/8", "9/8", "a/b", "3", "3/0", "/8", "0/3", "4/3", "1/0", "-1/2", "1/10001", "1/2/3", ""] {
            #expect(throws: Diagnostic.self, "\(bad)") { try BankShard(parsing: bad) }
        }
    }

    func mergeProblem(_ shards: [(name: String, data: Data)], text: String = sweep, seed: UInt64? = nil) -> String {
        do {
            _ = try BankShardRunner.merge(ScenarioSource(text: text, name: "day.yml"), shards: shards, seed: seed)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func aWrongSetOfShardsIsAnErrorNamingTheFile() async throws {
        try await offPool {
            let three = try shards(Self.sweep, 3)
            #expect(mergeProblem([three[0], three[2]]).contains("cell 1 of 4 missing: run shard 2/3"))
            #expect(mergeProblem([three[0], three[0], three[1], three[2]]).contains("shard-1.json: cell 0 is also in shard-1.json"))
            #expect(mergeProblem(three, text: Self.grid).contains("shard-1.json: the shard ran another scenario"))
            #expect(mergeProblem(three, seed: 6).contains("shard-1.json: the shard ran with seed 5, the merge uses seed 6"))
            #expect(mergeProblem([(name: "bad.json", data: Data("{}".utf8))]).contains("bad.json: is not a bank shard file"))
            #expect(mergeProblem([(name: "empty.json", data: Data())]).contains("empty.json: is empty"))
        }
    }

    /// The shards' identity is what the days depend on, not how the YAML is written: comments,
    /// spacing, units and prices may differ; a teller more may not.
    @Test func shardsMatchTheSameDayWrittenAnotherWay() async throws {
        try await offPool {
            let three = try shards(Self.costGrid, 3)
            let rewritten = "# the same branch\n" + Self.costGrid
                .replacingOccurrences(of: "close: \"10:30\"", with: "close:   \"10:30\"   # doors")
                .replacingOccurrences(of: "4 min", with: "240")
                .replacingOccurrences(of: "teller_per_hour: 25000", with: "teller_per_hour: 30000")
            #expect(mergeProblem(three, text: rewritten) == "no error")
            let more = Self.costGrid.replacingOccurrences(of: "tellers.loan: [1, 2]", with: "tellers.loan: [1, 3]")
            #expect(mergeProblem(three, text: more).contains("shard-1.json: the shard ran another scenario"))
        }
    }

    /// More shards than cells: the shards past the cells hold none, say so, and still merge.
    @Test func moreShardsThanCellsGiveEmptyShardsThatMerge() async throws {
        try await offPool {
            let source = ScenarioSource(text: Self.sweep, name: "day.yml")
            let notes = Notes()
            let empty = try BankShardRunner.run(source, shard: BankShard(parsing: "7/1000"), threads: .one, note: notes.add)
            #expect(notes.all == ["shard 7/1000 holds no cell: the sweep has 4 (4 shards are enough)"])
            #expect(try BankShardFile.read(Data(empty.utf8), name: "7.json").results.isEmpty)
            let files = try [1, 2, 3, 4, 7, 1000].map { k in
                (name: "shard-\(k).json", data: Data(try BankShardRunner.run(source, shard: BankShard(parsing: "\(k)/1000"), threads: .one).utf8))
            }
            let single = try BankScenarioRunner.report(source, threads: .one)
            #expect(try BankShardRunner.merge(source, shards: files).output(.json) == single.output(.json))
            #expect(mergeProblem(Array(files.dropFirst())).contains("cell 0 of 4 missing: run shard 1/1000"))
            // Many missing: the first ten, and how many.
            let big = Self.sweep.replacingOccurrences(
                of: "sweep: {tellers.loan: [1, 2, 3, 4]}", with: "sweep: {tellers.deposit: [1, 2, 3, 4], tellers.loan: [1, 2, 3]}")
            let first = try BankShardRunner.run(ScenarioSource(text: big, name: "day.yml"), shard: BankShard(parsing: "1/12"), threads: .one)
            #expect(mergeProblem([(name: "shard-1.json", data: Data(first.utf8))], text: big)
                == "cells 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … (11 in all) of 12 missing: run shards 2/12, 3/12, 4/12, 5/12, 6/12, 7/12, 8/12, 9/12, 10/12, 11/12, … (11 in all)")
        }
    }

    /// A sweep of one value, and a day of replications with no sweep.
    @Test func aOneValueSweepShardsAndReplicationsAloneSayWhy() async throws {
        try await offPool {
            let one = Self.sweep.replacingOccurrences(of: "sweep: {tellers.loan: [1, 2, 3, 4]}", with: "sweep: {tellers.loan: [2]}")
            let source = ScenarioSource(text: one, name: "day.yml")
            let merged = try BankShardRunner.merge(source, shards: shards(one, 2))
            #expect(try merged.output(.csv) == BankScenarioRunner.report(source, threads: .one).output(.csv))
            let days = Self.sweep.replacingOccurrences(of: "sweep: {tellers.loan: [1, 2, 3, 4]}\n", with: "").replacingOccurrences(of: "sweep: {tellers.loan: [1, 2, 3, 4]}", with: "")
            #expect(throws: Diagnostic("--shard needs a scenario with sweep: (a day or its replications run whole, without --shard)")) {
                try BankShardRunner.run(ScenarioSource(text: days, name: "day.yml"), shard: BankShard(parsing: "1/2"), threads: .one)
            }
            #expect(try mergeProblem(shards(Self.sweep, 1), text: days) == "--merge needs a scenario with sweep: (the one the shards ran)")
        }
    }

    /// A file changed by hand is an error naming it and what does not fit, never a trap.
    @Test func aShardChangedByHandIsAnErrorNotATrap() async throws {
        try await offPool {
            let good = try shards(Self.sweep, 1)[0]
            func edited(_ change: (inout BankShardFile.Cell) -> Void) throws -> [(name: String, data: Data)] {
                var file = try BankShardFile.read(good.data, name: good.name)
                change(&file.results[1])
                return [(name: "edited.json", data: Data(try file.text().utf8))]
            }
            #expect(try mergeProblem(edited { $0.days[1].seed = 99 })
                == "edited.json: cell 1 day 2 ran with seed 99, not 6: the file is not as sitegen wrote it")
            #expect(try mergeProblem(edited { $0.days.removeLast() })
                == "edited.json: cell 1 has 2 days, its plan runs 3: the file is not as sitegen wrote it")
            #expect(try mergeProblem(edited { $0.days[0].utilization.append(0.5) })
                == "edited.json: cell 1 day 1 has figures for another number of services or tellers: the file is not as sitegen wrote it")
            #expect(try mergeProblem(edited { $0.days[0].totalTime = .nan })
                == "edited.json: cell 1 day 1 has a figure below 0, too large, or not a number: the file is not as sitegen wrote it")
            #expect(try mergeProblem(edited { $0.days[0].waits?.maxWait = 1e300 })
                == "edited.json: cell 1 day 1 has a figure below 0, too large, or not a number: the file is not as sitegen wrote it")
            #expect(try mergeProblem(edited { $0.days[2].customers = .max })
                == "edited.json: cell 1 day 3 counts more customers than the day can have: the file is not as sitegen wrote it")
            #expect(try mergeProblem(edited { $0.cell = -1 })
                == "edited.json: cell -1 is not a cell of this sweep (4 cells)")
        }
    }
}

/// Notes said by a run, collected across threads.
final class Notes: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ note: String) { lock.withLock { items.append(note) } }
    var all: [String] { lock.withLock { items } }
}
