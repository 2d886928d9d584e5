/// Where a market block's pages go and how they link to each other. Every link is relative, so
/// the site works from disk and under any sub-path.
///
/// - The block's first grid page is the page itself; grid page `k` ≥ 2 is `BLOCK-ID/page/k/`.
/// - Detail pages are `products/{id}/` when the block is the page's first report block, and
///   `BLOCK-ID/products/{id}/` otherwise, so two market blocks on one page never collide.
public struct MarketLayout: Sendable, Equatable {
    /// The block's id, e.g. `market-1`.
    public var blockID: String
    /// True for the page's first report block, whose detail pages go straight under `products/`.
    public var primary: Bool
    /// How many folders the page's own folder is below the site root
    /// (`market/catalogue.md` → `market/catalogue/` → 2; `index.md` → 0).
    public var pageDepth: Int

    public init(blockID: String, primary: Bool, pageDepth: Int) {
        self.blockID = blockID
        self.primary = primary
        self.pageDepth = pageDepth
    }

    /// The depth of a page's folder from its path in the content folder, following the site's
    /// pretty URLs (`a/b.md` → `a/b/`, `a/index.md` → `a/`).
    public static func depth(ofPage pagePath: String) -> Int {
        var parts = pagePath.split(separator: "/").map(String.init)
        guard let last = parts.last else { return 0 }
        let stem = last.hasSuffix(".md") ? String(last.dropLast(3)) : last
        parts[parts.count - 1] = stem
        if stem == "index" || stem == "_index" { parts.removeLast() }
        return parts.count
    }

    /// The detail page's folder, relative to the page's folder.
    public func detailFolder(_ id: Int) -> String {
        primary ? "products/\(id)" : "\(blockID)/products/\(id)"
    }

    /// Grid page `number`'s folder relative to the page's folder (`""` for page 1).
    public func gridFolder(_ number: Int) -> String {
        number <= 1 ? "" : "\(blockID)/page/\(number)"
    }

    /// A link from the folder `from` to the `index.html` of the folder `to` (both relative to the
    /// page's folder).
    public func link(to target: String, from: String) -> String {
        Self.up(from) + (target.isEmpty ? "" : target + "/") + "index.html"
    }

    /// The same, to the Markdown report (`index.md`).
    public func markdownLink(to target: String, from: String) -> String {
        Self.up(from) + (target.isEmpty ? "" : target + "/") + "index.md"
    }

    /// An image's `src` on a page in the folder `from`.
    public func imageSource(_ image: ImageReference, from: String) -> String {
        image.href(depth: pageDepth + Self.depth(from))
    }

    /// A file beside the block's page (a download), linked from the folder `from`.
    public func fileLink(_ name: String, from: String) -> String {
        Self.up(from) + name
    }

    private static func depth(_ folder: String) -> Int {
        folder.split(separator: "/").count
    }

    private static func up(_ folder: String) -> String {
        String(repeating: "../", count: depth(folder))
    }
}
