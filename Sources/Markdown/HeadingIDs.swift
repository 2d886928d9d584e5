import CCmark

/// A heading of a document, for a table of contents and for checking `#anchor` links.
public struct Heading: Equatable, Sendable {
    /// 1 to 6.
    public var level: Int
    /// The heading's text without markup.
    public var text: String
    /// Its `id`: a slug by the document's ``HeadingIDRule``, unique in the document.
    public var id: String

    public init(level: Int, text: String, id: String) {
        self.level = level
        self.text = text
        self.id = id
    }
}

/// The rule that turns a heading's text into its `id`.
public enum HeadingIDRule: String, CaseIterable, Sendable {
    /// GitHub's (github-slugger): lower-case, punctuation and symbols dropped, each space a `-`,
    /// `_` and letters of every script kept: `## get_page` → `get_page`.
    case github
    /// Zola's: lower-case, every run of characters other than letters and digits one `-`, none at
    /// either end: `## get_page` → `get-page`. Letters outside ASCII are kept (Zola transliterates
    /// them to Latin letters).
    case zola
}

/// Heading anchors by a ``HeadingIDRule``; a repeated slug gets `-1`, `-2`, … in order.
public struct HeadingSlugger: Sendable {
    private var occurrences: [String: Int] = [:]
    private let rule: HeadingIDRule

    public init(rule: HeadingIDRule = .github) {
        self.rule = rule
    }

    /// The slug of `text`, made unique among the slugs this slugger has given out.
    public mutating func slug(_ text: String) -> String {
        var base = rule == .github ? Self.slug(text) : Self.zolaSlug(text)
        if base.isEmpty { base = "section" }
        var slug = base
        while occurrences[slug] != nil {
            let count = (occurrences[base] ?? 0) + 1
            occurrences[base] = count
            slug = base + "-" + String(count)
        }
        occurrences[slug] = 0
        return slug
    }

    /// The slug of `text` by Zola's rule, before making it unique.
    public static func zolaSlug(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            let kept = switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .decimalNumber: true
            default: false
            }
            guard kept else {
                pendingDash = !out.isEmpty
                continue
            }
            if pendingDash { out.append("-") }
            pendingDash = false
            out.append(scalar)
        }
        return String(out)
    }

    /// The slug of `text` by GitHub's rule, before making it unique.
    public static func slug(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " || scalar == "-" {
                out.append("-")
            } else if scalar == "_" || keeps(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func keeps(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation:
            return true
        default:
            return false
        }
    }
}

/// Heading nodes with their ids, rendered as `<hN id="…">` in HTML.
struct HeadingAnchors {
    private(set) var headings: [Heading] = []
    private var nodes: [OpaquePointer] = []

    /// Gives every heading under `root` an id by `rule`.
    init(root: OpaquePointer, rule: HeadingIDRule) {
        var slugger = HeadingSlugger(rule: rule)
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_HEADING else { continue }
            let text = Self.text(of: node)
            headings.append(Heading(level: Int(cmark_node_get_heading_level(node)), text: text, id: slugger.slug(text)))
            nodes.append(node)
        }
    }

    /// Runs `body` with each heading swapped for nodes that render `<hN id="…">…</hN>`, then puts
    /// the headings back.
    func withIDs<T>(_ body: () -> T) -> T {
        var swaps: [(heading: OpaquePointer, block: OpaquePointer, inline: OpaquePointer)] = []
        for (heading, info) in zip(nodes, headings) {
            let block = PipeTable.block("", "")
            let inline = PipeTable.inline("<h\(info.level) id=\"\(info.id)\">", "</h\(info.level)>\n")
            _ = cmark_node_append_child(block, inline)
            for child in InlineText.children(heading) { _ = cmark_node_append_child(inline, child) }
            _ = cmark_node_replace(heading, block)
            swaps.append((heading, block, inline))
        }
        let result = body()
        for swap in swaps {
            for child in InlineText.children(swap.inline) { _ = cmark_node_append_child(swap.heading, child) }
            _ = cmark_node_replace(swap.block, swap.heading)
            cmark_node_free(swap.block)
        }
        return result
    }

    /// A heading's text: text and code as written, line breaks as spaces.
    static func text(of node: OpaquePointer) -> String {
        var out = ""
        guard let iterator = cmark_iter_new(node) else { return out }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                out += cmark_node_get_literal(child).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                out += " "
            default:
                break
            }
        }
        return out
    }
}
