import Foundation
import ReportKit
import SiteKit
import Testing

/// A template that includes or inherits from itself, directly or through others, is an error at
/// load time naming the file, the line and the cycle, instead of a stack overflow at render time.
@Suite("Templates: cycles are reported, never rendered")
struct TemplateCycleTests {
    private func failure(_ templates: [String: String], base: TestSite.Templates = .bare) async throws -> [String] {
        var files = ["Content/index.md": "# Home\n"]
        for (name, text) in templates { files["Templates/\(name).mustache"] = text }
        let site = try TestSite(files.filter { $0.key.hasPrefix("Content") }, templates: base)
        defer { site.remove() }
        for (path, text) in files where path.hasPrefix("Templates") { try site.write(text, to: path) }
        let failure = try #require(await site.failure())
        #expect(failure.step == "Load templates")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("sitegen-") }
        #expect(leftovers.isEmpty)
        return failure.diagnostics.map(\.description)
    }

    @Test func aPartialThatIncludesItselfWhateverTheData() async throws {
        let found = try await failure(["page": "<main>{{> card}}</main>\n", "card": "<p>\n{{^items}}\nnone\n{{/items}}\n{{> card}}\n"])
        #expect(found == ["Templates/card.mustache:5: template error: {{>card}}: card includes itself (card → card); rendering it would never end"])
    }

    /// Inside a section, a partial may include itself: it renders a tree as deep as the data goes.
    @Test func aPartialThatIncludesItselfInASectionBuilds() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n"], templates: .bare)
        defer { site.remove() }
        try site.write("<main>{{> card}}</main>\n", to: "Templates/home.mustache")
        try site.write("<p>{{title}}</p>\n{{#items}}\n{{> card}}\n{{/items}}\n", to: "Templates/card.mustache")
        try await site.build()
        #expect(try site.output("index.html") == "<main><p></p>\n</main>\n")
    }

    @Test func twoPartialsThatIncludeEachOther() async throws {
        let found = try await failure(["page": "{{> a}}\n", "a": "A\n{{> b}}\n", "b": "B\n\n{{>a}}\n"])
        #expect(found == ["Templates/a.mustache:2: template error: {{>b}}: a includes itself (a → b → a); rendering it would never end"])
    }

    @Test func pageIncludingPage() async throws {
        let found = try await failure(["page": "<main>\n{{> page}}\n</main>\n"])
        #expect(found == ["Templates/page.mustache:2: template error: {{>page}}: page includes itself (page → page); rendering it would never end"])
    }

    @Test func baseIncludingBaseInTheProjectTemplates() async throws {
        let base = try String(contentsOf: TestSite.projectFolder.appendingPathComponent("Templates/base.mustache"), encoding: .utf8)
        var lines = base.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("{{> base}}", at: 4)
        let found = try await failure(["base": lines.joined(separator: "\n")], base: .project)
        #expect(found == ["Templates/base.mustache:5: template error: {{>base}}: base includes itself (base → base); rendering it would never end"])
    }

    @Test func anInheritanceCycle() async throws {
        let found = try await failure(["page": "{{<frame}}{{$body}}x{{/body}}{{/frame}}\n", "frame": "<div>\n{{<page}}{{/page}}\n</div>\n"])
        #expect(found == ["Templates/frame.mustache:2: template error: {{<page}}: frame inherits from itself (frame → page → frame); rendering it would never end"])
    }

    /// `{{> page}}` on line 2 of the project's page template, inside `{{<base}}`: reported at
    /// line 2, not past the end of the file.
    @Test func aPartialInsideAnInheritSectionIsReportedAtItsLine() async throws {
        let page = try String(contentsOf: TestSite.projectFolder.appendingPathComponent("Templates/page.mustache"), encoding: .utf8)
        var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("{{> page}}", at: 1)
        let found = try await failure(["page": lines.joined(separator: "\n")], base: .project)
        #expect(found == ["Templates/page.mustache:2: template error: only {{$block}} overrides may stand inside {{<parent}}"])
    }
}

/// Assets that cannot be read stop the build instead of leaving pages without their stylesheet.
@Suite("Templates: unreadable assets are errors")
struct UnreadableAssetTests {
    @Test func aBrokenLinkAmongTheAssetsIsAnError() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n"])
        defer { site.remove() }
        let link = site.root.appendingPathComponent("Templates/assets/extra.css")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "missing.css")
        let failure = try #require(await site.failure())
        #expect(failure.step == "Load templates")
        #expect(failure.diagnostics.map(\.description) == ["Templates/assets/extra.css: is a link to missing.css, which does not exist"])
    }

    @Test func aPipeAmongTheAssetsIsAnError() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n"])
        defer { site.remove() }
        #expect(mkfifo(site.root.appendingPathComponent("Templates/assets/pipe.css").path, 0o644) == 0)
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == ["Templates/assets/pipe.css: is a FIFO (named pipe), not a file; refused (remove it from Templates/)"])
    }

    /// Issue 31: a linked assets folder (shared between sites) was refused as "a broken link".
    @Test func aLinkedAssetsFolderIsRead() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n", "shared/assets/brand.css": "b { color: red }\n"])
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Templates/assets"))
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("shared/assets/loop"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("shared/assets/loop/up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("Templates/assets").path, withDestinationPath: "../shared/assets")
        try await site.build()
        let css = try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("Public/assets").path)
        #expect(css.contains { $0.hasPrefix("brand.") && $0.hasSuffix(".css") })
        #expect(css.contains { $0.hasPrefix("site.") && $0.hasSuffix(".css") })
    }
}
