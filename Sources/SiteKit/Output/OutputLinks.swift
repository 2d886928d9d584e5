import Basics
import Foundation

/// Follows every relative link and source of a built site's HTML pages — those the templates
/// write (brand, navigation, previous/next, tags, stylesheets) as well as the content's — and
/// reports each that leads to no file of the site. `sitegen check` runs it over the site it built
/// in memory.
enum OutputLinks {
    /// The broken links of `files`, one diagnostic per page and target, in path order, and each
    /// page copied from the content folder that cannot be read to follow its links.
    /// - Parameter label: how the output folder is named in messages (`Public`).
    static func broken(in files: SiteFiles, label: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for path in files.paths where path.hasSuffix(".html") && path != "404.html" {
            let html: String
            do {
                guard let text = try text(files[path]) else { continue }
                html = text
            } catch {
                // A copied page that cannot be read cannot be followed: said, never skipped.
                problems += Diagnostics.from(error)
                continue
            }
            let folder = SitePath.parent(path)
            var reported = Set<String>()
            for url in urls(in: html) where reported.insert(url).inserted {
                guard let target = target(of: url, from: folder) else { continue }
                if files[target] != nil || files[SitePath.join(target, "index.html")] != nil { continue }
                problems.append(Diagnostic(file: SitePath.join(label, path), "links to \"\(url)\", which leads to nothing the build writes (\(target.isEmpty ? "the home page" : target)); if the link comes from a template, fix the template or add the page"))
            }
        }
        return problems
    }

    /// The page or file a relative URL leads to from `folder`, as a site path; nil for URLs that
    /// leave the site or are not relative (`https:`, `mailto:`, `//host`, `#id`, `/root`).
    static func target(of url: String, from folder: String) -> String? {
        guard !url.isEmpty, !url.hasPrefix("#"), !url.hasPrefix("/"), !LinkResolver.hasScheme(url) else { return nil }
        let path = String(url.prefix { $0 != "#" && $0 != "?" })
        guard !path.isEmpty else { return nil }
        let decoded = LinkResolver.percentDecoded(path)
        guard let resolved = SitePath.normalize(SitePath.join(folder, decoded)) else { return decoded }
        return decoded.hasSuffix("/") || decoded == "." || decoded.hasSuffix("/.") ? SitePath.join(resolved, "index.html") : resolved
    }

    /// The values of every `href` and `src` attribute, HTML entities `&amp;` undone.
    static func urls(in html: String) -> [String] {
        var found: [String] = []
        for attribute in [" href=\"", " src=\""] {
            var rest = Substring(html)
            while let start = rest.range(of: attribute) {
                let value = rest[start.upperBound...].prefix { $0 != "\"" }
                found.append(String(value).replacing("&amp;", with: "&"))
                rest = rest[value.endIndex...]
            }
        }
        return found
    }

    /// The text of a page; a file copied from the content folder is read whole (its path in
    /// messages), or the problem is thrown.
    private static func text(_ contents: SiteFiles.Contents?) throws -> String? {
        switch contents {
        case .data(let data): String(decoding: data, as: UTF8.self)
        case .file(let url): String(decoding: try FileInput.read(url.path, shownAs: url.path), as: UTF8.self)
        case nil: nil
        }
    }
}
