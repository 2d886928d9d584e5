import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A CommonMark document parsed by libcmark, which can be inspected, edited and rendered.
///
/// The document owns its libcmark tree and every node ever taken out of it (by the extensions or
/// by ``FencedCodeBlock/replace(html:commonMark:)``), and frees them all, once, when it goes;
/// nodes handed out by ``root`` and ``fencedCodeBlocks()`` are valid while the document lives. A document is not safe to use from two threads at once,
/// but separate documents can be parsed and rendered in parallel.
public final class MarkdownDocument {
    let pointer: OpaquePointer

    /// The extensions applied when parsing.
    public let extensions: MarkdownExtensions
    /// Where the document nests deeper than ``MarkdownNesting`` allows; then no extension ran,
    /// and the document must not be rendered to CommonMark (the caller reports the problem).
    public let nestingProblem: MarkdownNesting.Problem?
    /// Every heading with its id, in document order (empty unless ``MarkdownExtensions/headingIDs``).
    public var headings: [Heading] { anchors?.headings ?? [] }

    /// The nodes taken out of the tree, and the snippet trees the extensions parsed.
    let detached = DetachedNodes()
    private var tables: [PipeTable] = []
    private var marks: [InlineMark] = []
    private var tasks: [TaskListItems.Task] = []
    private var anchors: HeadingAnchors?
    /// The documents footnote definitions were parsed into: their nodes now live in this tree.
    private var footnoteDocuments: [MarkdownDocument] = []

    /// Parses CommonMark text with the given extensions. libcmark accepts any input, so parsing
    /// cannot fail.
    public init(parsing text: String, extensions: MarkdownExtensions = []) {
        self.extensions = extensions
        var text = text
        let footnotes = extensions.contains(.footnotes) ? Footnotes(extracting: &text) : nil
        let parsed: OpaquePointer? = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                cmark_parse_document(characters.baseAddress, characters.count, CMARK_OPT_DEFAULT)
            }
        }
        // libcmark only returns NULL when it cannot allocate memory, which it treats as fatal itself.
        pointer = parsed ?? cmark_node_new(CMARK_NODE_DOCUMENT)
        nestingProblem = MarkdownNesting.problem(in: pointer)
        guard !extensions.isEmpty, nestingProblem == nil else { return }
        applyExtensions(source: SourceText(text), footnotes: footnotes)
    }

    /// Runs the extension passes. Nodes they take out go to `detached`, so no list a pass gathered
    /// can name freed memory.
    private func applyExtensions(source: SourceText, footnotes: Footnotes?) {
        var autolinks = ExtendedAutolinks(detached: detached)
        var strikethrough = Strikethrough(detached: detached)
        let extensions = self.extensions
        var inlines = GFMInlines(detached: detached, autolinks: extensions.contains(.autolinks),
                                 strikethrough: extensions.contains(.strikethrough))
        let inlinePass = { (container: OpaquePointer, text: SourceText) in
            // Text without `~` runs or bare URLs reads the same in libcmark and cmark-gfm.
            let triggers = text.inlineTriggers(from: Int(cmark_node_get_start_line(container)),
                                               through: Int(cmark_node_get_end_line(container)))
            guard triggers.tildesOrURLs else {
                if extensions.contains(.autolinks), triggers.at { autolinks.linkEmails(in: container) }
                return
            }
            // cmark-gfm's one delimiter stack when libcmark's nodes line up with the text as
            // written; otherwise the separate passes over libcmark's emphasis.
            guard !inlines.apply(to: container, source: text) else {
                if extensions.contains(.autolinks) { autolinks.linkEmails(in: container) }
                return
            }
            var alignments: [OpaquePointer: InlineText.Alignment] = [:]
            for child in Self.textNodes(in: container) {
                let literal = InlineText.literal(child)
                guard InlineText.mayNeedWrittenText(literal),
                      let alignment = InlineText.alignment(child, literal: literal, source: text) else { continue }
                alignments[child] = alignment
            }
            var masks = alignments.mapValues(\.verbatim)
            if extensions.contains(.autolinks) { autolinks.linkURLs(in: container, alignments: alignments, masks: &masks) }
            if extensions.contains(.strikethrough) {
                strikethrough.apply(in: container, masks: masks, autolinks: autolinks.links)
            }
            if extensions.contains(.autolinks) { autolinks.linkEmails(in: container) }
        }
        var snippetSources: [OpaquePointer: SourceText] = [:]
        if extensions.contains(.tables) {
            var parser = PipeTableParser(source: source, detached: detached, inlinePass: inlinePass)
            parser.apply(to: pointer)
            tables = parser.tables
            snippetSources = parser.snippetSources
        }
        if extensions.contains(.taskLists) {
            tasks = TaskListItems.apply(in: pointer, detached: detached) { snippetSources[$0] ?? source }
            marks += tasks.map(\.mark)
        }
        if !extensions.isDisjoint(with: [.autolinks, .strikethrough]) {
            // The containers are gathered first: the passes split and take out text nodes.
            let containers = root.descendants().filter { $0.type == .paragraph || $0.type == .heading }.map(\.pointer)
            for container in containers {
                inlinePass(container, snippetSources[container] ?? source)
            }
        }
        marks += strikethrough.marks + inlines.marks
        if let footnotes {
            // Each definition is read with the document's extensions, but no ids and no footnotes.
            let inner = extensions.subtracting([.headingIDs, .zolaHeadingIDs, .footnotes])
            let (footnoteMarks, documents) = footnotes.apply(to: pointer, detached: detached) { MarkdownDocument(parsing: $0, extensions: inner) }
            for document in documents {
                tables += document.tables
                marks += document.marks
                tasks += document.tasks
            }
            marks += footnoteMarks
            footnoteDocuments = documents
        }
        if extensions.contains(.headingIDs) { anchors = HeadingAnchors(root: pointer, rule: extensions.contains(.zolaHeadingIDs) ? .zola : .github) }
    }

    private static func textNodes(in container: OpaquePointer) -> [OpaquePointer] {
        MarkdownNode(pointer: container).descendants().filter { $0.type == .text }.map(\.pointer)
    }

    deinit {
        cmark_node_free(pointer)
    }

    /// The document node.
    public var root: MarkdownNode { MarkdownNode(pointer: pointer) }

    /// Every fenced code block with an info string, in document order (indented code blocks never
    /// have one; libcmark 0.30 does not tell fenced and indented blocks apart otherwise).
    public func fencedCodeBlocks() -> [FencedCodeBlock] {
        root.descendants().compactMap { node in
            guard node.type == .codeBlock, !(node.fenceInfo ?? "").isEmpty else { return nil }
            return FencedCodeBlock(node: node, document: self)
        }
    }

    /// Every link and image, in document order.
    public func links() -> [MarkdownNode] {
        root.descendants().filter { $0.type == .link || $0.type == .image }
    }

    /// The text of the first level-1 heading, if any.
    public var firstHeading: String? {
        root.descendants().first { $0.type == .heading && $0.headingLevel == 1 }?.plainText
    }

    /// Renders HTML. Raw HTML is replaced by a comment and unsafe link schemes are dropped unless
    /// `unsafe` is set (libcmark's own safe default). Extensions render as cmark-gfm renders them;
    /// headings carry their ids when ``MarkdownExtensions/headingIDs`` is on.
    public func renderHTML(unsafe: Bool = false) -> String {
        let options = unsafe ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT
        let render = { TaskListItems.withLooseLists(self.tasks) { Self.take(cmark_render_html(self.pointer, options)) } }
        return anchors?.withIDs(render) ?? render()
    }

    /// Who writes CommonMark: sitegen's ``CommonMarkWriter``, or libcmark's own renderer, which
    /// the writer reproduces byte for byte (its tests compare the two).
    public enum CommonMarkRenderer: Sendable {
        case writer, libcmark

        /// The CommonMark of the tree at `node` (a document or any node), no line wrapping.
        func render(_ node: OpaquePointer) -> String {
            switch self {
            case .writer: CommonMarkWriter.render(node)
            case .libcmark: Self.readLibcmark(cmark_render_commonmark(node, CMARK_OPT_DEFAULT | CMARK_OPT_UNSAFE, 0))
            }
        }

        /// Takes libcmark's CommonMark as the characters it encodes. libcmark 0.30 writes U+FFFE
        /// and U+FFFF as the single bytes 0xFE and 0xFF (its `cmark_utf8proc_encode_char`); no
        /// UTF-8 holds those bytes and its parser lets none through, so each is read back as the
        /// character it stands for rather than as U+FFFD.
        private static func readLibcmark(_ text: UnsafeMutablePointer<CChar>?) -> String {
            guard let text else { return "" }
            defer { free(text) }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
            guard bytes.contains(where: { $0 >= 0xFE }) else { return String(decoding: bytes, as: UTF8.self) }
            var repaired: [UInt8] = []
            repaired.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                switch byte {
                case 0xFE: repaired += [0xEF, 0xBF, 0xBE]
                case 0xFF: repaired += [0xEF, 0xBF, 0xBF]
                default: repaired.append(byte)
                }
            }
            return String(decoding: repaired, as: UTF8.self)
        }
    }

    /// Renders the document back to CommonMark (no line wrapping), with tables, task items and
    /// strikethrough written in GFM syntax.
    public func renderCommonMark(by renderer: CommonMarkRenderer = .writer) -> String {
        marks.forEach { $0.show(commonMark: true) }
        var standIns: [(table: PipeTable, standIn: OpaquePointer)] = []
        for table in tables where cmark_node_parent(table.node) != nil {
            let standIn = PipeTable.block(table.commonMark(by: renderer), "")
            _ = cmark_node_replace(table.node, standIn)
            standIns.append((table, standIn))
        }
        var text = renderer.render(pointer)
        // A custom block last in the document leaves a blank line behind it.
        while text.hasSuffix("\n\n") { text.removeLast() }
        for (table, standIn) in standIns {
            _ = cmark_node_replace(standIn, table.node)
            cmark_node_free(standIn)
        }
        marks.forEach { $0.show(commonMark: false) }
        return text
    }

    /// Copies a string libcmark allocated and frees it.
    static func take(_ bytes: UnsafeMutablePointer<CChar>?) -> String {
        guard let bytes else { return "" }
        defer { free(bytes) }
        return String(cString: bytes)
    }
}
