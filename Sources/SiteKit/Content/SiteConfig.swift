import Basics
import Foundation
import Markdown
import ReportKit

/// `Content/site.yml`: settings for the whole site.
public struct SiteConfig: Sendable, Equatable {
    /// The site's name, shown in the header and page titles.
    public var title = "sitegen site"
    /// A one-line description for the home page and meta tags.
    public var description = ""
    /// The absolute URL the site is published at (`https://example.com/reports/`); enables
    /// `sitemap.xml` and canonical links.
    public var baseURL: String?
    /// The page language (`<html lang>`).
    public var language = "en"

    /// The language of the interface's words: Korean for `ko` (and `ko-KR`), else English.
    public var interfaceLanguage: InterfaceLanguage {
        language.lowercased().split(separator: "-").first == "ko" ? .ko : .en
    }
    /// Keep raw HTML written in Markdown (dropped by default).
    public var unsafeHTML = false
    /// How headings get their ids (`heading_ids: github`, the default, or `zola`).
    public var headingIDs = HeadingIDRule.github
    /// The taxonomies pages may name in their front matter (`tags` unless `site.yml` lists others);
    /// each gets a page of its terms and a page per term.
    public var taxonomies = SiteConfig.defaultTaxonomies
    /// Who writes the site, for the Atom feed (defaults to the site's title).
    public var author: String?
    /// Where report blocks may fetch from (`security: {http: {urls: [...]}}`).
    public var network = NetworkPolicy.publicOnly

    /// The keys `site.yml` may hold.
    public static let keys = ["title", "description", "base_url", "language", "unsafe_html", "heading_ids", "taxonomies", "author", "security"]
    /// The taxonomies of a site whose `site.yml` names none.
    public static let defaultTaxonomies = ["tags"]

    public init() {}

    /// Reads `site.yml`.
    public init(yaml: String) throws {
        var problems = DiagnosticCollector()
        let root = try ScenarioNode.parse(yaml, problems: &problems)
        if root.isNull { return }
        let mapping = try root.mapping(allowed: Self.keys, problems: &problems)
        for entry in mapping.entries {
            let value = entry.value
            switch entry.key {
            case "title": title = problems.attempt { try value.string() } ?? title
            case "description": description = problems.attempt { try value.string() } ?? description
            case "base_url": baseURL = problems.attempt { try Self.absoluteURL(value) }
            case "language":
                language = problems.attempt {
                    let text = try value.string()
                    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                        throw value.error("must be a language tag like en or ko, got \(value.shownValue)")
                    }
                    return text
                } ?? language
            case "unsafe_html": unsafeHTML = problems.attempt { try value.bool() } ?? false
            case "heading_ids":
                headingIDs = problems.attempt {
                    let text = try value.string()
                    guard let rule = HeadingIDRule(rawValue: text) else {
                        throw value.error("must be github or zola, got \(value.shownValue)")
                    }
                    return rule
                } ?? headingIDs
            case "taxonomies": taxonomies = problems.attempt { try Self.taxonomyNames(value) } ?? taxonomies
            case "author": author = problems.attempt { try value.string() }
            case "security":
                if let urls = problems.attempt({ try Self.allowedURLs(value) }), let urls {
                    network.listed = urls
                    network.onlyListed = true
                }
            default: break
            }
        }
        try problems.check()
    }

    /// A list of taxonomy names: lower-case letters, digits, `-` and `_`, none a front matter key.
    static func taxonomyNames(_ node: ScenarioNode) throws -> [String] {
        var names: [String] = []
        for item in try node.list() {
            let name = try item.string()
            guard let first = name.first, first.isLetter,
                  name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == "_") })
            else {
                throw item.error("must be a name like tags or categories (lower-case letters, digits, - and _), got \(item.shownValue)")
            }
            guard !FrontMatter.keys.contains(name) else {
                throw item.error("cannot be \(name): that is a front matter key of its own")
            }
            guard !names.contains(name) else { throw item.error("names \(name) twice") }
            names.append(name)
        }
        return names
    }

    /// `security: {http: {urls: [https://api.example.com/, …]}}`: the URLs report blocks may
    /// fetch from, as Hugo's `security.http.urls` (each a URL prefix here, not a pattern).
    static func allowedURLs(_ node: ScenarioNode) throws -> [NetworkPolicy.Entry]? {
        var problems = DiagnosticCollector()
        let security = try node.mapping(allowed: ["http"], problems: &problems)
        var entries: [NetworkPolicy.Entry]?
        if let http = security["http"] {
            let mapping = try http.mapping(allowed: ["urls"], problems: &problems)
            if let urls = mapping["urls"] {
                entries = try urls.list().compactMap { item in
                    problems.attempt {
                        let text = try item.string()
                        guard let entry = NetworkPolicy.Entry(text) else {
                            throw item.error("must be an absolute http(s) URL that fetches may start with, like https://api.example.com/ or http://127.0.0.1:8080/, got \(item.shownValue)")
                        }
                        return entry
                    }
                }
            }
        }
        try problems.check()
        return entries
    }

    /// An `http(s)://host/...` URL, normalised to end with `/`.
    static func absoluteURL(_ node: ScenarioNode) throws -> String {
        let text = try node.string()
        try Self.validate(baseURL: text, node: node)
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// Checks a base URL given on the command line or in site.yml.
    static func validate(baseURL text: String, node: ScenarioNode? = nil) throws {
        let lower = text.lowercased()
        let components = URLComponents(string: text)
        let valid = (lower.hasPrefix("https://") || lower.hasPrefix("http://"))
            && !text.contains(where: { $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "#" || $0 == "?" || $0 == "\\" })
            && components?.host?.isEmpty == false
            && components?.user == nil && components?.password == nil
            && (components?.port.map { (1...65_535).contains($0) } ?? true)
            // A port that is not a number, or one URLComponents cannot hold, is no URL.
            && !(components?.port == nil && Self.writtenPort(lower)?.isEmpty == false)
        guard valid else {
            let message = "must be an absolute http(s) URL with a host (and a port from 1 to 65535, if any) like https://example.com/, got \"\(text)\""
            if let node { throw node.error(message) }
            throw Diagnostic("base_url \(message)")
        }
    }

    /// The text after the host's `:` in an http(s) URL, if it has one.
    private static func writtenPort(_ url: String) -> Substring? {
        guard let start = url.range(of: "://")?.upperBound else { return nil }
        let authority = url[start...].prefix { $0 != "/" }
        let hostEnd = authority.lastIndex(of: "]") ?? authority.startIndex
        guard let colon = authority[hostEnd...].lastIndex(of: ":") else { return nil }
        return authority[authority.index(after: colon)...]
    }
}
