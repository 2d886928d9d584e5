import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ReportKit

/// Everything read from the content folder.
struct LoadedContent: Sendable {
    var config: SiteConfig
    /// Pages in content-path order (drafts already left out unless asked for).
    var pages: [Page]
    /// Other files, copied as they are: content-relative paths.
    var staticFiles: [String]
    /// Draft pages that were left out, so links to them can be explained.
    var skippedDrafts: Set<String>
}

/// Reads `Content/`: `site.yml`, every `.md` page with its front matter, and every other file.
struct ContentLoader: Sendable {
    let directory: URL
    /// How the folder is named in messages (`Content`).
    let label: String
    let includeDrafts: Bool

    func load() async throws -> LoadedContent {
        let directory = directory.resolvingSymlinksInPath()
        var problems = DiagnosticCollector()
        guard isDirectory(directory) else {
            throw Diagnostic(file: label, "content folder not found (run sitegen in a folder with Content/, or pass --content DIR)")
        }
        var config = SiteConfig()
        let configURL = directory.appendingPathComponent("site.yml")
        if FileManager.default.fileExists(atPath: configURL.path) {
            let file = SitePath.join(label, "site.yml")
            problems.attempt {
                do {
                    config = try SiteConfig(yaml: try readText(configURL, file: file))
                } catch {
                    throw Diagnostics(Diagnostics.from(error).map { $0.located(in: file) })
                }
            }
        }

        let (markdownPaths, staticFiles) = try listFiles(in: directory)
        let taxonomies = config.taxonomies
        let loaded = await parallelMap(markdownPaths) { [self] in loadPage($0, in: directory, taxonomies: taxonomies) }

        var pages: [Page] = []
        var drafts = Set<String>()
        for result in loaded {
            switch result {
            case .success(let page):
                if page.frontMatter.draft && !includeDrafts {
                    drafts.insert(page.contentPath)
                } else {
                    pages.append(page)
                }
            case .failure(let errors): errors.items.forEach { problems.add($0) }
            }
        }
        checkCollisions(pages, problems: &problems)
        try problems.check()
        return LoadedContent(config: config, pages: pages, staticFiles: staticFiles, skippedDrafts: drafts)
    }

    private func loadPage(_ contentPath: String, in directory: URL, taxonomies: [String]) -> Result<Page, Diagnostics> {
        let file = SitePath.join(label, contentPath)
        do {
            let text = try readText(directory.appendingPathComponent(contentPath), file: file)
            let source = try SourceText(text)
            let frontMatter = try source.frontMatter.map { try FrontMatter(yaml: $0, lineOffset: 1, taxonomies: taxonomies) } ?? FrontMatter()
            return .success(Page(
                contentPath: contentPath,
                file: file,
                frontMatter: frontMatter,
                body: source.body,
                bodyLineOffset: source.bodyLineOffset,
                title: frontMatter.title ?? Page.title(fromFileName: contentPath),
                titleFromHeading: false
            ))
        } catch {
            return .failure(Diagnostics(Diagnostics.from(error).map { $0.located(in: file) }))
        }
    }

    private func checkCollisions(_ pages: [Page], problems: inout DiagnosticCollector) {
        var owners: [String: Page] = [:]
        for page in pages {
            if let other = owners[page.htmlPath] {
                problems.add(Diagnostic(file: page.file, "\(page.file) and \(other.file) both map to \(page.htmlPath); rename or remove one"))
            } else {
                owners[page.htmlPath] = page
            }
        }
    }

    /// Markdown pages and other files, sorted, skipping hidden files and `site.yml`. Symbolic links
    /// to files are followed; symbolic links to folders are not.
    private func listFiles(in directory: URL) throws -> ([String], [String]) {
        var markdown: [String] = []
        var other: [String] = []
        var folders = [""]
        let base = directory.path
        while let relative = folders.popLast() {
            let path = relative.isEmpty ? base : base + "/" + relative
            guard let entries = DirectoryListing.entries(of: path, followingLinksToFiles: true) else {
                throw Diagnostic(file: SitePath.join(label, relative), "cannot read the folder: \(String(cString: strerror(errno)))")
            }
            for entry in entries where !entry.name.hasPrefix(".") {
                let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
                switch entry.kind {
                case .folder: folders.append(child)
                case .file where child == "site.yml": continue
                case .file where entry.name.hasSuffix(".md"): markdown.append(child)
                case .file: other.append(child)
                case .other: continue
                }
            }
        }
        return (markdown.sorted(), other.sorted())
    }

    private func readText(_ url: URL, file: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Diagnostic(file: file, "cannot read the file")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw Diagnostic(file: file, "is not valid UTF-8 text")
        }
        return text
    }

    private func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

extension String {
    func trimmingPrefix(_ prefix: String) -> Substring {
        hasPrefix(prefix) ? dropFirst(prefix.count) : Substring(self)
    }
}
