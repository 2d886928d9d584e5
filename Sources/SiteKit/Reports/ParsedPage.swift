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
    /// The ids of the page's headings, which links may point to (`page.md#id`).
    let headingIDs: Set<String>

    init(page loaded: Page, kinds: Set<String>) {
        let document = Self.parse(loaded.body)
        var page = loaded
        if page.frontMatter.title == nil, let heading = document.firstHeading, !heading.isEmpty {
            page.title = heading
            page.titleFromHeading = true
        }
        self.loaded = loaded
        self.page = page
        headingIDs = Set(document.headings.map(\.id))
        blocks = Self.reportCodeBlocks(in: document, kinds: kinds).enumerated().map { index, code in
            ReportBlock(kind: code.language, source: code.body, pagePath: page.contentPath, line: code.line + page.bodyLineOffset, index: index)
        }
    }

    /// Parses a page body as every step reads it: GitHub's extensions, ids on headings.
    static func parse(_ body: String) -> MarkdownDocument {
        MarkdownDocument(parsing: body, extensions: [.gfm, .headingIDs])
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
