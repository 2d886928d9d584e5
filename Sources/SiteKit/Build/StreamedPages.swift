import Basics
import Synchronization

/// Plain pages rendered and written as soon as they are parsed, in a build that keeps nothing for
/// a next one (`sitegen build`): a large site then never holds every page's rendered body at once,
/// only the bodies of the pages that must wait for the rest of the site.
///
/// A page is rendered this early only when nothing it shows depends on another page's parse:
/// - every page of the site has its title in its front matter, so the navigation, the reading
///   order and the previous/next links are known once the content is loaded (a title from a
///   page's first heading is known only when that page is parsed);
/// - the page has no report blocks (they run after the parse), is no index page (an index lists
///   other pages' summaries and report figures) and links to no heading of another page (whose
///   ids come from that page's parse).
///
/// Such a page is rendered by the one renderer every page goes through
/// (``PageRenderer/render(_:reports:handingOverBody:)``), over a site map and a table of pages
/// made from the loaded pages, which give it the same navigation, neighbours and link targets as
/// the map the render step makes after the parse. The render step takes the results in page
/// order, so what it reports reads as if the page had been rendered there.
final class StreamedPages: Sendable {
    /// The renderer over the loaded pages.
    private let renderer: PageRenderer
    /// The site map of the loaded pages (without the taxonomies' navigation), which the build's
    /// own map is made from once the pages are parsed.
    let map: SiteMap
    /// Where the build writes (the output folder's staging folder).
    let output: OutputWriter
    /// The build's one writer, which claims every path.
    let writer: SiteWriter
    /// Counts the pages rendered, here and in the render step.
    let progress: Progress
    private let results = Mutex<[String: Result<[String], Diagnostics>]>([:])
    private let keptPages = Mutex<Set<String>>([])

    /// - Parameters:
    ///   - renderer: a renderer over the loaded pages (titles from front matter, no anchors).
    ///   - total: how many pages the build renders in all, for the progress line.
    init(renderer: PageRenderer, map: SiteMap, output: OutputWriter, writer: SiteWriter, total: Int, log: @escaping @Sendable (BuildEvent) -> Void) {
        self.renderer = renderer
        self.map = map
        self.output = output
        self.writer = writer
        progress = Progress(total: total, log: log)
    }

    /// True when every page of a site of `pages` has its title in its front matter.
    static func applies(to pages: [Page]) -> Bool {
        pages.allSatisfy { $0.frontMatter.title != nil }
    }

    /// Renders and writes `page` now if nothing it shows waits for the rest of the site.
    func take(_ page: ParsedPage) {
        guard page.blocks.isEmpty, page.problems.isEmpty, !page.page.isIndex,
              let body = page.body, body.rendering.unsafe == renderer.config.unsafeHTML,
              !body.links.contains(where: { $0.open && $0.url.utf8.contains(UInt8(ascii: "#")) })
        else { return }
        let result = SiteBuilder.renderAndWrite(page, reports: [], with: renderer, into: writer, handingOverBody: true)
        progress.advance()
        results.withLock { $0[page.page.contentPath] = result }
    }

    /// Keeps the files an earlier build wrote for `page`, as `entry` records them, when the page
    /// is as it was then and so is each file (``OutputWriter/keep(_:)``); the page then
    /// counts as rendered here. Nil when anything differs: the page is parsed and rendered.
    func keep(_ page: Page, as entry: BuildRecord.PageEntry) -> ParsedPage? {
        // Its files are in its own folder, as a page's are (by their bytes, as the writer checks).
        let folder = page.folder.isEmpty ? "" : page.folder + "/"
        guard let onDisk = page.bodyOnDisk, onDisk.front == entry.front, onDisk.body == entry.body, !entry.outputs.isEmpty,
              entry.outputs.allSatisfy({ $0.path.utf8.starts(with: folder.utf8) && !$0.path.utf8.dropFirst(folder.utf8.count).contains(UInt8(ascii: "/")) }),
              output.keep(entry.outputs.map { ($0.path, $0.stamp) })
        else { return nil }
        writer.paths.claim(entry.outputs.map(\.path), by: page.file)
        progress.advance()
        _ = keptPages.withLock { $0.insert(page.contentPath) }
        results.withLock { $0[page.contentPath] = .success(entry.outputs.map(\.path)) }
        return ParsedPage(kept: page, entry: entry)
    }

    /// The pages (content paths) that kept their files from an earlier build.
    var kept: Set<String> { keptPages.withLock { $0 } }

    /// What each page rendered here wrote, or the problems that stopped it, by content path.
    var rendered: [String: Result<[String], Diagnostics>] { results.withLock { $0 } }
}
