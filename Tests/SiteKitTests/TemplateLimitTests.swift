import Foundation
import SiteKit
import Testing

/// Templates that would render without end, and template errors that went unreported (issue 31):
/// each stops the build with an error naming the file, the line and the templates' chain.
@Suite("Templates: limits and errors found")
struct TemplateLimitTests {
    private func site(_ templates: [String: String], content: [String: String] = ["Content/index.md": "# Home\n"]) throws -> TestSite {
        let site = try TestSite(content, templates: .bare)
        for (name, text) in templates { try site.write(text, to: "Templates/\(name).mustache") }
        return site
    }

    /// 40 partials, each including the next one twice, never finished and printed nothing.
    @Test func exponentialPartialsStopTheBuildWithTheChain() async throws {
        var templates = ["home": "<main>\n{{> p0}}\n</main>\n", "p40": "x"]
        for index in 0..<40 { templates["p\(index)"] = "{{> p\(index + 1)}}\n{{> p\(index + 1)}}\n" }
        let site = try site(templates)
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.step == "Render pages")
        let message = try #require(failure.diagnostics.first?.description)
        #expect(message.hasPrefix("Templates/p"))
        #expect(message.contains("template error (rendering Content/index.md): rendering takes more than 1,000,000 partial expansions and section repetitions; templates: Templates/home.mustache:2 {{>p0}} → Templates/p0.mustache:"))
        #expect(!site.exists("index.html"))
    }

    /// A section tree drawn by a partial that includes itself: a leaf without `children` finds
    /// its parent's up the context stack and the recursion never ends.
    @Test func runawayRecursionStopsTheBuildWithTheChain() async throws {
        let site = try site(["home": "<main>\n{{#page}}\n{{> tree}}\n{{/page}}\n</main>\n", "tree": "<li>{{title}}\n{{#page}}{{> tree}}{{/page}}</li>\n"])
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Templates/tree.mustache:2: template error (rendering Content/index.md): partials, parents and overridden blocks nested more than 100 deep (does the data end the recursion, e.g. an empty list of children at the leaves?); templates: Templates/home.mustache:3 {{>tree}} → Templates/tree.mustache:2 {{>tree}} ×100",
        ])
    }

    /// After `{{=<% %>=}}`, a partial that names no template rendered nothing.
    @Test func aMissingPartialAfterChangedDelimitersIsAnError() async throws {
        let site = try site(["page": "{{=<% %>=}}\n<main>\n<%> nowhere %>\n</main>\n"])
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.step == "Load templates")
        #expect(failure.diagnostics.map(\.description) == [
            "Templates/page.mustache:3: template error: {{>nowhere}} names no template in Templates/ or the built-in templates (have: 404, base, home, page, partials/child, partials/frame-css, search, taxonomy, term)",
        ])
    }

    /// A partial named by a value that names no template.
    @Test func aMissingPartialNamedByAValueIsAnError() async throws {
        let site = try site(["home": "<main>\n{{#page}}\n{{>*title}}\n{{/page}}\n</main>\n"])
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Templates/home.mustache:3: template error (rendering Content/index.md): {{>Home}} names no template; templates: Templates/home.mustache:3 {{>Home}}",
        ])
    }

    /// CRLF and CR templates reported every error at line 1.
    @Test(arguments: ["\r\n", "\r"])
    func errorsInCRLFAndCRTemplatesNameTheirLine(_ newline: String) async throws {
        let site = try site([
            "page": ["<main>", "{{{page.content}}}", "{{> missing}}", "</main>", ""].joined(separator: newline),
            "home": ["<main>", "", "{{#page}}", "</main>", ""].joined(separator: newline),
        ])
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Templates/home.mustache:3: template error: a section is never closed (missing {{/page}})",
            "Templates/page.mustache:3: template error: {{>missing}} names no template in Templates/ or the built-in templates (have: 404, base, page, partials/child, partials/frame-css, search, taxonomy, term)",
        ])
    }

    /// A front-matter error hid the templates' errors: both are reported by one build.
    @Test func frontMatterAndTemplateErrorsAreReportedTogether() async throws {
        let site = try site(["page": "<main>\n{{#page}}\n</main>\n"], content: ["Content/index.md": "---\ntitle: Home\nweight: heavy\n---\n# Home\n"])
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.step == "Load content, Load templates")
        #expect(failure.diagnostics.map(\.description) == [
            "Content/index.md:3: weight must be an integer, got \"heavy\"",
            "Templates/page.mustache:2: template error: a section is never closed (missing {{/page}})",
        ])
    }
}
