import Markdown
import ReportKit

/// A page after its Markdown has been parsed: its title resolved (front matter, else the first
/// `#` heading), its heading ids and its report blocks found. A plain value: the libcmark tree it
/// was read from is gone, and the render step parses the body again in its own task.
struct ParsedPage: Sendable, Equatable {
    /// The page as loaded from the content folder, to tell whether the next build may reuse this.
    let loaded: Page
    /// The page with its title resolved.
    let page: Page
    /// The page's report blocks, in document order.
    let blocks: [ReportBlock]
    /// For each block, the text of the nearest heading above it (level 2 or deeper), which names
    /// the block's figures on the dashboard when a page has several reports.
    let blockHeadings: [String?]
    /// The ids of the page's headings, which links may point to (`page.md#id`).
    let headingIDs: Set<String>
    /// The text of the first paragraph, for the feed's summary when the page has no description.
    let summary: String
    /// The text of the headings below the title (level 2 and deeper), for the search index.
    let headings: [String]

    init(page loaded: Page, kinds: Set<String>) {
        let document = MarkdownDocument(parsing: loaded.body, extensions: [.gfm, .headingIDs], outlineOnly: true)
        var page = loaded
        if page.frontMatter.title == nil, let heading = document.firstHeading, !heading.isEmpty {
            page.title = heading
            page.titleFromHeading = true
        }
        self.loaded = loaded
        self.page = page
        headingIDs = Set(document.headings.map(\.id))
        headings = document.headings.filter { $0.level >= 2 }.map(\.text)
        summary = Self.summary(document.root.descendants().first { $0.type == .paragraph }.map(Self.text(of:)) ?? "")
        let codeBlocks = Self.reportCodeBlocks(in: document, kinds: kinds)
        blocks = codeBlocks.enumerated().map { index, code in
            ReportBlock(kind: code.language, source: code.body, pagePath: page.contentPath, line: code.line + page.bodyLineOffset, index: index)
        }
        let sectionHeadings = document.root.descendants().filter { $0.type == .heading && $0.headingLevel >= 2 }
        blockHeadings = codeBlocks.map { code in
            sectionHeadings.last { $0.startLine < code.line }.map { Self.text(of: $0) }
        }
    }

    /// Parses a page body for rendering: GitHub's extensions, ids on headings. (The parse step
    /// reads the same outline from a cheaper parse, ``MarkdownDocument/init(parsing:extensions:outlineOnly:)``.)
    static func parse(_ body: String) -> MarkdownDocument {
        MarkdownDocument(parsing: body, extensions: [.gfm, .headingIDs])
    }

    /// A paragraph's text without markup; line breaks (the leaves that are not text) become spaces.
    static func text(of paragraph: MarkdownNode) -> String {
        var out = ""
        for node in paragraph.descendants() {
            switch node.type {
            case .text, .code: out += node.literal ?? ""
            case .other where node.descendants().isEmpty: out += " "
            default: continue
            }
        }
        return out
    }

    /// At most 300 characters of `text`, cut at a space with `…` when longer; lines joined.
    static func summary(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > 300 else { return flat }
        let cut = flat.prefix(300)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return cut[..<end] + "…"
    }

    /// The fenced code blocks of `document` that are report blocks, in document order. Parsing and
    /// rendering both find blocks with this, so a page's n-th block is the same in both.
    static func reportCodeBlocks(in document: MarkdownDocument, kinds: Set<String>) -> [FencedCodeBlock] {
        document.fencedCodeBlocks().filter { kinds.contains($0.language) }
    }

    /// The page with the ids links may point to: its headings' and its reports' (`reports` in block order).
    func linkable(reports: [Report]) -> Page {
        var page = page
        page.anchors = headingIDs.union(reports.flatMap { HTMLAnchors.ids(in: $0.html) })
        return page
    }
}
