import Basics

/// `sitemap.xml`: the absolute URL of every page, in path order.
enum Sitemap {
    static func xml(base: String, folders: [String]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for folder in Set(folders).sorted() {
            let url = folder.isEmpty ? base : base + SitePath.percentEncoded(folder) + "/"
            out += "  <url><loc>\(Feed.text(url))</loc></url>\n"
        }
        return out + "</urlset>\n"
    }
}
