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
    private var references: ReferenceDefinitions?
    /// Owns the paragraphs and headings a table replaced, and the snippets parsed here.
    private let detached: DetachedNodes
    /// Paragraphs and headings a table replaced (in `detached`), not to be looked at again.
    private var removed: Set<OpaquePointer> = []

    init(source: SourceText, detached: DetachedNodes, inlinePass: @escaping (OpaquePointer, SourceText) -> Void) {
        self.source = source
        self.detached = detached
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

    /// Paragraphs of two lines or more and setext headings under `root`, in document order: a
    /// table needs a header row and a delimiter row (a one-line paragraph may still become rows
    /// of a table that a heading before it starts).
    private static func candidates(in root: OpaquePointer) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return found }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING, cmark_node_get_end_line(node) > cmark_node_get_start_line(node) {
                found.append(node)
            }
        }
        return found
    }

    /// The content lines of a paragraph or setext heading; a `---` underline is split off (it
    /// becomes a thematic break after a table), a `===` underline stays (it is a row in a table).
    private func lines(of node: OpaquePointer, _ source: SourceText, _ boundary: OpaquePointer?) -> (lines: [ContentLine], dashes: [UInt8]?) {
        var lines = source.contentLines(of: node, through: Int(cmark_node_get_end_line(node)), boundary: boundary)
        guard cmark_node_get_type(node) == CMARK_NODE_HEADING else { return (lines, nil) }
        // libcmark may end a setext heading on the line after its underline: the underline is the
        // first `===` or `---` line after the heading's first line.
        if let underline = lines.indices.dropFirst().first(where: { Self.isSetextUnderline(lines[$0]) }) {
            lines.removeSubrange((underline + 1)...)
        }
        if let last = lines.last, last.text.first == UInt8(ascii: "-") {
            lines.removeLast()
            return (lines, last.text)
        }
        return (lines, nil)
    }

    /// Replaces a table in the candidate's lines; returns new candidates from the lines after it.
    private mutating func convert(_ candidate: Candidate) -> [Candidate] {
        let node = candidate.node
        guard !removed.contains(node) else { return [] }
        var (lines, dashes) = lines(of: node, candidate.source, candidate.boundary)
        guard lines.count >= 2, let (header, alignments) = Self.findHeader(in: lines) else { return [] }

        var end = header + 2
        while end < lines.count, !Self.endsTable(lines[end]) { end += 1 }
        var rowLines = Array(lines[(header + 2)..<end])
        var rest = Array(lines[end...])
        var consumed = [node]
        // After a `===` underline libcmark starts a new paragraph, but the table goes on.
        var last = node
        var lastLine = Int(cmark_node_get_start_line(node)) + lines.count - 1
        while rest.isEmpty, dashes == nil, cmark_node_get_type(last) == CMARK_NODE_HEADING,
              let next = cmark_node_next(last), Int(cmark_node_get_start_line(next)) == lastLine + 1,
              cmark_node_get_type(next) == CMARK_NODE_PARAGRAPH
                || (cmark_node_get_type(next) == CMARK_NODE_HEADING && cmark_node_get_end_line(next) > cmark_node_get_start_line(next)) {
            let (more, moreDashes) = self.lines(of: next, candidate.source, candidate.boundary)
            var stop = 0
            while stop < more.count, !Self.endsTable(more[stop]) { stop += 1 }
            rowLines += more[..<stop]
            rest = Array(more[stop...])
            dashes = moreDashes
            consumed.append(next)
            last = next
            lastLine = Int(cmark_node_get_start_line(next)) + more.count - 1
        }

        let rows = [PipeTableRow.cells(lines[header].text)] + rowLines.map { PipeTableRow.cells($0.text) }
        guard let table = buildTable(rows: rows, alignments: alignments) else { return [] }

        let parent = cmark_node_parent(node)
        if header > 0 {
            let before = Self.text(of: lines[..<header]).replacing("\\|", with: "|")
            for block in insert(before, before: node) {
                registerSource(of: block.0, block.1)
            }
        }
        // A paragraph's parent (document, block quote, item) takes any block, so this holds; were
        // it refused, the table would still be owned, by `detached`.
        if cmark_node_insert_before(node, table.node) == 0 { detached.remove(table.node) }
        tables.append(table)

        var next: [Candidate] = []
        var after: OpaquePointer = table.node
        if !rest.isEmpty {
            var text = Self.text(of: rest[...])
            if let dashes { text += "\n" + String(decoding: dashes, as: UTF8.self) }
            let snippet = MarkdownSnippet(text, references: referenceText())
            for block in snippet.blocks {
                _ = cmark_node_insert_after(after, block)
                after = block
                registerSource(of: block, snippet.source)
                next += Self.candidates(in: block).map { Candidate(node: $0, source: snippet.source, boundary: parent) }
            }
            detached.keep(snippet)
        } else if dashes != nil {
            let rule: OpaquePointer = cmark_node_new(CMARK_NODE_THEMATIC_BREAK)
            _ = cmark_node_insert_after(after, rule)
        }
        for old in consumed {
            detached.remove(old)
            removed.insert(old)
        }
        return next
    }

    /// Lines joined again, each with its indentation.
    private static func text(of lines: ArraySlice<ContentLine>) -> String {
        lines.map { String(repeating: " ", count: $0.indent) + String(decoding: $0.text, as: UTF8.self) }.joined(separator: "\n")
    }

    /// `===` or `---` (spaces around allowed, not indented as code).
    private static func isSetextUnderline(_ line: ContentLine) -> Bool {
        guard !line.lazy, line.indent < 4, let first = line.text.first,
              first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else { return false }
        var index = 0
        while index < line.text.count, line.text[index] == first { index += 1 }
        return line.text[index...].allSatisfy(PipeTableRow.isSpaceChar)
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
        if line.lazy || line.indent >= 4 || PipeTableRow.cells(line.text).isEmpty { return true }
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
                    detached.remove(marker)
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
        detached.keep(snippet)
        return PipeTable(alignments: alignments, cells: cells)
    }

    /// Parses `text` and inserts its blocks before `node`; returns them with their source.
    private mutating func insert(_ text: String, before node: OpaquePointer) -> [(OpaquePointer, SourceText)] {
        let snippet = MarkdownSnippet(text, references: referenceText())
        var inserted: [(OpaquePointer, SourceText)] = []
        for block in snippet.blocks {
            _ = cmark_node_insert_before(node, block)
            inserted.append((block, snippet.source))
        }
        detached.keep(snippet)
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

    private mutating func referenceText() -> ReferenceDefinitions {
        if let references { return references }
        let found = ReferenceDefinitions(source)
        references = found
        return found
    }
}
