import Basics
import Markdown
import ReportKit
import Synchronization

/// A page after its Markdown has been parsed: its title resolved (front matter, else the first
/// `#` heading), its heading ids and its report blocks found, and — when it has no report blocks —
/// its body rendered with its links to other pages left open. A plain value: the libcmark tree it
/// was read from is gone; the render step fills in the links, or parses a page with reports again
/// to put their output in place.
///
/// A class, so the lists a build makes of its pages share one copy of each. Its fields are
/// constant, but for the rendered body, which a build that keeps nothing takes over when it
/// renders the page (``handOverBody()``).
final class ParsedPage: Sendable {
    /// The page as loaded from the content folder, to tell whether the next build may reuse this
    /// (without its body when the parse let go of it: see `keepingSource`).
    let loaded: Page
    /// The page with its title resolved.
    let page: Page
    /// The page's report blocks, in document order.
    let blocks: [ReportBlock]
    /// For each block, the text of the nearest heading above it (level 2 or deeper), which names
    /// the block's figures on the dashboard when a page has several reports.
    let blockHeadings: [String?]
    /// For each block, the figure it chose for its dashboard card with `card=KEY` after the kind
    /// in its fence (```` ```bank card=max-wait ````), if any.
    let blockCards: [String?]
    /// The ids of the page's headings, which links may point to (`page.md#id`).
    var headingIDs: Set<String> { Set(outline.map(\.id)) }
    /// The text of the first paragraph, for the feed's summary and the search index when the
    /// page has no description; empty when it has one (which they show instead), so that a large
    /// site does not hold a text no output shows.
    let summary: String
    /// What the page holds that the build does not render as written (front matter keys left out,
    /// shortcodes, raw HTML left out), located in the page's file.
    let warnings: [Diagnostic]
    /// The text of the headings below the title (level 2 and deeper), for the search index.
    var headings: [String] { outline.filter { $0.level >= 2 }.map(\.text) }
    /// Every heading with its level and id, in document order (for the table of contents).
    let outline: [Heading]
    /// The body as HTML and Markdown with its links to pages and files left open, for a page
    /// without report blocks; nil for a page with reports (or text that looks like a placeholder),
    /// and once handed over.
    var body: OpenBody? { openBody.withLock { $0 } }
    private let openBody: Mutex<OpenBody?>
    /// What stops the page before its blocks run (the parse step reports it): nesting deeper
    /// than ``MarkdownNesting`` allows, more report blocks than ``maximumBlocks``.
    let problems: [Diagnostic]
    /// The most report blocks one page may hold: the work of a page is bounded by this many
    /// blocks each at its kind's limits.
    static let maximumBlocks = 50

    /// A page's rendered body waiting for its links.
    struct OpenBody: Sendable, Equatable {
        let rendering: OpenLinkRendering
        /// Every link and image of the body, in document order, as written.
        let links: [Link]
    }

    /// A link or image of the body as written.
    struct Link: Sendable, Equatable {
        let url: String
        /// The line in the body (add the page's ``Page/bodyLineOffset`` for the file's).
        let line: Int
        /// Whether its destination is left open: a link to a page or file of the site, which the
        /// link resolver rewrites (anything else keeps its URL, though `#id` links are checked).
        let open: Bool
    }

    /// - Parameters:
    ///   - unsafeHTML: how the body's HTML is rendered (`site.yml` `unsafe_html`).
    ///   - headingIDs: the rule for the headings' ids (`site.yml` `heading_ids`).
    ///   - keepingSource: false when no later build reuses this one (`sitegen build`): a page
    ///     whose body is rendered here lets go of its Markdown, which nothing reads again, so a
    ///     large site does not hold every page's text to the end of the build.
    init(page loaded: Page, kinds: Set<String>, unsafeHTML: Bool, headingIDs: HeadingIDRule, keepingSource: Bool = true) {
        let document = Self.parse(loaded.body, headingIDs: headingIDs)
        let headingTitle = loaded.frontMatter.title == nil ? document.firstHeading.flatMap { $0.isEmpty ? nil : $0 } : nil
        let pageSummary = loaded.frontMatter.summary ?? Self.moreSummary(document, body: loaded.body)
        summary = loaded.frontMatter.description != nil ? "" : Self.summary(document.root.descendants().first { $0.type == .paragraph }.map(Self.text(of:)) ?? "")
        warnings = (loaded.frontMatter.warnings + BodyWarnings.find(in: document, body: loaded.body, unsafeHTML: unsafeHTML).map { warning in
            var located = warning
            located.line = warning.line.map { $0 + loaded.bodyLineOffset }
            return located
        }).map { $0.located(in: loaded.file) }
        let codeBlocks = Self.reportCodeBlocks(in: document, kinds: kinds)
        blocks = codeBlocks.enumerated().map { index, code in
            ReportBlock(kind: code.language, source: code.body, pagePath: loaded.contentPath, line: code.line + loaded.bodyLineOffset, index: index)
        }
        let sectionHeadings = document.root.descendants().filter { $0.type == .heading && $0.headingLevel >= 2 }
        blockHeadings = codeBlocks.map { code in
            sectionHeadings.last { $0.startLine < code.line }.map { Self.text(of: $0) }
        }
        blockCards = codeBlocks.map { code in
            code.info.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst()
                .first { $0.hasPrefix("card=") }.map { String($0.dropFirst("card=".count)) }
        }
        outline = document.headings
        var problems: [Diagnostic] = []
        if let nesting = document.nestingProblem {
            problems.append(Diagnostic(
                file: loaded.file, line: loaded.bodyLineOffset + nesting.line,
                "\(nesting.what) nested more than \(NumberText.grouped(nesting.limit)) deep (the Markdown renderer takes minutes over deeper nesting); nest them less"))
        }
        if blocks.count > Self.maximumBlocks {
            problems.append(Diagnostic(
                file: loaded.file, line: blocks[Self.maximumBlocks].line,
                "holds \(NumberText.grouped(blocks.count)) report blocks, more than the \(Self.maximumBlocks) a page may (this is the first past them); split them over several pages"))
        }
        self.problems = problems
        let body = codeBlocks.isEmpty && problems.isEmpty ? Self.openBody(document, unsafeHTML: unsafeHTML) : nil
        openBody = Mutex(body)
        var source = loaded
        if !keepingSource {
            // Nothing compares this page with a next build's: it takes its text's anchors now, so
            // that the site's table of pages (``linkable(reports:)``) need not copy it for them.
            if body != nil { source.body = "" }
            source.anchors = Set(document.headings.map(\.id))
        }
        // A page whose title and summary are as loaded shares the loaded page's fields.
        var page = source
        if let headingTitle {
            page.title = headingTitle
            page.titleFromHeading = true
        }
        if page.summary != pageSummary { page.summary = pageSummary }
        self.loaded = source
        self.page = page
    }

    /// A page whose files an earlier build wrote and this build keeps (``BuildRecord``): what the
    /// rest of the build takes from a parse, as that build recorded it; no body, no blocks.
    init(kept loaded: Page, entry: BuildRecord.PageEntry) {
        var source = loaded
        source.bodyOnDisk = nil
        source.anchors = Set(entry.outline.map(\.id))
        var page = source
        if page.summary != entry.pageSummary { page.summary = entry.pageSummary }
        self.loaded = source
        self.page = page
        blocks = []
        blockHeadings = []
        blockCards = []
        summary = entry.summary
        warnings = entry.warnings
        outline = entry.outline
        openBody = Mutex(nil)
        problems = []
    }

    /// The body, which the page then no longer holds: for a build that renders each page once
    /// and keeps nothing for a next build (`sitegen build`), so that a large site's rendered
    /// bodies are let go of one by one as their pages are written.
    func handOverBody() -> OpenBody? {
        openBody.withLock { body in
            defer { body = nil }
            return body
        }
    }

    /// The body rendered with the destinations of links to pages and files left open.
    private static func openBody(_ document: MarkdownDocument, unsafeHTML: Bool) -> OpenBody? {
        let nodes = document.links().filter { $0.url != nil }
        let links = nodes.map { node in
            let url = node.url ?? ""
            return Link(url: url, line: node.startLine, open: LinkResolver.rewrites(url))
        }
        let open = zip(nodes, links).filter { $0.1.open }.map(\.0)
        guard let rendering = document.renderWithOpenLinks(open, unsafe: unsafeHTML) else { return nil }
        return OpenBody(rendering: rendering, links: links)
    }

    /// The summary a page marks with `<!--more-->`: the text of the paragraphs and headings before
    /// it, at most 300 characters; nil when the page has no such mark.
    static func moreSummary(_ document: MarkdownDocument, body: String) -> String? {
        guard let mark = document.root.descendants().first(where: {
            ($0.type == .htmlInline || $0.type == .htmlBlock) && ($0.literal ?? "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "<!--more-->"
        }) else { return nil }
        // An inline mark knows only its paragraph's first line: the mark is on that line or a later one.
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (max(0, mark.startLine - 1)..<lines.count).first { lines[$0].range(of: "<!--more-->", options: .caseInsensitive) != nil } ?? lines.count
        let before = lines.prefix(index).joined(separator: "\n")
        let markLine = index < lines.count ? lines[index] : ""
        let lead = markLine.range(of: "<!--more-->", options: .caseInsensitive).map { markLine[..<$0.lowerBound] } ?? ""
        let prefix = MarkdownDocument(parsing: before + "\n" + lead)
        let text = prefix.root.descendants().filter { $0.type == .paragraph || $0.type == .heading }.map(Self.text(of:)).joined(separator: " ")
        // A footnote reference (`[^1]`) marks the page's text, not its summary.
        return summary(text.replacing(#/\[\^[^\]\s]+\]/#, with: ""))
    }

    /// Parses a page body as every step reads it: GitHub's extensions, ids on headings by `headingIDs`.
    static func parse(_ body: String, headingIDs: HeadingIDRule) -> MarkdownDocument {
        MarkdownDocument(parsing: body, extensions: headingIDs == .zola ? [.gfm, .headingIDs, .zolaHeadingIDs, .footnotes] : [.gfm, .headingIDs, .footnotes])
    }

    /// A paragraph's text without markup; line breaks (the leaves that are not text) become spaces.
    static func text(of paragraph: MarkdownNode) -> String {
        var out = ""
        for node in paragraph.descendants() {
            switch node.type {
            case .text, .code: out += node.literal ?? ""
            case .other where node.isLeaf: out += " "
            default: continue
            }
        }
        return out
    }

    /// At most 300 characters of `text`, cut at a space with `…` when longer; lines joined.
    static func summary(_ text: String) -> String {
        // Line ends in UTF-8: 0A–0D, and C2 85, E2 80 A8/A9 (the only bytes that start them).
        let mayBreak = text.utf8.contains { (0x0A...0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 }
        let flat = mayBreak ? text.split(whereSeparator: \.isNewline).joined(separator: " ") : text
        // No more than 300 bytes is no more than 300 characters; in ASCII without line ends
        // (joined above) each byte is a character, and the cut is found in the bytes.
        if flat.utf8.count <= 300 { return flat }
        if flat.utf8.allSatisfy({ $0 < 0x80 }) {
            let cut = flat.utf8.prefix(300)
            let end = cut.lastIndex(of: UInt8(ascii: " ")) ?? cut.endIndex
            return String(decoding: cut[..<end], as: UTF8.self) + "…"
        }
        guard let limit = flat.index(flat.startIndex, offsetBy: 300, limitedBy: flat.endIndex), limit != flat.endIndex else { return flat }
        let cut = flat[..<limit]
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return String(cut[..<end]) + "…"
    }

    /// The fenced code blocks of `document` that are report blocks, in document order. Parsing and
    /// rendering both find blocks with this, so a page's n-th block is the same in both.
    static func reportCodeBlocks(in document: MarkdownDocument, kinds: Set<String>) -> [FencedCodeBlock] {
        document.fencedCodeBlocks().filter { kinds.contains($0.language) }
    }

    /// The page with the ids links may point to: its headings' and its reports' (`reports` in block order).
    func linkable(reports: [Report]) -> Page {
        let anchors = headingIDs.union(reports.flatMap { HTMLAnchors.ids(in: $0.html) })
        guard anchors != page.anchors else { return page }
        var page = page
        page.anchors = anchors
        return page
    }
}
