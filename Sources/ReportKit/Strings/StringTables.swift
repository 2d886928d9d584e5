import Basics

/// One part's built-in interface strings — a report kind's, the report renderer's, the site's —
/// read once from the `i18n/<language>.yml` files of its `Files/` folder.
public struct StringTables: Sendable {
    /// Each language's strings by dotted key (`bank.meanWait`).
    public let tables: [InterfaceLanguage: [String: String]]
    /// What could not be read: a language without its file, YAML that does not parse, a value
    /// that is not text. The tests check that every built-in part has none; a string that could
    /// not be read shows as its key.
    public let problems: [Diagnostic]

    /// Reads `i18n/<language>.yml` of `files` (each file's text by its path) for every language.
    /// A part with no `i18n/` files at all has no strings, and no problems.
    public init(files: [String: String]) {
        var tables: [InterfaceLanguage: [String: String]] = [:]
        var problems: [Diagnostic] = []
        let any = files.keys.contains { $0.hasPrefix("i18n/") }
        for language in InterfaceLanguage.allCases where any {
            let path = "i18n/\(language.rawValue).yml"
            guard let text = files[path] else {
                problems.append(Diagnostic(file: path, "missing: every language needs its table"))
                continue
            }
            do {
                tables[language] = try Strings.read(text, file: path)
            } catch {
                problems += Diagnostics.from(error)
            }
        }
        self.tables = tables
        self.problems = problems
    }

    /// The strings of `language`; none when the part has no table for it.
    public subscript(language: InterfaceLanguage) -> [String: String] {
        tables[language] ?? [:]
    }
}
