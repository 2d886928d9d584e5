import Foundation
import Markdown
import Testing

/// Footnotes as cmark-gfm's `footnotes` extension renders them, checked against the installed
/// cmark-gfm (`cmark-gfm -e footnotes` with the other GitHub extensions).
@Suite("GFM footnotes, as cmark-gfm renders them")
struct FootnoteTests {
    static let inputs = [
        "Text[^1] and more[^note] and again[^1].\n\n[^1]: First *note*.\n\n    indented para\n[^note]: Second.\n[^unused]: Nope.\n\nAfter [^missing].\n",
        "One[^a].\n\n[^a]: A note with a [link](https://example.com) and `code`.\n",
        "Before [^x] and `[^x]` in code.\n\n```\n[^x] in a fence\n```\n\n[^x]: The note.\n",
        "# Heading[^h]\n\n- item[^h]\n\n| a | b |\n|---|---|\n| cell[^h] | ~~x~~ |\n\n[^h]: Used three times.\n",
        "Lazy[^lazy].\n\n[^lazy]: first line\ncontinues lazily\n\n    and a second paragraph\n\nAfter the note.\n",
        "Case[^Label].\n\n[^label]: Labels match without case.\n",
        "No definitions [^1] here.\n",
    ]

    static func oracle(_ markdown: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cmark-gfm", "-e", "footnotes", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist",
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

    @Test("renders what the installed cmark-gfm renders", arguments: inputs)
    func matchesCmarkGFM(_ markdown: String) throws {
        let expected = try #require(Self.oracle(markdown), "cmark-gfm, this test's oracle, is not installed: apt-get install -y cmark-gfm")
        #expect(MarkdownDocument(parsing: markdown, extensions: [.gfm, .footnotes]).renderHTML() == expected)
    }

    /// The Markdown twin writes references and definitions back in GFM syntax.
    @Test func commonMarkKeepsTheFootnotes() {
        let document = MarkdownDocument(parsing: "Text[^1].\n\n[^1]: The *note*.\n", extensions: [.gfm, .footnotes])
        #expect(document.renderCommonMark() == "Text[^1].\n\n[^1]: The *note*.\n")
    }

    /// A definition's nodes keep the lines they have in the file (links in notes are checked by line).
    @Test func definitionsKeepTheirLines() {
        let document = MarkdownDocument(parsing: "Text[^1].\n\nMore.\n\n[^1]: See [x](x.md).\n", extensions: [.gfm, .footnotes])
        #expect(document.links().map(\.startLine) == [5])
    }
}
