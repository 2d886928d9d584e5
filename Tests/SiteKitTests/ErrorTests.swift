import Basics
import Foundation
import ReportKit
import SiteKit
import Testing

@Suite("Bad input: file:line messages, non-zero, previous output untouched")
struct ErrorTests {
    /// Builds a good site, breaks one file, builds again: the failure is returned and the
    /// output folder must be byte-identical to the good build.
    private func breakAndCheck(_ path: String, _ text: String, templates: TestSite.Templates = .project, strict: Bool = false) async throws -> BuildFailure {
        let site = try TestSite([
            "Content/index.md": "---\ntitle: Home\n---\nWelcome to [the guide](guide.md).\n",
            "Content/guide.md": "# Guide\n\nText.\n",
        ], templates: templates)
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        #expect(before.count > 4)
        try site.write(text, to: path)
        let failure = try #require(await site.failure { $0.strict = strict })
        #expect(try site.snapshot() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("sitegen-staging") }
        #expect(leftovers.isEmpty)
        return failure
    }

    @Test func brokenFrontMatterYAML() async throws {
        let failure = try await breakAndCheck("Content/guide.md", "---\ntitle: [unclosed\nweight: 1\n---\nBody\n")
        #expect(failure.step == "Load content")
        let message = try #require(failure.diagnostics.first?.description)
        #expect(message.hasPrefix("Content/guide.md:3: invalid YAML"))
    }

    @Test func unclosedFrontMatter() async throws {
        let failure = try await breakAndCheck("Content/guide.md", "---\ntitle: x\nBody\n")
        #expect(failure.diagnostics.map(\.description) == ["Content/guide.md:1: front matter starts with --- but has no closing --- line"])
    }

    @Test func unknownFrontMatterKey() async throws {
        let failure = try await breakAndCheck("Content/guide.md", "---\ntitle: Guide\ntitel: typo\n---\nBody\n")
        #expect(failure.diagnostics.map(\.description) == [
            "Content/guide.md:3: unknown key \"titel\" (did you mean \"title\"?); expected one of: title, description, date, draft, layout, weight, toc, extra, summary, slug, aliases, tags",
        ])
    }

    @Test func wrongTypesAreAllReported() async throws {
        let failure = try await breakAndCheck("Content/guide.md", "---\nweight: heavy\ndraft: maybe\ndate: yesterday\n---\nBody\n")
        #expect(failure.diagnostics.map(\.description) == [
            "Content/guide.md:2: weight must be an integer, got \"heavy\"",
            "Content/guide.md:3: draft must be true or false, got \"maybe\"",
            "Content/guide.md:4: date must be a date like 2024-05-01 or a time like 2024-05-01T09:30:00+09:00, got \"yesterday\"",
        ])
    }

    @Test func badSiteConfig() async throws {
        let failure = try await breakAndCheck("Content/site.yml", "title: T\nbase_url: ftp://x\ncolour: red\n")
        // The unknown key does not hide the bad URL.
        #expect(failure.diagnostics.map(\.description).sorted() == [
            "Content/site.yml:2: base_url must be an absolute http(s) URL with a host (and a port from 1 to 65535, if any) like https://example.com/, got \"ftp://x\"",
            "Content/site.yml:3: unknown key \"colour\"; expected one of: title, description, base_url, language, unsafe_html, heading_ids, taxonomies, author, security",
        ])
        let second = try await breakAndCheck("Content/site.yml", "base_url: ftp://x\n")
        #expect(second.diagnostics.map(\.description) == [
            "Content/site.yml:1: base_url must be an absolute http(s) URL with a host (and a port from 1 to 65535, if any) like https://example.com/, got \"ftp://x\"",
        ])
    }

    @Test func templateSyntaxError() async throws {
        let failure = try await breakAndCheck("Templates/page.mustache", "<main>\n{{#page}}\n{{title}}\n{{/pgae}}\n</main>\n")
        #expect(failure.step == "Load templates")
        let message = try #require(failure.diagnostics.first?.description)
        #expect(message.hasPrefix("Templates/page.mustache:4: template error: a section is closed with a name that does not match"))
    }

    @Test func templateNamesMissingPartial() async throws {
        let failure = try await breakAndCheck("Templates/page.mustache", "<main>\n{{> nowhere}}\n</main>\n")
        let message = try #require(failure.diagnostics.first?.description)
        #expect(message.hasPrefix("Templates/page.mustache:2: template error: {{>nowhere}} names no template"))
    }

    /// An unknown layout is a warning (the page renders with `page`), an error with `--strict`.
    @Test func unknownLayout() async throws {
        let failure = try await breakAndCheck("Content/guide.md", "---\nlayout: fancy\n---\nBody\n", strict: true)
        let message = try #require(failure.diagnostics.first?.description)
        #expect(message.hasPrefix("Content/guide.md:2: layout \"fancy\" names no template"))
    }

    @Test func brokenReportBlock() async throws {
        let site = try TestSite(["Content/index.md": "Intro\n\n```echo\nfail: here\n```\n"], templates: .bare)
        defer { site.remove() }
        var withKind = site
        withKind.kinds = [EchoKind()]
        let failure = try #require(await withKind.failure())
        #expect(failure.step == "Run report blocks")
        #expect(failure.diagnostics.map(\.description) == ["Content/index.md:4: echo: fail was asked for"])
    }
}

/// One run reports every problem: an unknown key never hides a bad value, every duplicate key is named.
@Suite("Bad input: every error, every time")
struct EveryErrorTests {
    @Test func anUnknownSiteKeyDoesNotHideABadBaseURL() throws {
        #expect(throws: Diagnostics([
            Diagnostic(line: 1, "unknown key \"titel\" (did you mean \"title\"?); expected one of: title, description, base_url, language, unsafe_html, heading_ids, taxonomies, author, security"),
            Diagnostic(line: 2, "base_url must be an absolute http(s) URL with a host (and a port from 1 to 65535, if any) like https://example.com/, got \"ftp://x\""),
        ])) {
            try SiteConfig(yaml: "titel: A\nbase_url: ftp://x\n")
        }
    }

    /// Issue 31: `base_url: https:///x` (no host) and a port past 65535 were accepted.
    @Test(arguments: ["https:///x", "https://example.com:99999/", "http://example.com:0/"])
    func aBaseURLWithoutAHostOrWithABadPortIsAnError(url: String) throws {
        #expect(throws: Diagnostic(line: 1, "base_url must be an absolute http(s) URL with a host (and a port from 1 to 65535, if any) like https://example.com/, got \"\(url)\"")) {
            try SiteConfig(yaml: "base_url: \(url)\n")
        }
    }

    @Test func everyDuplicateKeyIsReported() {
        let problems: [Diagnostic]
        do {
            _ = try FrontMatter(yaml: "title: A\ntitle: B\nweight: 1\nweight: 2\n", lineOffset: 1)
            problems = []
        } catch {
            problems = Diagnostics.from(error)
        }
        #expect(problems == [Diagnostic(line: 3, "duplicate key \"title\""), Diagnostic(line: 5, "duplicate key \"weight\"")])
    }

    /// Issue 31: a duplicate key hid every other error in its text (Yams stops at it); now each
    /// repetition is reported where it is, and the rest is read.
    @Test func aDuplicateKeyDoesNotHideTheOtherErrors() throws {
        func problems(_ body: () throws -> Void) -> [Diagnostic] {
            do { try body() } catch { return Diagnostics.from(error).sorted { ($0.line ?? 0) < ($1.line ?? 0) } }
            return []
        }
        #expect(problems { _ = try FrontMatter(yaml: "title: A\ntitle: B\nweight: heavy\n", lineOffset: 1) } == [
            Diagnostic(line: 3, "duplicate key \"title\""),
            Diagnostic(line: 4, "weight must be an integer, got \"heavy\""),
        ])
        // Repeated at two levels, and a bad value after them.
        #expect(problems { _ = try SiteConfig(yaml: "title: A\ntitle: B\nsecurity:\n  http: {urls: []}\n  http: {urls: []}\nbase_url: ftp://x\n") } == [
            Diagnostic(line: 2, "duplicate key \"title\""),
            Diagnostic(line: 5, "duplicate key \"http\""),
            Diagnostic(line: 6, "base_url must be an absolute http(s) URL with a host (and a port from 1 to 65535, if any) like https://example.com/, got \"ftp://x\""),
        ])
    }
}

/// Inputs that would make a step take minutes are refused with a message, not rendered.
@Suite("Bad input: bounded work")
struct BoundedInputTests {
    @Test func aHugeRunOfAsterisksIsRefusedAtItsLine() async throws {
        let run = String(repeating: "*", count: 100_000)
        let site = try TestSite([
            "Content/index.md": "# Home\n",
            "Content/p.md": "---\ntitle: P\n---\nIntro.\n\n\(run)a\(run)\n",
            "Content/ok.md": "# OK\n\n" + String(repeating: "*", count: 1_000) + "\n",
            "Content/q.md": "# Q\n\n" + String(repeating: "_", count: 1_000) + "*" + String(repeating: "_", count: 999) + "\n" + String(repeating: "_", count: 1_001) + "\n",
        ])
        defer { site.remove() }
        let failure = try #require(await site.failure())
        // Refused while the content is loaded, so the Markdown renderer (where such a run costs
        // minutes) never sees it: a bound on the work that does not depend on the machine's load.
        #expect(failure.step == "Load content")
        #expect(failure.diagnostics.map(\.description) == [
            "Content/p.md:6: a run of 100,000 \"*\" characters; at most 1,000 in a row (longer runs make the Markdown renderer take minutes); escape them or shorten the run",
            "Content/q.md:4: a run of 1,001 \"_\" characters; at most 1,000 in a row (longer runs make the Markdown renderer take minutes); escape them or shorten the run",
        ])
    }
}
