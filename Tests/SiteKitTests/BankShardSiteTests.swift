import BankReport
import Basics
import BuiltInKinds
import Foundation
import ReportKit
import SiteKit
import Testing
import TestThreads

/// A `bank` block with `shards:` (the fixture site `shard-site`): its page, built from the files
/// `sitegen bank --shard K/N` wrote, is byte for byte the page the simulation gives; a wrong set
/// of shards or a path leading out is an error at the page's line naming the shard file, and the
/// previous output stays.
@Suite("Bank shards in a site")
struct BankShardSiteTests {
    static let page = "Content/bank/grid.md"
    static let folder = "Content/bank/results/grid"

    private func makeSite() throws -> TestSite {
        var site = try TestSite(fixture: "shard-site")
        site.kinds = BuiltInKinds.all
        return site
    }

    /// The page's text, and its bank block's YAML without the `shards:` line (the scenario file
    /// the shards ran from).
    private func scenario(_ site: TestSite) throws -> (page: String, yaml: String) {
        let page = try String(contentsOf: site.root.appendingPathComponent(Self.page), encoding: .utf8)
        let body = try #require(page.components(separatedBy: "```bank\n").last?.components(separatedBy: "```").first)
        return (page, body.split(separator: "\n").filter { !$0.hasPrefix("shards:") }.joined(separator: "\n") + "\n")
    }

    /// Runs shard K of `count` of `yaml` as `sitegen bank --shard K/N` does and writes its file.
    private func writeShards(_ site: TestSite, yaml: String, count: Int, only: [Int]? = nil, seed: UInt64? = nil) async throws {
        for k in only ?? Array(1...count) {
            let json = try await offPool {
                try BankShardRunner.run(
                    ScenarioSource(text: yaml, name: "grid.yml"), shard: BankShard(parsing: "\(k)/\(count)"), seed: seed, threads: .one)
            }
            try site.write(json, to: "\(Self.folder)/shard-\(k).json")
        }
    }

    private func problems(_ site: TestSite) async -> String {
        guard let failure = await site.failure() else { return "no error" }
        return failure.diagnostics.map(\.description).joined(separator: "\n")
    }

    @Test func thePageFromShardsIsThePageTheSimulationGives() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let (page, yaml) = try scenario(site)
        try await writeShards(site, yaml: yaml, count: 3)
        let sharded = site.root.appendingPathComponent("Sharded")
        try await site.build { $0.outputDirectory = sharded }
        try site.write(page.replacingOccurrences(of: "shards: results/grid\n", with: ""), to: Self.page)
        let simulated = site.root.appendingPathComponent("Simulated")
        try await site.build { $0.outputDirectory = simulated }
        let fromShards = TestSite.snapshot(sharded)
        let fromSimulation = TestSite.snapshot(simulated)
        #expect(fromShards.keys.sorted() == fromSimulation.keys.sorted())
        for (path, data) in fromSimulation where fromShards[path] != data {
            Issue.record("\(path) differs between the page built from shards and the simulated one")
        }
        let html = String(decoding: try #require(fromShards["bank/grid/index.html"]), as: UTF8.self)
        #expect(html.contains("Cheapest"))
        #expect(fromShards["bank/grid/bank-1-grid.json"] != nil)
    }

    /// `shards:` alone: the scenario and the seed are the ones the shards ran (grid.yml's), so
    /// the YAML lives in one place; `--seed` that differs from theirs is an error.
    @Test func aBlockOfShardsAloneShowsTheScenarioTheShardsRan() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let (page, yaml) = try scenario(site)
        try await writeShards(site, yaml: yaml, count: 3)
        try await site.build()
        let full = try site.snapshot()
        try site.write(page.replacingOccurrences(of: yaml + "shards: results/grid\n", with: "shards: results/grid   # grid.yml's shards\n"), to: Self.page)
        try await site.build()
        let alone = try site.snapshot()
        #expect(alone.keys.sorted() == full.keys.sorted())
        for (path, data) in full where alone[path] != data {
            Issue.record("\(path) differs between the block of shards alone and the full block")
        }
        let failure = await site.failure { $0.seed = 9 }
        #expect(failure?.diagnostics.map(\.description).joined().contains(
            "Content/bank/grid.md:8: bank: shards: Content/bank/results/grid/shard-1.json: the shard ran with seed 7, this block uses seed 9") == true)
    }

    @Test func aListOfFilesWorksAsTheFolderDoes() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let (page, yaml) = try scenario(site)
        try await writeShards(site, yaml: yaml, count: 2)
        try await site.build()
        let fromFolder = try site.output("bank/grid/index.html")
        // Relative to the content folder when not beside the page.
        try site.write(page.replacingOccurrences(
            of: "shards: results/grid\n", with: "shards: [bank/results/grid/shard-2.json, results/grid/shard-1.json]\n"), to: Self.page)
        try await site.build()
        #expect(try site.output("bank/grid/index.html") == fromFolder)
    }

    @Test func aWrongSetOfShardsIsAnErrorAtThePageLineNamingTheFile() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let yaml = try scenario(site).yaml
        try await writeShards(site, yaml: yaml, count: 3)
        try await site.build()
        let before = try site.snapshot()
        // A shard of another grid (a loan teller more).
        try await writeShards(site, yaml: yaml.replacingOccurrences(of: "tellers.loan: [1, 2]", with: "tellers.loan: [1, 3]"), count: 3, only: [2])
        #expect(await problems(site).contains(
            "Content/bank/grid.md:19: bank: shards: Content/bank/results/grid/shard-2.json: the shard ran another scenario"))
        #expect(try site.snapshot() == before)
        // A shard of another seed.
        try await writeShards(site, yaml: yaml, count: 3, only: [2], seed: 8)
        #expect(await problems(site).contains(
            "Content/bank/grid.md:19: bank: shards: Content/bank/results/grid/shard-2.json: the shard ran with seed 8, this block uses seed 7"))
        // A shard missing: its cells are named, and the shard to run.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("\(Self.folder)/shard-2.json"))
        #expect(await problems(site).contains("Content/bank/grid.md:19: bank: shards: cells 1, 4 of 6 missing: run shard 2/3"))
        // The same shard twice.
        try await writeShards(site, yaml: yaml, count: 3, only: [2])
        try FileManager.default.copyItem(
            at: site.root.appendingPathComponent("\(Self.folder)/shard-2.json"), to: site.root.appendingPathComponent("\(Self.folder)/shard-2-again.json"))
        #expect(await problems(site).contains("shard-2.json: cell 1 is also in Content/bank/results/grid/shard-2-again.json"))
        #expect(try site.snapshot() == before)
    }

    @Test func aPathLeadingOutOfTheContentFolderIsAnErrorAtItsLine() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let (page, _) = try scenario(site)
        for (shards, message) in [
            ("../../outside", "shards must not go up out of its folder with .., got \"../../outside\""),
            ("/etc", "shards must be a relative path (to the page or the content folder), got \"/etc\""),
            ("[results/grid, ../x.json]", "shards[1] must not go up out of its folder with .., got \"../x.json\""),
            ("results/none", "shards names a file or folder that does not exist: Content/bank/results/none or Content/results/none"),
        ] {
            try site.write(page.replacingOccurrences(of: "shards: results/grid\n", with: "shards: \(shards)\n"), to: Self.page)
            let found = await problems(site)
            #expect(found.contains("Content/bank/grid.md:19: bank: \(message)"), "\(found)")
        }
        // A link inside the content folder that leads out is refused before any block runs.
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Content/bank/results"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: site.root.appendingPathComponent("Content/bank/results/grid"), withDestinationURL: FileManager.default.temporaryDirectory)
        try site.write(page, to: Self.page)
        let linked = await problems(site)
        #expect(linked.contains("Content/bank/results/grid: is a link to"), "\(linked)")
    }
}
