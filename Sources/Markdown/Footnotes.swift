import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// GitHub's footnotes, rendered as cmark-gfm's `footnotes` extension renders them: a reference
/// `[^label]` to a definition `[^label]: text` becomes a numbered superscript link, and the
/// referenced definitions, in the order of their first reference, a list at the end of the
/// document, each with links back to its references.
///
/// libcmark knows no footnotes, so the text is prepared before it parses: definitions are taken
/// out (their lines left blank, so every other line keeps its number) and each reference to a
/// defined label becomes a placeholder that libcmark reads as plain text. After parsing, the
/// placeholders become the reference links (or, inside code, the text they stood for again), and
/// each definition, parsed on its own with blank lines before it so its nodes keep the lines they
/// have in the file, is moved into the list.
struct Footnotes {
    /// A definition: its label as written and its text, one entry per line of the file.
    struct Definition {
        let label: String
        /// The 1-based line of `[^label]:`.
        let line: Int
        /// The text, de-indented, one string per line from ``line`` on.
        var lines: [String]
    }

    private(set) var definitions: [Definition] = []

    /// Marks a placeholder's start and end: private-use characters, which no Markdown syntax reads.
    static let open: Character = "\u{F8F0}"
    static let close: Character = "\u{F8F1}"

    /// Takes the definitions out of `text` and turns references to them into placeholders.
    init(extracting text: inout String) {
        guard Self.mayHoldReference(text) else { return }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var byLabel: [String: Int] = [:]
        var fence: String?
        var current: Int?
        var previousBlank = true
        for index in lines.indices {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if let open = fence {
                if indent < 4, trimmed.hasPrefix(open), trimmed.drop(while: { $0 == open.first }).allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { fence = nil }
                continue
            }
            if let start = Self.definitionStart(line) {
                let key = start.label.lowercased()
                if byLabel[key] == nil {
                    byLabel[key] = definitions.count
                    definitions.append(Definition(label: start.label, line: index + 1, lines: [start.rest]))
                    current = definitions.count - 1
                } else {
                    current = nil // a repeated definition is dropped, as cmark-gfm drops it
                }
                lines[index] = ""
                previousBlank = false
                continue
            }
            let blank = trimmed.allSatisfy { $0 == "\t" || $0 == "\r" }
            if let defined = current {
                if blank {
                    definitions[defined].lines.append("")
                    lines[index] = ""
                    previousBlank = true
                    continue
                }
                if indent >= 4 || line.hasPrefix("\t") || !previousBlank {
                    definitions[defined].lines.append(Self.deindented(line))
                    lines[index] = ""
                    continue
                }
                current = nil
            }
            previousBlank = blank
            if indent < 4, let marker = ["```", "~~~"].first(where: { trimmed.hasPrefix($0) }) {
                fence = String(trimmed.prefix { $0 == marker.first })
            }
        }
        // Blank lines a definition took at its end belong to the text after it.
        for index in definitions.indices {
            while definitions[index].lines.count > 1, definitions[index].lines.last?.isEmpty == true { definitions[index].lines.removeLast() }
        }
        guard !definitions.isEmpty else { return }
        text = lines.map { Self.placeholders(in: $0, byLabel: byLabel) }.joined(separator: "\n")
    }

    /// Whether `text` holds `[^` anywhere: a byte scan, as most pages have no footnotes and
    /// `String.contains(_:)` compares characters, which cost about a tenth of a page's build.
    static func mayHoldReference(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            // From one `^` to the next with memchr: a page has few or none.
            var index = 1
            while index < bytes.count, let found = memchr(base + index, Int32(UInt8(ascii: "^")), bytes.count - index) {
                let caret = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if base[caret - 1] == UInt8(ascii: "[") { return true }
                index = caret + 1
            }
            return false
        }
    }

    /// `[^label]: rest` at the start of a line (at most three spaces in).
    private static func definitionStart(_ line: String) -> (label: String, rest: String)? {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count < 4, trimmed.hasPrefix("[^"),
              let end = trimmed.firstIndex(of: "]") else { return nil }
        let label = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<end]
        let after = trimmed[trimmed.index(after: end)...]
        guard !label.isEmpty, !label.contains(where: { $0 == " " || $0 == "\t" || $0 == "[" }), after.hasPrefix(":") else { return nil }
        return (String(label), String(after.dropFirst().drop { $0 == " " || $0 == "\t" }))
    }

    /// A continuation line without up to four spaces of indentation (or one tab).
    private static func deindented(_ line: String) -> String {
        if line.hasPrefix("\t") { return String(line.dropFirst()) }
        return String(line.dropFirst(min(4, line.prefix { $0 == " " }.count)))
    }

    /// The line with each `[^label]` of a defined label replaced by its placeholder.
    private static func placeholders(in line: String, byLabel: [String: Int]) -> String {
        guard Self.mayHoldReference(line) else { return line }
        var out = ""
        var rest = Substring(line)
        while let start = rest.firstRange(of: "[^") {
            out += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            if let end = after.firstIndex(of: "]"), let index = byLabel[after[..<end].lowercased()], !after[..<end].contains(" ") {
                out += "\(open)\(index)\(close)"
                rest = after[after.index(after: end)...]
            } else {
                out += "[^"
                rest = after
            }
        }
        return out + rest
    }

    // MARK: After parsing

    /// Turns the placeholders of `root`'s tree into reference links (numbered in document order)
    /// and appends the list of the referenced definitions, each parsed with `parse`.
    /// - Returns: the marks that render the references and back links differently in HTML and in
    ///   CommonMark, and the documents the definitions were parsed into (their nodes now live in
    ///   `root`'s tree, so they must live as long as it).
    func apply(to root: OpaquePointer, detached: DetachedNodes, parse: (String) -> MarkdownDocument) -> (marks: [InlineMark], documents: [MarkdownDocument]) {
        guard !definitions.isEmpty else { return ([], []) }
        var numbers: [Int: Int] = [:]
        var order: [Int] = []
        var uses: [Int: Int] = [:]
        var marks: [InlineMark] = []
        for node in MarkdownNode(pointer: root).descendants() {
            guard let literal = node.literal, literal.contains(Self.open) else { continue }
            guard node.type == .text else {
                // In code the reference is shown as written.
                _ = cmark_node_set_literal(node.pointer, restored(literal))
                continue
            }
            for piece in pieces(literal) {
                switch piece {
                case .text(let text):
                    let textNode: OpaquePointer = cmark_node_new(CMARK_NODE_TEXT)
                    _ = cmark_node_set_literal(textNode, text)
                    _ = cmark_node_insert_before(node.pointer, textNode)
                case .reference(let index):
                    let number = numbers[index] ?? {
                        order.append(index)
                        numbers[index] = order.count
                        return order.count
                    }()
                    let use = (uses[index] ?? 0) + 1
                    uses[index] = use
                    let label = definitions[index].label
                    let id = "fnref-\(Self.escaped(label))" + (use > 1 ? "-\(use)" : "")
                    let html = "<sup class=\"footnote-ref\"><a href=\"#fn-\(Self.escaped(label))\" id=\"\(id)\" data-footnote-ref>\(number)</a></sup>"
                    let mark = InlineMark(node: PipeTable.inline(html, ""), html: (html, ""), commonMark: ("[^\(label)]", ""))
                    _ = cmark_node_insert_before(node.pointer, mark.node)
                    marks.append(mark)
                }
            }
            detached.remove(node.pointer)
        }
        guard !order.isEmpty else { return (marks, []) }
        let section = PipeTable.block("<section class=\"footnotes\" data-footnotes>\n<ol>\n", "</ol>\n</section>\n")
        let sectionMark = InlineMark(node: section, html: ("<section class=\"footnotes\" data-footnotes>\n<ol>\n", "</ol>\n</section>\n"), commonMark: ("", ""))
        marks.append(sectionMark)
        var documents: [MarkdownDocument] = []
        for index in order {
            let definition = definitions[index]
            let label = Self.escaped(definition.label)
            let item = PipeTable.block("<li id=\"fn-\(label)\">\n", "</li>\n")
            marks.append(InlineMark(node: item, html: ("<li id=\"fn-\(label)\">\n", "</li>\n"), commonMark: ("", "")))
            let document = parse(String(repeating: "\n", count: definition.line - 1) + definition.lines.joined(separator: "\n") + "\n")
            documents.append(document)
            while let child = cmark_node_first_child(document.pointer) {
                _ = cmark_node_append_child(item, child)
            }
            // The label before the first paragraph in CommonMark, the back links after the last.
            if let first = cmark_node_first_child(item), cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH {
                let lead = InlineMark(node: PipeTable.inline("", ""), html: ("", ""), commonMark: ("[^\(definition.label)]: ", ""))
                if let firstInline = cmark_node_first_child(first) {
                    _ = cmark_node_insert_before(firstInline, lead.node)
                } else {
                    _ = cmark_node_append_child(first, lead.node)
                }
                marks.append(lead)
            }
            let backLinks = (1...(uses[index] ?? 1)).map { use in
                let id = "fnref-\(label)" + (use > 1 ? "-\(use)" : "")
                return "<a href=\"#\(id)\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩" + (use > 1 ? "<sup class=\"footnote-ref\">\(use)</sup>" : "") + "</a>"
            }.joined(separator: " ")
            if let last = cmark_node_last_child(item), cmark_node_get_type(last) == CMARK_NODE_PARAGRAPH {
                let back = InlineMark(node: PipeTable.inline(" " + backLinks, ""), html: (" " + backLinks, ""), commonMark: ("", ""))
                _ = cmark_node_append_child(last, back.node)
                marks.append(back)
            } else {
                let back = InlineMark(node: PipeTable.block("<p>" + backLinks + "</p>\n", ""), html: ("<p>" + backLinks + "</p>\n", ""), commonMark: ("", ""))
                _ = cmark_node_append_child(item, back.node)
                marks.append(back)
            }
            _ = cmark_node_append_child(section, item)
        }
        _ = cmark_node_append_child(root, section)
        return (marks, documents)
    }

    private enum Piece {
        case text(String)
        case reference(Int)
    }

    /// A text node's literal split into text and references.
    private func pieces(_ literal: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(literal)
        while let start = rest.firstIndex(of: Self.open) {
            if start > rest.startIndex { pieces.append(.text(String(rest[..<start]))) }
            let after = rest[rest.index(after: start)...]
            guard let end = after.firstIndex(of: Self.close), let index = Int(after[..<end]), definitions.indices.contains(index) else {
                pieces.append(.text(String(rest[start...])))
                return pieces
            }
            pieces.append(.reference(index))
            rest = after[after.index(after: end)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }

    /// A literal with its placeholders turned back into the references they stood for.
    private func restored(_ literal: String) -> String {
        pieces(literal).map { piece in
            switch piece {
            case .text(let text): text
            case .reference(let index): "[^\(definitions[index].label)]"
            }
        }.joined()
    }

    /// A label as an attribute value (cmark-gfm writes it as the definition has it).
    private static func escaped(_ label: String) -> String {
        var out = ""
        for character in label {
            switch character {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}
