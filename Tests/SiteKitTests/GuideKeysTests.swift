import Basics
import BuiltInKinds
import Foundation
import ReportKit
import SiteKit
import Testing

/// The guide is the manual: every key a parser accepts is documented in it, in the section for
/// that key's file or block. The keys come from the parsers themselves — the front matter's and
/// `site.yml`'s key tables, and each report kind's own answer to an unknown key ("expected one
/// of: …") at every level of its block — so a key added to a parser and not to the guide fails
/// here.
@Suite("The guide documents every key the parsers accept")
struct GuideKeysTests {
    /// The guide's text from a heading to the next heading of the same or a higher level.
    private static func section(_ heading: String) throws -> String {
        let guide = try String(contentsOf: TestSite.projectFolder.appendingPathComponent("Content/guide.md"), encoding: .utf8)
        let start = try #require(guide.range(of: "\n" + heading + "\n"), "the guide has no section \(heading)")
        let level = heading.prefix { $0 == "#" }.count
        let lines = String(guide[start.upperBound...]).components(separatedBy: "\n")
        let end = lines.firstIndex { line in
            let hashes = line.prefix { $0 == "#" }.count
            return hashes > 0 && hashes <= level && line.dropFirst(hashes).first == " "
        }
        return lines[..<(end ?? lines.endIndex)].joined(separator: "\n")
    }

    /// Whether `text` documents `key`: as code (`` `key` ``, `` `key:` ``) or as a YAML key in an example.
    private static func documents(_ text: String, _ key: String) -> Bool {
        text.contains("`\(key)`") || text.contains("`\(key):") || text.contains("\n\(key):") || text.contains(" \(key):")
            || text.contains("{\(key):") || text.contains("\(key) = ")
    }

    /// The keys a kind accepts where `yaml` puts the key `zzz`, from its own error.
    private static func keys(of kind: String, probing yaml: String) async throws -> [String] {
        let reportKind = try #require(BuiltInKinds.all.first { $0.name == kind })
        let block = ReportBlock(kind: kind, source: yaml, pagePath: "probe.md", line: 1, index: 0)
        let folder = FileManager.default.temporaryDirectory
        let context = ReportContext(contentDirectory: folder, cacheDirectory: folder.appendingPathComponent("sitegen-probe-cache"), offline: true)
        do {
            _ = try await reportKind.run(block, context: context)
        } catch {
            let messages = Diagnostics.from(error).map(\.message)
            let message = try #require(messages.first { $0.contains("unknown key \"") && $0.contains("zzz") }, "\(kind) did not reject zzz in \(yaml): \(messages)")
            let list = try #require(message.components(separatedBy: "expected one of: ").last)
            return list.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        Issue.record("\(kind) accepted zzz in \(yaml)")
        return []
    }

    @Test func frontMatterAndSiteSettings() throws {
        let front = try Self.section("### Front matter")
        for key in FrontMatter.keys {
            #expect(Self.documents(front, key), "front matter key \(key) is not in the guide's Front matter section")
        }
        let settings = try Self.section("### Site settings")
        for key in SiteConfig.keys {
            #expect(Self.documents(settings, key), "site.yml key \(key) is not in the guide's Site settings section")
        }
    }

    @Test("every level of every report block", arguments: [
        ("bank", "zzz: 1\n"),
        ("bank", "services: {deposit: {zzz: 1}}\n"),
        ("bank", "services: {deposit: {duration: {zzz: 1}}}\n"),
        ("bank", "arrival: {zzz: 1}\n"),
        ("bank", "arrival: {rate: [{zzz: 1}]}\n"),
        ("bank", "batches: [{zzz: 1}]\n"),
        ("juice", "zzz: 1\n"),
        ("juice", "steps: [{zzz: 1}]\n"),
        ("juice", "random: {zzz: 1}\n"),
        ("juice", "recipes: {kiwiJuice: {zzz: 1}}\n"),
        ("market", "zzz: 1\n"),
    ])
    func reportBlockKeys(kind: String, yaml: String) async throws {
        let section = try Self.section("### `\(kind)` — " + (try Self.heading(of: kind)))
        let keys = try await Self.keys(of: kind, probing: yaml)
        #expect(!keys.isEmpty)
        for key in keys {
            #expect(Self.documents(section, key), "\(kind) key \(key) (from \(yaml.trimmingCharacters(in: .newlines))) is not in the guide's \(kind) section")
        }
    }

    /// The data blocks share one section of the guide (`### `table`, `chart` and `figure` — your
    /// own data`), whose subsections hold each block's own keys.
    @Test("every level of the data blocks", arguments: [
        ("table", "source: probe.csv\nzzz: 1\n"),
        ("table", "source: probe.csv\ncolumns: [{column: a, zzz: 1}]\n"),
        ("chart", "source: probe.csv\nx: a\ny: b\nzzz: 1\n"),
        ("figure", "source: probe.csv\nvalue: b\nzzz: 1\n"),
    ])
    func dataBlockKeys(kind: String, yaml: String) async throws {
        let section = try Self.section("### `table`, `chart` and `figure` — your own data")
        let keys = try await Self.keys(of: kind, probing: yaml)
        #expect(keys.count > 3)
        for key in keys {
            #expect(Self.documents(section, key), "\(kind) key \(key) (from \(yaml.trimmingCharacters(in: .newlines))) is not in the guide's data blocks section")
        }
    }

    /// The rest of a kind's heading in the guide (`### `bank` — a bank teller simulation`).
    private static func heading(of kind: String) throws -> String {
        let guide = try String(contentsOf: TestSite.projectFolder.appendingPathComponent("Content/guide.md"), encoding: .utf8)
        let line = try #require(guide.split(separator: "\n").first { $0.hasPrefix("### `\(kind)` — ") }, "the guide has no section for \(kind)")
        return String(line.dropFirst("### `\(kind)` — ".count))
    }
}
