import Foundation
import SiteKit
import TestThreads
import Testing

/// The search index read back as the search page reads it: the table of contents, then each term
/// file it names, each set of pages decoded (a list of gaps, or "." and a bitmap).
struct ReadIndex {
    /// The first term and name of each term file, from `search/search-index.js`.
    var firsts: [String] = []
    var names: [String] = []
    /// Each term's line in order of the files: the term and its sets (anywhere, title, headings).
    var rows: [(term: String, sets: [Set<Int>])] = []
    /// Each term file's bytes, by name.
    var sizes: [String: Int] = [:]

    init(_ files: [String: Data]) throws {
        let contents = String(decoding: try #require(files["search/search-index.js"]), as: UTF8.self)
        let json = try #require(contents.firstMatch(of: #/^sitegenSearch\.index\((.*)\);\n$/#.dotMatchesNewlines())?.1)
        let index = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        firsts = try #require(index["terms"] as? [String])
        names = try #require(index["files"] as? [String])
        for name in names {
            let data = try #require(files["search/terms/\(name).js"], "term file \(name)")
            sizes[name] = data.count
            let text = String(decoding: data, as: UTF8.self)
            let prefix = "sitegenSearch.terms(\"\(name)\","
            #expect(text.hasPrefix(prefix) && text.hasSuffix(");\n"))
            let body = text.dropFirst(prefix.count).dropLast(3)
            let lines = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String]])
            #expect(lines.first?.first == firsts[names.firstIndex(of: name) ?? 0])
            for line in lines {
                let anywhere = try Self.pages(line[1])
                rows.append((line[0], try [anywhere] + line.dropFirst(2).map { $0 == "=" ? anywhere : try Self.pages($0) }))
            }
        }
    }

    /// The pages of `term` in each set (anywhere, title, headings), or nil when it is not indexed.
    func sets(_ term: String) -> [Set<Int>]? {
        rows.first { $0.term == term }.map { $0.sets + Array(repeating: [], count: 3 - $0.sets.count) }
    }

    static let digits = Dictionary(uniqueKeysWithValues: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".enumerated().map { ($1, $0) })

    /// A set of pages as ``SearchPostings`` writes it.
    static func pages(_ code: String) throws -> Set<Int> {
        var pages = Set<Int>()
        var characters = code[...]
        let bitmap = characters.first == "."
        if bitmap { characters = characters.dropFirst() }
        var page = -1, value = 0, shift = 0
        while let character = characters.first {
            characters = characters.dropFirst()
            let digit = try #require(digits[character])
            value += (digit & 31) << shift
            if digit >= 32 {
                shift += 5
                continue
            }
            page += value + 1
            value = 0
            shift = 0
            if bitmap { break }
            pages.insert(page)
        }
        guard bitmap else { return pages }
        for (offset, character) in characters.enumerated() {
            let digit = try #require(digits[character])
            for bit in 0..<6 where digit & (1 << bit) != 0 { pages.insert(page + offset * 6 + bit) }
        }
        return pages
    }
}

@Suite("Search index: split into term files by the terms alone, updated in place as pages change")
struct SearchUpdateTests {
    /// Page `n`: its title, a heading, and 30 words of its own in its description (`w7x0` …), so
    /// that 200 pages fill several term files.
    private static func page(_ n: Int, title: String? = nil, extra: String = "", drop: Int = 0) -> String {
        let words = (drop..<30).map { "w\(n)x\($0)" }.joined(separator: " ")
        return "---\ntitle: \(title ?? "Page \(n)")\nweight: \(n)\ndescription: \(words) \(extra)\n---\n## Part \(n) 재고조사\n\nText.\n"
    }

    private static let pages = 200

    private func makeSite() throws -> TestSite {
        var files = ["Content/site.yml": "title: Many\n", "Content/index.md": "---\ntitle: Home\n---\nWelcome home.\n"]
        for n in 0..<Self.pages { files["Content/p\(n).md"] = Self.page(n) }
        return try TestSite(files)
    }

    /// The session's build, on the tests' build threads (off the cooperative pool), as bytes.
    private func build(_ session: SiteSession, changed: Set<String> = []) async throws -> [String: Data] {
        let files = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build(changed: changed) }
        var out: [String: Data] = [:]
        for path in files.paths {
            switch files[path] {
            case .data(let data)?: out[path] = data
            case .file(let url)?: out[path] = try Data(contentsOf: url)
            case nil: break
            }
        }
        return out
    }

    /// The session's search files must be a fresh build's, and so must every other file.
    private func expectFresh(_ files: [String: Data], _ site: TestSite, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let folder = site.root.appendingPathComponent("Fresh-\(UUID().uuidString)")
        try await site.build { $0.outputDirectory = folder }
        let fresh = TestSite.snapshot(folder)
        try? FileManager.default.removeItem(at: folder)
        #expect(files.keys.sorted() == fresh.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in fresh where files[path] != data {
            Issue.record("\(path) differs from a fresh build", sourceLocation: sourceLocation)
        }
    }

    /// The term files whose bytes differ between two builds, or that only one has.
    private func changedTermFiles(_ before: [String: Data], _ after: [String: Data]) -> Set<String> {
        let paths = Set(before.keys).union(after.keys).filter { $0.hasPrefix("search/terms/") }
        return paths.filter { before[$0] != after[$0] }
    }

    @Test func everyTermListsExactlyItsPagesAndEveryPageIsFound() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try await site.build()
        let index = try ReadIndex(TestSite.snapshot(site.root.appendingPathComponent("Public")))
        // Pages in reading order: 0 the home page, then p0 … p199 by weight.
        #expect(index.names.count >= 4, "200 pages of 30 words of their own fill several files")
        for n in 0..<Self.pages {
            let page = n + 1
            #expect(index.sets("w\(n)x7") == [[page], [], []], "w\(n)x7")
            #expect(index.sets("\(n)")?[0].contains(page) == true, "page \(n) by its number")
        }
        #expect(index.sets("page") == [Set(1...Self.pages), Set(1...Self.pages), []])
        #expect(index.sets("part") == [Set(1...Self.pages), [], Set(1...Self.pages)])
        // Korean by syllables: 재고조사 also as 고조사, 조사, 사.
        for term in ["재고조사", "고조사", "조사", "사"] {
            #expect(index.sets(term) == [Set(1...Self.pages), [], Set(1...Self.pages)], "\(term)")
        }
        #expect(index.sets("w1x") == nil && index.sets("zebra") == nil)
        // Sorted as scripts compare strings, each term once, each file starting where the table
        // of contents says; no file past the longest cut and a line.
        let terms = index.rows.map(\.term)
        #expect(terms == terms.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        #expect(Set(terms).count == terms.count)
        #expect(index.sizes.values.allSatisfy { $0 < 24_000 + 200 })
    }

    @Test func anEditedPageChangesOnlyTheTermFilesOfItsTermsAndEqualsAFreshIndex() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let session = SiteSession(options: site.options, kinds: [])
        let first = try await build(session)
        let termFiles = first.keys.filter { $0.hasPrefix("search/terms/") }.count
        #expect(termFiles >= 4)

        // One page loses ten of its words and gains one: the files of w100x… and of "zucchini".
        try site.write(Self.page(100, extra: "zucchini", drop: 10), to: "Content/p100.md")
        let edited = try await build(session, changed: [site.root.appendingPathComponent("Content/p100.md").path])
        try await expectFresh(edited, site)
        let changed = changedTermFiles(first, edited)
        #expect((1...4).contains(changed.count), "\(changed.count) of \(termFiles) term files changed")
        #expect(try ReadIndex(edited).sets("zucchini") == [[101], [], []])
        #expect(try ReadIndex(edited).sets("w100x5") == nil)
        // Of the page files, only the one holding page 100's result changed.
        let pageFiles = Set(first.keys).union(edited.keys).filter { $0.hasPrefix("search/pages/") && first[$0] != edited[$0] }
        #expect(pageFiles.count == 1)

        // A heading of its own: in the headings set.
        try site.write(Self.page(7).replacingOccurrences(of: "## Part 7", with: "## Quince part 7"), to: "Content/p7.md")
        let heading = try await build(session, changed: [site.root.appendingPathComponent("Content/p7.md").path])
        try await expectFresh(heading, site)
        #expect(try ReadIndex(heading).sets("quince") == [[8], [], [8]])
        #expect(changedTermFiles(edited, heading).count <= 4)

        // Back as it was: the first build's files again.
        try site.write(Self.page(100), to: "Content/p100.md")
        try site.write(Self.page(7), to: "Content/p7.md")
        let restored = try await build(session, changed: Set(["p100.md", "p7.md"].map { site.root.appendingPathComponent("Content/\($0)").path }))
        #expect(restored.filter { $0.key.hasPrefix("search/") } == first.filter { $0.key.hasPrefix("search/") })
    }

    @Test func addedRenamedAndDeletedPagesGiveTheIndexAFreshBuildHas() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let session = SiteSession(options: site.options, kinds: [])
        _ = try await build(session)

        try site.write(Self.page(500, extra: "apricot"), to: "Content/new.md")
        var files = try await build(session, changed: [site.root.appendingPathComponent("Content/new.md").path])
        try await expectFresh(files, site)
        #expect(try ReadIndex(files).sets("apricot")?.first?.count == 1)

        try site.write(Self.page(3, title: "Page three renamed"), to: "Content/p3.md")
        files = try await build(session, changed: [site.root.appendingPathComponent("Content/p3.md").path])
        try await expectFresh(files, site)
        #expect(try ReadIndex(files).sets("renamed") == [[4], [4], []])

        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/p50.md"))
        files = try await build(session, changed: [site.root.appendingPathComponent("Content/p50.md").path])
        try await expectFresh(files, site)
        #expect(try ReadIndex(files).sets("w50x1") == nil)
        #expect(try ReadIndex(files).sets("w51x1") == [[51], [], []])

        // An edit of every page at once.
        for n in Set(0..<Self.pages).subtracting([50]) { try site.write(Self.page(n, extra: "fig\(n % 3)", drop: n % 5), to: "Content/p\(n).md") }
        files = try await build(session, changed: [])
        try await expectFresh(files, site)
    }
}
