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
    /// The line each key was written on, for errors that concern a value (e.g. an unknown layout).
    public var lines: [String: Int] = [:]

    /// The keys sitegen knows besides the taxonomies; anything else is an error.
    public static let keys = ["title", "description", "date", "draft", "layout", "weight", "toc", "extra"]

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
        let root = try ScenarioNode.parse(yaml, lineOffset: lineOffset)
        if root.isNull { return }
        var problems = DiagnosticCollector()
        var keyProblems = DiagnosticCollector()
        let mapping = try root.mapping(allowed: Self.keys + taxonomies, problems: &keyProblems)
        for diagnostic in keyProblems.items {
            var hinted = diagnostic
            if hinted.message.hasPrefix("unknown key") {
                hinted.message += "; put your own keys under extra (or list a taxonomy in site.yml's taxonomies)"
            }
            problems.add(hinted)
        }
        for entry in mapping.entries {
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
