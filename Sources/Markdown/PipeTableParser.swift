import CCmark

/// Finds pipe tables in paragraphs libcmark has parsed and replaces them by ``PipeTable`` nodes,
/// following cmark-gfm: a header row followed by a matching delimiter row starts a table (the
/// lines before it stay a paragraph), and the rows run to the end of the paragraph or to the first
/// line that starts another block inside a table.
struct PipeTableParser {
    let source: SourceText
    /// Applied to each cell's inline content, with the text it was parsed from.
    let inlinePass: (OpaquePointer, SourceText) -> Void
    private(set) var tables: [PipeTable] = []
    /// Paragraphs and headings that were parsed from a snippet, with its text.
    private(set) var snippetSources: [OpaquePointer: SourceText] = [:]
    private var references: String?

    init(source: SourceText, inlinePass: @escaping (OpaquePointer, SourceText) -> Void) {
        self.source = source
        self.inlinePass = inlinePass
    }

    /// A paragraph or setext heading to look at, the text its positions refer to, and the block
    /// its container prefixes stop at (nil: the document).
    private struct Candidate {
        var node: OpaquePointer
        var source: SourceText
        var boundary: OpaquePointer?
    }

    mutating func apply(to root: OpaquePointer) {
        var work = Self.candidates(in: root).map { Candidate(node: $0, source: source, boundary: nil) }
        var index = 0
        while index < work.count {
            let candidate = work[index]
            index += 1
            work += convert(candidate)
        }
    }

    /// Paragraphs and setext headings under `root`, in document order.
    private static func candidates(in root: OpaquePointer) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return found }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_PARAGRAPH {
                found.append(node)
            } else if type == CMARK_NODE_HEADING, cmark_node_get_end_line(node) > cmark_node_get_start_line(node) {
                found.append(node)
            }
        }
        return found
    }

    /// Replaces a table in the candidate's lines; returns new candidates from the lines after it.
    private mutating func convert(_ candidate: Candidate) -> [Candidate] {
        let node = candidate.node
        let isHeading = cmark_node_get_type(node) == CMARK_NODE_HEADING
        let lastLine = Int(cmark_node_get_end_line(node))
        var lines = candidate.source.contentLines(of: node, through: lastLine, boundary: candidate.boundary)
        // libcmark may end a setext heading on the blank line after its underline.
        while let last = lines.last, PipeTableRow.isBlank(last.text) { lines.removeLast() }
        var underline: [UInt8]?
        if isHeading, let last = lines.last, last.text.first == UInt8(ascii: "-") {
            underline = last.text
            lines.removeLast()
        }
        guard lines.count >= 2, let (header, alignments) = Self.findHeader(in: lines) else { return [] }

        var end = header + 2
        while end < lines.count, !Self.endsTable(lines[end]) { end += 1 }
        var rows = [PipeTableRow.cells(lines[header].text)]
        for line in lines[(header + 2)..<end] { rows.append(PipeTableRow.cells(line.text)) }
        guard let table = buildTable(rows: rows, alignments: alignments) else { return [] }

        let parent = cmark_node_parent(node)
        let before = lines[..<header].map { String(decoding: $0.text, as: UTF8.self) }.joined(separator: "\n")
        if !before.isEmpty {
            for block in insert(before.replacing("\\|", with: "|"), before: node) {
                registerSource(of: block.0, block.1)
            }
        }
        _ = cmark_node_insert_before(node, table.node)
        tables.append(table)

        var next: [Candidate] = []
        var after: OpaquePointer = table.node
        if end < lines.count {
            var rest = lines[end...].map { String(repeating: " ", count: $0.indent) + String(decoding: $0.text, as: UTF8.self) }
            if let underline { rest.append(String(decoding: underline, as: UTF8.self)) }
            let snippet = MarkdownSnippet(rest.joined(separator: "\n"), references: referenceText())
            for block in snippet.blocks {
                _ = cmark_node_insert_after(after, block)
                after = block
                registerSource(of: block, snippet.source)
                next += Self.candidates(in: block).map { Candidate(node: $0, source: snippet.source, boundary: parent) }
            }
            withExtendedLifetime(snippet) {}
        } else if underline != nil {
            let rule: OpaquePointer = cmark_node_new(CMARK_NODE_THEMATIC_BREAK)
            _ = cmark_node_insert_after(after, rule)
        }
        cmark_node_unlink(node)
        cmark_node_free(node)
        return next
    }

    /// The first line that is a header row followed by a delimiter row with as many cells.
    private static func findHeader(in lines: [ContentLine]) -> (Int, [PipeTableRow.Alignment])? {
        for index in 0..<(lines.count - 1) {
            let delimiter = lines[index + 1]
            guard !delimiter.lazy, delimiter.indent < 4,
                  let alignments = PipeTableRow.delimiter(delimiter.text),
                  PipeTableRow.cells(lines[index].text).count == alignments.count
            else { continue }
            return (index, alignments)
        }
        return nil
    }

    /// True for a line that ends a table although it would continue a paragraph: a lazy line, an
    /// indented code line, a list item a paragraph cannot be interrupted by, an HTML tag line.
    private static func endsTable(_ line: ContentLine) -> Bool {
        if line.lazy || line.indent >= 4 { return true }
        let text = line.text
        guard let first = text.first else { return true }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            return text.dropFirst().allSatisfy { PipeTableRow.isSpaceChar($0) }
        }
        var digits = 0
        while digits < text.count, digits < 10, text[digits] >= UInt8(ascii: "0"), text[digits] <= UInt8(ascii: "9") { digits += 1 }
        if digits > 0, digits <= 9, digits < text.count, text[digits] == UInt8(ascii: ".") || text[digits] == UInt8(ascii: ")") {
            return digits + 1 == text.count || PipeTableRow.isSpaceChar(text[digits + 1])
        }
        return isHTMLTagLine(text)
    }

    /// An opening or closing tag alone on its line (CommonMark's HTML block start 7).
    private static func isHTMLTagLine(_ text: [UInt8]) -> Bool {
        var end = text.count
        while end > 0, PipeTableRow.isSpaceChar(text[end - 1]) { end -= 1 }
        guard end >= 3, text[0] == UInt8(ascii: "<"), text[end - 1] == UInt8(ascii: ">") else { return false }
        let nameStart = text[1] == UInt8(ascii: "/") ? 2 : 1
        guard nameStart < end, Self.isASCIILetter(text[nameStart]) else { return false }
        return !text[1..<(end - 1)].contains(UInt8(ascii: "<"))
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// Parses every cell (padded or cut to the header's width) in one snippet, one paragraph per
    /// cell, and builds the table from their inline content.
    private mutating func buildTable(rows: [[[UInt8]]], alignments: [PipeTableRow.Alignment]) -> PipeTable? {
        let columns = alignments.count
        var text = ""
        for row in rows {
            for column in 0..<columns {
                // An empty link first keeps every cell a paragraph (no `#`, `-`, `<div>` block starts).
                text += "[](#)"
                if column < row.count { text += String(decoding: row[column], as: UTF8.self) }
                text += "\n\n"
            }
        }
        let snippet = MarkdownSnippet(text, references: referenceText())
        let paragraphs = snippet.blocks
        guard paragraphs.count == rows.count * columns,
              paragraphs.allSatisfy({ cmark_node_get_type($0) == CMARK_NODE_PARAGRAPH })
        else { return nil }
        var cells: [[[OpaquePointer]]] = []
        for row in 0..<rows.count {
            var contents: [[OpaquePointer]] = []
            for column in 0..<columns {
                let paragraph = paragraphs[row * columns + column]
                if let marker = cmark_node_first_child(paragraph), cmark_node_get_type(marker) == CMARK_NODE_LINK {
                    cmark_node_unlink(marker)
                    cmark_node_free(marker)
                }
                inlinePass(paragraph, snippet.source)
                var children: [OpaquePointer] = []
                var child = cmark_node_first_child(paragraph)
                while let current = child {
                    children.append(current)
                    child = cmark_node_next(current)
                }
                contents.append(children)
            }
            cells.append(contents)
        }
        let table = PipeTable(alignments: alignments, cells: cells)
        withExtendedLifetime(snippet) {}
        return table
    }

    /// Parses `text` and inserts its blocks before `node`; returns them with their source.
    private mutating func insert(_ text: String, before node: OpaquePointer) -> [(OpaquePointer, SourceText)] {
        let snippet = MarkdownSnippet(text, references: referenceText())
        var inserted: [(OpaquePointer, SourceText)] = []
        for block in snippet.blocks {
            _ = cmark_node_insert_before(node, block)
            inserted.append((block, snippet.source))
        }
        withExtendedLifetime(snippet) {}
        return inserted
    }

    /// Records the snippet text of every paragraph and heading in `block`.
    private mutating func registerSource(of block: OpaquePointer, _ text: SourceText) {
        guard let iterator = cmark_iter_new(block) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING { snippetSources[node] = text }
        }
    }

    private mutating func referenceText() -> String {
        if let references { return references }
        let found = MarkdownSnippet.references(in: source)
        references = found
        return found
    }
}
