import Markdown
import ReportKit

/// A page whose Markdown has been parsed, with its report blocks and, once run, their reports.
///
/// Each parsed page is worked on by one task at a time (parsed, then rendered), never shared.
final class ParsedPage: @unchecked Sendable {
    var page: Page
    let document: MarkdownDocument
    /// The code blocks that are report blocks, with what the report kind receives.
    let blocks: [(code: FencedCodeBlock, block: ReportBlock)]
    /// The reports, in block order, filled in by the report step; their HTML ids become anchors.
    var reports: [Report] = [] {
        didSet { page.anchors = headingIDs.union(reports.flatMap { HTMLAnchors.ids(in: $0.html) }) }
    }
    private let headingIDs: Set<String>

    init(page: Page, kinds: Set<String>) {
        var page = page
        document = MarkdownDocument(parsing: page.body, extensions: [.gfm, .headingIDs])
        headingIDs = Set(document.headings.map(\.id))
        page.anchors = headingIDs
        if page.frontMatter.title == nil, let heading = document.firstHeading, !heading.isEmpty {
            page.title = heading
            page.titleFromHeading = true
        }
        var found: [(FencedCodeBlock, ReportBlock)] = []
        for code in document.fencedCodeBlocks() where kinds.contains(code.language) {
            let block = ReportBlock(
                kind: code.language,
                source: code.body,
                pagePath: page.contentPath,
                line: code.line + page.bodyLineOffset,
                index: found.count
            )
            found.append((code, block))
        }
        self.page = page
        blocks = found
    }

    /// Headline figures of all the page's reports.
    var headlines: [String] { reports.flatMap(\.headlines) }
}
