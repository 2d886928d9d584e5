import Foundation
import ReportKit
import SiteKit
import TestThreads
import Testing

/// `SiteSession` against random edit sequences: after every edit — a page's body, its first
/// paragraph, its headings, title, tags, date or summary, a page added, deleted or renamed, a
/// draft, a template, `site.yml` — the session's site must be exactly what a fresh build writes,
/// whichever way the session rebuilt it (one page only, some, or all).
@Suite("Incremental builds after random edits")
struct SessionEditSequenceTests {
    /// The edits, drawn at random.
    enum Edit: CaseIterable {
        case appendParagraph, firstParagraph, heading, title, tags, date, summary, draft, add, delete, rename, template, config
    }

    /// One page of the generated site.
    struct PageText {
        var title: String
        var date: Int?
        var tags: [String]
        var first: String
        var rest: [String]
        var heading: String?
        var summary: String?
        var draft = false

        var text: String {
            var out = "---\ntitle: \(title)\ntags: [\(tags.joined(separator: ", "))]\n"
            if let date { out += "date: 2024-03-\(String(format: "%02d", date))\n" }
            if let summary { out += "summary: \(summary)\n" }
            if draft { out += "draft: true\n" }
            out += "---\n\(first)\n\n"
            if let heading { out += "## \(heading)\n\n" }
            return out + rest.joined(separator: "\n\n") + "\n\nSee [the section](index.md).\n"
        }
    }

    private static let words = ["mango", "kiwi", "queue", "teller", "morning", "juice", "stock", "wait", "rush", "calm"]

    @Test(arguments: [7, 2024])
    func everyRebuildEqualsAFreshBuild(seed: UInt64) async throws {
        var random = SplitMix(seed: seed)
        // An odd seed gives the site a feed (which shows a dated page's first paragraph), an even one none.
        let baseURL = seed % 2 == 1 ? "base_url: https://example.org/\n" : ""
        func word() -> String { Self.words[Int(random.next() % UInt64(Self.words.count))] }
        let site = try TestSite([
            "Content/site.yml": "title: Edits\n" + baseURL,
            "Content/index.md": "---\ntitle: Home\n---\nThe home page.\n",
        ])
        defer { site.remove() }
        var pages: [String: PageText] = [:]
        for section in ["a", "b", "c"] {
            try site.write("---\ntitle: Section \(section)\n---\nPages of \(section).\n", to: "Content/\(section)/index.md")
            for number in 1...4 {
                let page = PageText(
                    title: "Page \(section)\(number)", date: number == 3 ? nil : number, tags: [word()], first: "First \(word()) of \(section)\(number).",
                    rest: ["More \(word())."], heading: number % 2 == 0 ? "Part \(number)" : nil
                )
                pages["\(section)/p\(number).md"] = page
                try site.write(page.text, to: "Content/\(section)/p\(number).md")
            }
        }
        let session = SiteSession(options: site.options, kinds: [])
        var files = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build() }
        try await expectMatchesFreshBuild(files, site, step: "first build")
        var quick = 0
        var next = 5
        for step in 1...24 {
            let edit = Edit.allCases[Int(random.next() % UInt64(Edit.allCases.count))]
            let paths = pages.keys.sorted()
            let path = paths[Int(random.next() % UInt64(paths.count))]
            var changed = ["Content/" + path]
            var page = pages[path]
            switch edit {
            case .appendParagraph: page?.rest.append("Added \(word()) \(step).")
            case .firstParagraph: page?.first = "First \(word()) \(step)."
            case .heading: page?.heading = pages[path]?.heading == nil ? "Heading \(step)" : nil
            case .title: page?.title = "Retitled \(step)"
            case .tags: page?.tags = [word(), word()]
            case .date: page?.date = random.next() % 4 == 0 ? nil : 1 + Int(random.next() % 28)
            case .summary: page?.summary = pages[path]?.summary == nil ? "Summary \(step)" : nil
            case .draft: page?.draft.toggle()
            case .add:
                let added = "\(["a", "b", "c"][step % 3])/p\(next).md"
                next += 1
                pages[added] = PageText(title: "Added \(step)", date: step % 28 + 1, tags: [word()], first: "New \(word()).", rest: [])
                changed = ["Content/" + added]
            case .delete, .rename:
                guard paths.count > 4 else { continue }
                try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/" + path))
                let page = pages.removeValue(forKey: path)
                if edit == .rename, let page {
                    let renamed = "\(["a", "b", "c"][step % 3])/renamed-\(step).md"
                    pages[renamed] = page
                    changed.append("Content/" + renamed)
                }
            case .template:
                let template = site.root.appendingPathComponent("Templates/page.mustache")
                let text = try String(contentsOf: template, encoding: .utf8)
                try site.write(text.replacingOccurrences(of: "</article>", with: "<!-- \(step) --></article>"), to: "Templates/page.mustache")
                changed = ["Templates/page.mustache"]
            case .config:
                try site.write("title: Edits \(step)\n" + baseURL, to: "Content/site.yml")
                changed = ["Content/site.yml"]
            }
            if [.appendParagraph, .firstParagraph, .heading, .title, .tags, .date, .summary, .draft].contains(edit) { pages[path] = page }
            for name in changed where name.hasPrefix("Content/") && name.hasSuffix(".md") {
                if let page = pages[String(name.dropFirst("Content/".count))] { try site.write(page.text, to: name) }
            }
            let absolute = Set(changed.map { site.root.appendingPathComponent($0).path })
            files = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build(changed: absolute) }
            if let work = await session.lastRebuild, !work.full, work.rendered == 1 { quick += 1 }
            try await expectMatchesFreshBuild(files, site, step: "step \(step), \(edit) of \(path)")
        }
        // The sequence exercised the one-page rebuild as well as the others.
        #expect(quick > 0)
    }
}

/// A small seeded generator (SplitMix64), so a failing sequence comes back on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
