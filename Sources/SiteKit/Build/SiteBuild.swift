import ReportKit

/// A finished build: the value of every stage, kept by `sitegen serve` so that the next build can
/// reuse whatever its inputs left unchanged.
public struct SiteBuild: Sendable {
    /// What the build did, for the terminal: `rendered 3 of 1000 pages, ran 1 report block`.
    public struct Work: Sendable, Equatable, CustomStringConvertible {
        /// Markdown pages rendered (of ``pages``).
        public var rendered: Int
        /// Markdown pages in the site.
        public var pages: Int
        /// Report blocks run (the others came from the previous build).
        public var reportsRun: Int
        /// True when every page was rendered.
        public var full: Bool

        public init(rendered: Int, pages: Int, reportsRun: Int, full: Bool) {
            self.rendered = rendered
            self.pages = pages
            self.reportsRun = reportsRun
            self.full = full
        }

        public var description: String {
            "rendered \(rendered) of \(pages) page\(pages == 1 ? "" : "s"), ran \(reportsRun) report block\(reportsRun == 1 ? "" : "s")"
        }
    }

    let content: LoadedContent
    let templates: TemplateSet
    /// Parsed pages by content path.
    let parsed: [String: ParsedPage]
    /// The taxonomies with their terms and pages.
    let taxonomies: [Taxonomy]
    /// The paths each taxonomy page wrote, by its folder (`tags`, `tags/mango`).
    let taxonomyOutputs: [String: [String]]
    /// The search index, with each entry's terms.
    let searchIndex: SearchFiles
    /// Reports by their block's ``ReportBlock/cacheKey``.
    let reports: [String: Report]
    /// The top navigation; when an edit leaves it unchanged, other pages need not be rendered again.
    let navigation: [SiteMap.NavigationEntry]
    /// Every page's place and title in reading order, which its neighbours' previous/next links
    /// show; when an edit changes it, every page is rendered again.
    let sequence: [SiteMap.SequenceEntry]
    /// The paths each page wrote, by content path.
    let outputs: [String: [String]]
    /// Paths written for taxonomy pages, static files, assets, `404.html`, `sitemap.xml` and `atom.xml`.
    let siteFiles: Set<String>
    /// Whether the site has an Atom feed (every page links to it, so a change renders everything).
    let hasFeed: Bool
    /// The renderer the pages were rendered with (its map, links and taxonomies): a page whose
    /// edit changes nothing other pages show is rendered again with it (``SiteBuilder/quickRebuild``).
    let renderer: PageRenderer
    /// The interface strings the build rendered with.
    let strings: Strings
    /// The site's files, for a build into memory (empty for a build into a folder).
    public let files: SiteFiles
    /// Pages, reports and files, as `sitegen build` prints them.
    public let summary: BuildSummary
    /// How much of the site this build redid.
    public let work: Work
}
