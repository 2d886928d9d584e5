import ReportKit

/// The keys a page may set between its `---` lines.
public struct FrontMatter: Sendable, Equatable {
    /// The page title; defaults to the first `#` heading, else the file name.
    public var title: String?
    /// A one-line summary shown on cards and in `<meta name="description">`.
    public var description: String?
    /// A date as written (`2024-05-01`), shown on the page.
    public var date: String?
    /// Drafts are skipped unless the build runs with `--drafts`.
    public var draft: Bool = false
    /// The template to render with (default `page`, `home` for the site's index).
    public var layout: String?
    /// Order within a section: lower first, then by title.
    public var weight: Int?
    /// The line each key was written on, for errors that concern a value (e.g. an unknown layout).
    public var lines: [String: Int] = [:]

    /// The keys sitegen knows; anything else is an error.
    public static let keys = ["title", "description", "date", "draft", "layout", "weight"]

    public init() {}

    /// Reads front matter YAML.
    /// - Parameter lineOffset: the number of lines before the YAML in the file (1 for the opening `---`).
    public init(yaml: String, lineOffset: Int) throws {
        let root = try ScenarioNode.parse(yaml, lineOffset: lineOffset)
        if root.isNull { return }
        var problems = DiagnosticCollector()
        let mapping = try root.mapping(allowed: Self.keys, problems: &problems)
        for entry in mapping.entries {
            lines[entry.key] = entry.value.line ?? entry.keyLine
            let value = entry.value
            switch entry.key {
            case "title": title = problems.attempt { try value.string() }
            case "description": description = problems.attempt { try value.string() }
            case "date": date = problems.attempt { try Self.date(value) }
            case "draft": draft = problems.attempt { try value.bool() } ?? false
            case "layout": layout = problems.attempt { try Self.layoutName(value) }
            case "weight": weight = problems.attempt { try value.int() }
            default: break
            }
        }
        try problems.check()
    }

    private static func date(_ node: ScenarioNode) throws -> String {
        let text = try node.string()
        let digits = text.prefix(10)
        let parts = digits.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && Int($0) != nil }),
              let month = Int(parts[1]), (1...12).contains(month),
              let day = Int(parts[2]), (1...31).contains(day)
        else {
            throw node.error("must be a date like 2024-05-01, got \(node.shownValue)")
        }
        return text
    }

    private static func layoutName(_ node: ScenarioNode) throws -> String {
        let name = try node.string()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw node.error("must be a template name like page, got \(node.shownValue)")
        }
        return name
    }
}
