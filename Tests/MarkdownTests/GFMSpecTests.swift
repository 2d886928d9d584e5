import Foundation
import Markdown
import Testing

/// One example from `Fixtures/gfm-spec.json` (written by `Scripts/gfm-spec-fixture`).
struct GFMCase: Decodable, CustomTestStringConvertible, Sendable {
    var name: String
    var extension_: String
    var markdown: String
    /// The spec's own HTML (nil for the task list examples, which the spec marks "disabled" because
    /// cmark-gfm writes the checkbox differently).
    var spec: String?
    /// What Debian's cmark-gfm 0.29.0.gfm.6 printed for the example.
    var cmarkGFM: String

    enum CodingKeys: String, CodingKey {
        case name, extension_ = "extension", markdown, spec, cmarkGFM
    }

    var testDescription: String { name }

    static let all: [GFMCase] = {
        guard let url = Bundle.module.url(forResource: "gfm-spec", withExtension: "json", subdirectory: "Fixtures"),
              let data = try? Data(contentsOf: url),
              let cases = try? JSONDecoder().decode([GFMCase].self, from: data)
        else { return [] }
        return cases
    }()
}

/// Our GFM extensions on libcmark, compared with cmark-gfm.
@Suite("GFM extensions against cmark-gfm")
struct GFMSpecTests {
    static func render(_ markdown: String) -> String {
        MarkdownDocument(parsing: markdown, extensions: .gfm).renderHTML()
    }

    @Test func fixtureHoldsEverySpecExample() {
        let counts = Dictionary(grouping: GFMCase.all, by: \.extension_).mapValues(\.count)
        #expect(counts == ["table": 8, "strikethrough": 2, "autolink": 11, "tasklist": 2, "extra": 24, "crasher": 2])
    }

    /// The inputs Fuzz/FuzzMarkdown crashed on (minimised under valgrind): a strikethrough freed a
    /// text node a later pass still listed; a table was read after the document freed it. Each goes
    /// the whole way a page goes, and renders as cmark-gfm renders it, the same every time.
    @Test("a former crasher renders as cmark-gfm, again and again", arguments: GFMCase.all.filter { $0.extension_ == "crasher" })
    func formerCrasher(_ example: GFMCase) {
        let document = MarkdownDocument(parsing: example.markdown, extensions: [.gfm, .headingIDs])
        #expect(document.renderHTML() == example.cmarkGFM)
        #expect(document.renderHTML() == example.cmarkGFM)
        let markdown = document.renderCommonMark()
        #expect(document.renderCommonMark() == markdown)
        #expect(Self.render(markdown) == example.cmarkGFM)
    }

    @Test("renders what cmark-gfm renders", arguments: GFMCase.all)
    func matchesCmarkGFM(_ example: GFMCase) {
        #expect(Self.render(example.markdown) == example.cmarkGFM)
    }

    @Test("renders the spec's HTML (alignment as style)", arguments: GFMCase.all.filter { $0.spec != nil })
    func matchesSpec(_ example: GFMCase) throws {
        let spec = try #require(example.spec)
        let styled = spec.replacing(#/ align="(\w+)"/#) { " style=\"text-align: \($0.output.1)\"" }
        #expect(Self.render(example.markdown) == styled)
    }

    /// Runs the installed cmark-gfm, if any, on inputs written here; nil when it is not on PATH.
    static func liveOracle(_ markdown: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist",
                             "--table-prefer-style-attributes"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    static let liveInputs = [
        "| 상품 | 값 |\n|---|--:|\n| [사과](a.md) | 1 |\n| ~~품절~~ | www.shop.kr/사과 |\n",
        "para\n| x |\n|:-:|\n|  |\n| \\| | \n",
        "> - [ ] quoted task\n>   - [x] nested\n",
        "| a | b |\n|---|---|\n\n| lone | row |\n",
        "~~a~~b~~ ~a ~~b~~ c~ user@mail.example.com. ftp://files.example.org/x_y",
        "# Title www.example.com\n\nSee https://example.com/a_(b)_c?d=e&amp;f=g;\n",
    ]

    @Test("renders what the installed cmark-gfm renders", arguments: liveInputs)
    func matchesLiveOracle(_ markdown: String) throws {
        let expected = try #require(Self.liveOracle(markdown), "cmark-gfm, this test's oracle, is not installed: apt-get install -y cmark-gfm")
        #expect(Self.render(markdown) == expected)
    }
}

/// The example site's own pages (front matter removed) against the installed cmark-gfm.
@Suite("Example content against cmark-gfm")
struct ExampleContentTests {
    static let pages: [String] = {
        let content = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Content")
        let files = FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" } ?? []
        return files.map { $0.path.replacingOccurrences(of: content.path + "/", with: "") }.sorted()
    }()

    @Test("renders as cmark-gfm renders it", arguments: pages)
    func page(_ path: String) throws {
        let content = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Content")
        var text = try String(contentsOf: content.appendingPathComponent(path), encoding: .utf8)
        if text.hasPrefix("---\n"), let end = text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex) {
            text = String(text[end.upperBound...])
        }
        let expected = try #require(GFMSpecTests.liveOracle(text), "cmark-gfm, this test's oracle, is not installed: apt-get install -y cmark-gfm")
        #expect(GFMSpecTests.render(text) == expected)
    }
}

/// Long lines cost time in proportion to their length: each autolink used to copy the rest of its
/// line (20,000 `www.` links on one line took 29 s; e-mails, `:` and `~` texts likewise).
@Suite("GFM extensions on long lines")
struct GFMLongLineTests {
    @Test("a line of 20,000 links, e-mails and strikethroughs renders in linear time", arguments: [
        ("www.a.b ", "<a href=\"http://www.a.b\">www.a.b</a> "),
        ("https://a.b/c a@b.co *a* ~b~ ", "<a href=\"https://a.b/c\">https://a.b/c</a> <a href=\"mailto:a@b.co\">a@b.co</a> <em>a</em> <del>b</del> "),
    ])
    func longLine(_ piece: String, _ html: String) {
        let count = 20_000 / piece.split(separator: " ").count
        let text = String(repeating: piece, count: count)
        let clock = ContinuousClock()
        var rendered = ""
        let elapsed = clock.measure {
            rendered = MarkdownDocument(parsing: text, extensions: .gfm).renderHTML()
        }
        let expected = "<p>" + String(String(repeating: html, count: count).dropLast()) + "</p>\n"
        #expect(rendered == expected)
        #expect(elapsed < .seconds(10))
    }
}
