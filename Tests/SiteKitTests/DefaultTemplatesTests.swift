import Foundation
import SiteKit
import Testing

@Suite("Built-in templates: a site needs no Templates/ folder, and one overrides file by file")
struct DefaultTemplatesTests {
    /// The copy built into the binary must be the project's `Templates/` folder, file for file.
    /// When this fails, run `Scripts/embed-templates`. (The string tables in `i18n/` are embedded
    /// in ReportKit instead, and checked there.)
    @Test func theEmbeddedCopyIsTheTemplatesFolder() throws {
        let folder = TestSite.projectFolder.appendingPathComponent("Templates")
        let onDisk = TestSite.snapshot(folder).filter { !$0.key.split(separator: "/").contains { $0.hasPrefix(".") } && !$0.key.hasPrefix("i18n/") }
        #expect(DefaultTemplates.files.keys.sorted() == onDisk.keys.sorted(), "run Scripts/embed-templates")
        for (path, data) in onDisk where DefaultTemplates.files[path].map({ Data($0.utf8) }) != data {
            Issue.record("Templates/\(path) differs from the built-in copy: run Scripts/embed-templates")
        }
    }

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
        let builtIn = DefaultTemplates.files.keys.filter { $0.hasPrefix("assets/") }.map { String($0.split(separator: ".")[0]) }
        #expect(assets == (builtIn + ["assets/extra"]).sorted())
    }
}
