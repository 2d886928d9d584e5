import Basics
import Foundation

/// The pages that keep a page's old addresses working (its front matter's `aliases`): each a small
/// HTML page that sends the browser on to the page, relative like every link of the site, so it
/// works from disk and under any sub-path.
enum RedirectPages {
    /// The folder an alias names: one that starts with `/` from the site root, any other from the
    /// folder around the page's own (`about-us` on `about.md` → `about-us`, as Hugo reads it).
    static func folder(of alias: String, on page: Page) -> String? {
        let path = alias.hasPrefix("/") ? alias : SitePath.join(SitePath.parent(page.folder), alias)
        return FrontMatter.alias(path)
    }

    /// Writes a redirect page for each alias of `pages`, each path claimed in the build's one
    /// table of output paths by `Content/page.md (aliases)`: an alias may take no path the site
    /// writes anyway, nor one another alias names.
    /// - Returns: the paths written.
    static func write(_ pages: [Page], language: String, into writer: SiteWriter) throws -> [String] {
        var problems = DiagnosticCollector()
        var written: [String] = []
        for page in pages {
            for alias in page.frontMatter.aliases {
                guard let folder = folder(of: alias, on: page) else {
                    problems.add(Diagnostic(file: page.file, line: page.frontMatter.lines["aliases"], "alias \"\(alias)\" leaves the site; write an address inside it"))
                    continue
                }
                let path = SitePath.join(folder, "index.html")
                problems.attempt { try writer.write(html(for: page, from: folder, language: language), to: path, by: "\(page.file) (aliases)") }
                written.append(path)
            }
        }
        try problems.check()
        return written
    }

    /// A redirect page from `folder` to `page`: a refresh at once, and a link for browsers that
    /// do not follow it. Its empty icon keeps a browser from asking the host for `/favicon.ico`,
    /// which is not there (the site's pages carry their icon inline).
    static func html(for page: Page, from folder: String, language: String) -> String {
        let href = HTML.escape(SitePath.link(from: folder, to: page.htmlPath))
        let title = HTML.escape(page.title)
        return """
        <!DOCTYPE html>
        <html lang="\(HTML.escape(language))">
        <head>
        <meta charset="utf-8">
        <title>\(title)</title>
        <meta name="robots" content="noindex">
        <meta http-equiv="refresh" content="0; url=\(href)">
        <link rel="canonical" href="\(href)">
        <link rel="icon" href="data:,">
        </head>
        <body>
        <p><a href="\(href)">\(title)</a></p>
        </body>
        </html>

        """
    }
}
