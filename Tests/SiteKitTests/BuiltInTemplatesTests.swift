import Basics
import BuiltInKinds
import Foundation
import ReportKit
import SiteKit
import Testing

@Suite("Built-in templates: a site needs no Templates/ folder, and one overrides file by file")
struct BuiltInTemplatesTests {
    @Test func aSiteWithoutTemplatesBuildsWithTheBuiltInOnes() async throws {
        let bare = try TestSite(["Content/index.md": "# Home\n\nHello.\n", "Content/notes.md": "# Notes\n"], templates: .none)
        defer { bare.remove() }
        try await bare.build()
        let withProject = try TestSite(["Content/index.md": "# Home\n\nHello.\n", "Content/notes.md": "# Notes\n"], templates: .project)
        defer { withProject.remove() }
        try await withProject.build()
        #expect(try bare.snapshot() == withProject.snapshot())
        #expect(try bare.snapshot().keys.contains { $0.hasPrefix("assets/site.") && $0.hasSuffix(".css") })
    }

    @Test func aTemplatesFolderReplacesBuiltInFilesOneByOne() async throws {
        let site = try TestSite(fixture: "hugo-site")
        defer { site.remove() }
        // Only page.mustache: base, home, 404, taxonomy, term and the assets stay built in.
        try site.write("""
        {{<base}}{{$content}}<article class="custom">{{page.title}}|mood={{page.extra.mood}}|mango={{page.extra.stock.mango}}|{{#page.extra.featured}}featured{{/page.extra.featured}}|{{#page.extra.helpers}}[{{.}}]{{/page.extra.helpers}}|{{#page.tags}}<a href="{{href}}">{{name}}</a>{{/page.tags}}</article>{{/content}}{{/base}}

        """, to: "Templates/page.mustache")
        try site.write("body { color: teal; }\n", to: "Templates/assets/extra.css")
        try await site.build()
        let page = try site.output("posts/mango-day/index.html")
        #expect(page.contains("<article class=\"custom\">Mango day|mood=sunny|mango=12|featured|[Ana][Bo]|<a href=\"../../tags/mango/index.html\">mango</a><a href=\"../../tags/%EC%9E%AC%EA%B3%A0/index.html\"><span lang=\"ko\">재고</span></a></article>"))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(try site.output("posts/kiwi-count/index.html").contains("<article class=\"custom\">Kiwi count|mood=|mango=|||<a href=\"../../tags/kiwi/index.html\">kiwi</a>"))
        #expect(try site.output("index.html").contains("<article class=\"page home\">"))
        #expect(try site.output("tags/index.html").contains("<article class=\"page taxonomy\">"))
        let assets = try site.snapshot().keys.filter { $0.hasPrefix("assets/") }.map { String($0.split(separator: ".")[0]) }.sorted()
        #expect(assets == ["assets/charts", "assets/extra", "assets/site", "assets/sort"])
    }
}

@Suite("Built-in strings: each part's tables, one per language, and a site's overrides")
struct BuiltInStringsTests {
    /// The parts that bring strings: the site, the report renderer and every kind.
    static let parts: [String: BuiltInFiles] = Dictionary(
        [("site", Site.builtInFiles), ("report", ReportRenderer.builtIn)] + BuiltInKinds.all.map { ($0.name, $0.builtIn) },
        uniquingKeysWith: { first, _ in first }
    )

    @Test(arguments: ["site", "report"] + BuiltInKinds.all.map(\.name))
    func everyLanguageHasTheSameKeys(part: String) throws {
        let strings = try #require(Self.parts[part]).strings
        #expect(strings.problems.map(\.description) == [])
        let english = Set(strings[.en].keys)
        #expect(!english.isEmpty)
        for language in InterfaceLanguage.allCases {
            #expect(Set(strings[language].keys).subtracting(english).sorted() == [], "\(part): keys only in \(language)")
            #expect(english.subtracting(strings[language].keys).sorted() == [], "\(part): keys missing in \(language)")
        }
    }

    /// A Korean particle right after a value (or after a value's parenthetical) is written
    /// `(은)는`, `(이)가`, `(을)를`, `(과)와`, `(으)로`, `(이)면`, so that it fits the value
    /// (``Strings/fill(_:_:)``), never as one fixed form that is wrong for half the values.
    @Test(arguments: ["site", "report"] + BuiltInKinds.all.map(\.name))
    func koreanParticlesAfterValuesFitTheValue(part: String) throws {
        let strings = try #require(Self.parts[part]).strings
        let fixed = /\{[0-9]+\}(?!\((은|이|을|과|으)\))(\([^()]*\))?(은|는|이|가|을|를|과|와|으로|로)/
        for (key, text) in strings[.ko].sorted(by: { $0.key < $1.key }) {
            #expect(text.firstMatch(of: fixed) == nil, "\(part): \(key): \(text)")
        }
    }

    @Test func noTwoPartsShareAKey() {
        var owner: [String: String] = [:]
        var seen: [[String: String]] = []
        for (part, files) in Self.parts.sorted(by: { $0.key < $1.key }) {
            // Kinds that share a folder share its strings.
            guard !seen.contains(files.files) else { continue }
            seen.append(files.files)
            for key in files.strings[.en].keys {
                if let other = owner[key] { Issue.record("\(key) is in both \(other) and \(part)") }
                owner[key] = part
            }
        }
        #expect(owner.count > 250)
    }

    @Test func aSitesStringsReplaceAnyPartsAndUnknownKeysAreErrors() async throws {
        var site = try TestSite([
            "Content/index.md": "# Home\n",
            "Content/tape.md": "# Tape\n\n```calc\n1 + 2\n```\n",
            "Templates/i18n/en.yml": "site:\n  search: Find\ncalc:\n  resultColumn: Sum\n",
        ], templates: .none)
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        try await site.build()
        let tape = try site.output("tape/index.html")
        #expect(tape.contains("placeholder=\"Find\""))
        #expect(tape.contains(">Sum</th>"))
        #expect(tape.contains(">Expression</th>"))

        try site.write("site:\n  search: Find\ncalc:\n  resultColum: Sum\n", to: "Templates/i18n/en.yml")
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == ["Templates/i18n/en.yml:4: unknown string key \"calc.resultColum\" (did you mean \"calc.resultColumn\"?)"])
    }

    /// A kind whose built-in file has the path of one of the site's own, with other text.
    struct ClashingKind: ReportKind {
        let name = "clash"
        let builtIn = BuiltInFiles(["404.mustache": "mine\n", "assets/clash.css": "p {}\n"])

        func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
            Report(ReportDocument(kind: name, id: block.id, title: "Clash", body: []))
        }
    }

    @Test func aKindsFileThatClashesWithTheSitesIsAnError() async throws {
        var site = try TestSite(["Content/index.md": "# Home\n"], templates: .none)
        defer { site.remove() }
        site.kinds = [ClashingKind()]
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == ["built-in 404.mustache: comes from both the site and the clash kind, with different text"])
    }
}
