import Basics

/// The interface languages sitegen ships a string table for.
public enum InterfaceLanguage: String, CaseIterable, Sendable {
    case en, ko
}

/// Every word of the interface in one language: report labels, the site's chrome, the search
/// page's messages, date formats. Keys are dotted (`bank.meanWait`, `site.search`); `{1}`, `{2}`,
/// … mark where values go.
///
/// The built-in tables come from the parts that print the words — the site (`Templates/i18n/`),
/// the report renderer and each kind (`Sources/<Kind>Report/Files/i18n/`) — merged per language;
/// a site overrides single strings with a file of the same shape.
public struct Strings: Sendable, Equatable {
    /// The language of the table.
    public let language: InterfaceLanguage
    /// Text by dotted key.
    public private(set) var table: [String: String]
    /// Every leading part of a key with its dot (`site.` for `site.search`): what a template may
    /// walk through on its way to a string, answered without a scan of the keys.
    public let groups: Set<String>

    /// The built-in strings of `language`: the report renderer's and those of `tables` (the
    /// site's, each kind's), merged. The parts' keys never overlap (the tests check). A label of a
    /// kind whose tables are not among them reads its kind's own table (``ReportLabelSet``).
    public init(language: InterfaceLanguage, tables: [StringTables] = []) {
        self.language = language
        var table = ReportRenderer.builtIn.strings[language]
        for part in tables {
            table.merge(part[language], uniquingKeysWith: { _, part in part })
        }
        self.table = table
        var groups = Set<String>()
        for key in table.keys {
            var prefix = ""
            for part in key.split(separator: ".").dropLast() {
                prefix += part + "."
                groups.insert(prefix)
            }
        }
        self.groups = groups
    }

    /// The strings of the current build or command: every label resolves through it. English
    /// unless a build or command sets another table for its work.
    @TaskLocal public static var current = Strings(language: .en)

    /// The text of `key`, or the key itself when the table lacks it.
    public subscript(key: String) -> String {
        table[key] ?? key
    }

    /// The text of `key` with `{1}`, `{2}`, … replaced by `values` (see ``fill(_:_:)``).
    public func text(_ key: String, _ values: String...) -> String {
        Self.fill(self[key], values)
    }

    /// Every key, sorted.
    public var keys: [String] { table.keys.sorted() }

    /// This table with the strings of a site's override file laid over it. A key the built-in
    /// table lacks is an error naming `file` and the line; a key the file leaves out keeps its
    /// built-in text.
    public func overridden(by yaml: String, file: String) throws -> Strings {
        var copy = self
        var problems = DiagnosticCollector()
        let entries: [(key: String, line: Int?, text: String)]
        do {
            entries = try Self.entries(ScenarioNode.parse(yaml))
        } catch {
            throw Diagnostics(Diagnostics.from(error).map { $0.located(in: file) })
        }
        for entry in entries {
            guard table[entry.key] != nil else {
                let near = ScenarioNode.suggestion(for: entry.key, in: keys)
                problems.add(Diagnostic(file: file, line: entry.line, "unknown string key \"\(entry.key)\"\(near)"))
                continue
            }
            copy.table[entry.key] = entry.text
        }
        try problems.check()
        return copy
    }

    /// The text with `{1}`, `{2}`, … replaced by `values` in order, in one pass (a value that
    /// itself holds `{2}` stays as it is); a placeholder without a value stays too. A Korean
    /// particle written in the template as `(은)는`, `(이)가`, `(을)를`, `(과)와`, `(으)로` or
    /// `(이)면` takes the form that fits the text before it (`{1}(은)는` with `평균 대기`:
    /// `평균 대기는`; with `2.2분`: `2.2분은`), or stays as written when its sound is unknown.
    public static func fill(_ template: String, _ values: [String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "(" }) {
            out += rest[..<open]
            if rest[open] == "(" {
                if let particle = KoreanParticle.spelling(at: rest[open...], after: out) {
                    out += particle.spelling
                    rest = rest[open...].dropFirst(particle.length)
                } else {
                    out.append("(")
                    rest = rest[rest.index(after: open)...]
                }
                continue
            }
            let afterOpen = rest.index(after: open)
            let digits = rest[afterOpen...].prefix(while: { ("0"..."9").contains($0) })
            if !digits.isEmpty, digits.endIndex < rest.endIndex, rest[digits.endIndex] == "}",
               let number = Int(digits), number >= 1, number <= values.count {
                out += values[number - 1]
                rest = rest[rest.index(after: digits.endIndex)...]
            } else {
                out.append("{")
                rest = rest[afterOpen...]
            }
        }
        return out + rest
    }

    /// The strings of a table file: nested mappings whose leaves are text.
    static func read(_ yaml: String, file: String) throws -> [String: String] {
        do {
            return Dictionary(try entries(ScenarioNode.parse(yaml)).map { ($0.key, $0.text) }, uniquingKeysWith: { _, last in last })
        } catch {
            throw Diagnostics(Diagnostics.from(error).map { $0.located(in: file) })
        }
    }

    private static func entries(_ node: ScenarioNode) throws -> [(key: String, line: Int?, text: String)] {
        var problems = DiagnosticCollector()
        var out: [(key: String, line: Int?, text: String)] = []
        func walk(_ node: ScenarioNode) throws {
            for entry in try node.mapping(allowed: nil, problems: &problems).entries {
                if case .mapping = entry.value.node {
                    try walk(entry.value)
                } else if let text = problems.attempt({ try entry.value.string() }) {
                    out.append((entry.value.path, entry.keyLine, text))
                }
            }
        }
        if !node.isNull { try walk(node) }
        try problems.check()
        return out
    }
}
