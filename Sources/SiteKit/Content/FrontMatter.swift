import Basics
import Foundation
import ReportKit

/// The keys a page may set between its `---` lines.
public struct FrontMatter: Sendable, Equatable {
    /// The page title; defaults to the first `#` heading, else the file name.
    public var title: String?
    /// A one-line summary shown on cards and in `<meta name="description">`.
    public var description: String?
    /// `2024-05-01` or a full ISO 8601 time: shown on the page, orders sections and the feed.
    public var date: PageDate?
    /// Drafts are skipped unless the build runs with `--drafts`.
    public var draft: Bool = false
    /// The template to render with (default `page`, `home` for the site's index).
    public var layout: String?
    /// Order within a section: lower first, then newest, then by title.
    public var weight: Int?
    /// Whether the page shows a table of contents of its headings; nil (no `toc` key) shows one
    /// on long pages, those with at least four headings of level 2 or 3.
    public var toc: Bool?
    /// The terms of each taxonomy the page names, as written, by taxonomy (`tags: [mango]`).
    public var terms: [String: [String]] = [:]
    /// The page's own data (`extra:`), seen by templates as `page.extra.KEY`.
    public var extra: ExtraValue?
    /// The summary shown in lists, on cards and in the feed, in place of the text before `<!--more-->`.
    public var summary: String?
    /// The last segment of the page's address, in place of its file name (`slug: rush` makes
    /// `bank/morning.md` the page `bank/rush/`).
    public var slug: String?
    /// Old addresses of the page, relative to the site root (`old/morning`), each written as a
    /// page that sends the reader here.
    public var aliases: [String] = []
    /// What the front matter says that the build leaves out (keys it does not know), with the line.
    public var warnings: [Diagnostic] = []
    /// The line each key was written on, for errors that concern a value (e.g. an unknown layout).
    public var lines = KeyLines()

    /// The keys sitegen knows besides the taxonomies. Another key is an error when it looks like
    /// a typo of one of these, and otherwise a warning: it is left out.
    public static let keys = ["title", "description", "date", "draft", "layout", "weight", "toc", "extra", "summary", "slug", "aliases"]

    /// The page's tags (the `tags` taxonomy).
    public var tags: [String] { terms["tags"] ?? [] }

    public init() {}

    /// Reads front matter YAML: plain front matter through ``plain(yaml:lineOffset:taxonomies:)``,
    /// anything else through Yams.
    /// - Parameters:
    ///   - lineOffset: the number of lines before the YAML in the file (1 for the opening `---`).
    ///   - taxonomies: the site's taxonomies (`site.yml` `taxonomies:`), each a key holding a list of terms.
    public init(yaml: String, lineOffset: Int, taxonomies: [String] = SiteConfig.defaultTaxonomies) throws {
        if let plain = Self.plain(yaml: yaml, lineOffset: lineOffset, taxonomies: taxonomies) {
            self = plain
        } else {
            try self.init(parsingYAML: yaml, lineOffset: lineOffset, taxonomies: taxonomies)
        }
    }

    /// Reads front matter YAML with Yams alone: the authority every reading must agree with,
    /// and the source of every error.
    public init(parsingYAML yaml: String, lineOffset: Int, taxonomies: [String] = SiteConfig.defaultTaxonomies) throws {
        var problems = DiagnosticCollector()
        let root = try ScenarioNode.parse(yaml, lineOffset: lineOffset, problems: &problems)
        if root.isNull { return }
        var keyProblems = DiagnosticCollector()
        let known = Self.keys + taxonomies
        let mapping = try root.mapping(allowed: nil, problems: &keyProblems)
        keyProblems.items.forEach { problems.add($0) }
        for entry in mapping.entries where !known.contains(entry.key) {
            if entry.key == "taxonomies", case .mapping = entry.value.node {
                // Zola's form: taxonomies: {tags: [...]} carries over for the site's taxonomies.
                lines[entry.key] = entry.value.line ?? entry.keyLine
                let inner = try entry.value.mapping(allowed: nil, problems: &problems)
                for term in inner.entries {
                    if taxonomies.contains(term.key) {
                        terms[term.key] = problems.attempt { try Self.termList(term.value) }
                    } else {
                        warnings.append(Diagnostic(line: term.keyLine, Self.leftOut("taxonomies." + term.key)))
                    }
                }
                continue
            }
            let suggestion = Self.foreignKeys.contains(entry.key) ? "" : ScenarioNode.suggestion(for: entry.key, in: known)
            if suggestion.isEmpty {
                warnings.append(Diagnostic(line: entry.keyLine, Self.leftOut(entry.key)))
            } else {
                problems.add(Diagnostic(line: entry.keyLine, "unknown key \"\(entry.key)\"\(suggestion); expected one of: \(known.joined(separator: ", "))"))
            }
        }
        for entry in mapping.entries where known.contains(entry.key) {
            lines[entry.key] = entry.value.line ?? entry.keyLine
            let value = entry.value
            switch entry.key {
            case "title": title = problems.attempt { try value.string() }
            case "description": description = problems.attempt { try value.string() }
            case "date": date = problems.attempt { try PageDate(value) }
            case "draft": draft = problems.attempt { try value.bool() } ?? false
            case "layout": layout = problems.attempt { try Self.layoutName(value) }
            case "weight": weight = problems.attempt { try value.int() }
            case "toc": toc = problems.attempt { try value.bool() }
            case "extra": extra = problems.attempt { try ExtraValue(value) }
            case "summary": summary = problems.attempt { try value.string() }
            case "slug": slug = problems.attempt { try Self.slugSegment(value) }
            case "aliases": aliases = problems.attempt { try Self.aliasList(value) } ?? []
            default: terms[entry.key] = problems.attempt { try Self.termList(value) }
            }
        }
        try problems.check()
    }

    /// A list of terms (`[mango, 재고]`), or one term written alone; blank terms are errors.
    private static func termList(_ node: ScenarioNode) throws -> [String] {
        if node.isNull { return [] }
        let items = if case .scalar = node.node { [node] } else { try node.list() }
        var problems = DiagnosticCollector()
        let terms = items.compactMap { item in
            problems.attempt {
                guard let term = term(try item.string()) else {
                    throw item.error("must be a term with a letter or digit, got \(item.shownValue)")
                }
                return term
            }
        }
        try problems.check()
        return terms
    }

    /// A term as written in a list, without the spaces around it; nil when it has no letter or digit.
    static func term(_ text: String) -> String? {
        // Trimming through Foundation is slow, and most terms have no white space at either end.
        let scalars = text.unicodeScalars
        let trimmed = scalars.first?.properties.isWhitespace == false && scalars.last?.properties.isWhitespace == false
        let term = trimmed ? text : text.trimmingCharacters(in: .whitespaces)
        return Taxonomy.slug(term).isEmpty ? nil : term
    }

    /// Front matter keys of Hugo and Zola that sitegen does not use: left out with a warning,
    /// never taken for a typo of a sitegen key.
    static let foreignKeys: Set<String> = [
        "audio", "author", "authors", "build", "button", "cascade", "categories", "expiryDate", "headless", "images", "image",
        "isCJKLanguage", "keywords", "lastmod", "linkTitle", "markup", "math", "menu", "menus", "outputs", "params",
        "publishDate", "resources", "series", "sitemap", "translationKey", "type", "url", "videos",
        "updated", "path", "in_search_index", "template", "render", "sort_by", "paginate_by", "insert_anchor_links",
        "page_template", "transparent", "generate_feeds", "redirect_to", "paginate_reversed", "paginate_path",
    ]

    /// The warning for a key sitegen does not use, saying how to keep it.
    static func leftOut(_ key: String) -> String {
        let name = key.hasPrefix("taxonomies.") ? String(key.dropFirst("taxonomies.".count)) : key
        let advice = switch key {
        case _ where key == "categories" || key == "series" || key.hasPrefix("taxonomies."):
            "to make it a taxonomy, list it in site.yml's taxonomies: [tags, \(name)]"
        case "url", "path":
            "set the address with slug: (the last segment) or by moving the file; keep old addresses with aliases:"
        case "images", "image", "author", "authors", "keywords", "params", "menu", "type", "headless", "math", "button":
            "move it under extra: to keep it for your templates (page.extra.\(key))"
        default:
            "move it under extra: to keep it for your templates (page.extra.\(key)), or delete it"
        }
        return "key \"\(key)\" is not a sitegen key and is left out; \(advice)"
    }

    /// One address segment: no `/`, not `.` or `..`, and nothing that cannot be part of a link.
    private static func slugSegment(_ node: ScenarioNode) throws -> String {
        let slug = try node.string()
        guard isSlug(slug) else {
            throw node.error("must be one address segment like morning-rush (no /, #, ?, % or spaces at either end), got \(node.shownValue)")
        }
        return slug
    }

    /// Whether `text` can be the last segment of a page's address.
    static func isSlug(_ text: String) -> Bool {
        !text.isEmpty && text != "." && text != ".." && text.trimmingCharacters(in: .whitespaces) == text
            && !text.unicodeScalars.contains { "/\\#?%".unicodeScalars.contains($0) || $0.properties.generalCategory == .control }
    }

    /// A list of old addresses (or one written alone), each a path inside the site.
    private static func aliasList(_ node: ScenarioNode) throws -> [String] {
        if node.isNull { return [] }
        let items = if case .scalar = node.node { [node] } else { try node.list() }
        var problems = DiagnosticCollector()
        let aliases = items.compactMap { item in
            problems.attempt { () throws -> String in
                let text = try item.string().trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty, !text.contains("://"), !text.hasPrefix("//"),
                      !text.unicodeScalars.contains(where: { "#?%\\".unicodeScalars.contains($0) || $0.properties.generalCategory == .control })
                else {
                    throw item.error("must be an address inside the site like old/morning, got \(item.shownValue)")
                }
                return text
            }
        }
        try problems.check()
        return aliases
    }

    /// An alias as a folder path inside the site (`/about-us/` → `about-us`, `a/b.html` → `a/b`);
    /// nil when it leaves the site, names the root, or holds what a link cannot.
    static func alias(_ text: String) -> String? {
        var path = text.trimmingCharacters(in: .whitespaces)
        if path.hasSuffix("/index.html") { path.removeLast("index.html".count) } else if path.hasSuffix(".html") { path.removeLast(5) }
        guard let normalized = SitePath.normalize(path), !normalized.isEmpty,
              normalized.split(separator: "/").allSatisfy({ isSlug(String($0)) })
        else { return nil }
        return normalized
    }

    private static func layoutName(_ node: ScenarioNode) throws -> String {
        let name = try node.string()
        guard isLayoutName(name) else {
            throw node.error("must be a template name like page, got \(node.shownValue)")
        }
        return name
    }

    /// Whether `name` can name a template: letters, digits, `-` and `_`.
    static func isLayoutName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}
