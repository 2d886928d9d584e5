import Basics
import ReportKit

/// The templates, assets and strings a site starts from: sitegen's own (``Site/builtInFiles``)
/// with the files of every kind laid beside them (``ReportKind/builtIn``).
struct BuiltInTemplates: Sendable {
    /// Each file's text by its path as in a templates folder (`page.mustache`,
    /// `assets/bank.css`); the string tables of `i18n/` are in ``strings`` instead.
    let files: [String: String]
    /// Every part's strings: the site's, then each kind's.
    let strings: [StringTables]
    /// Files that two parts bring with different text, each naming the path and both parts. A
    /// kind whose file clashes is an error when the templates load, never a silent choice.
    let problems: [Diagnostic]

    /// - Parameter kinds: the kinds of the build, in the order their files are laid down.
    init(kinds: [any ReportKind]) {
        var files: [String: String] = [:]
        var from: [String: String] = [:]
        var problems: [Diagnostic] = []
        let parts = [("the site", Site.builtInFiles)] + kinds.map { ("the \($0.name) kind", $0.builtIn) }
        for (part, builtIn) in parts {
            for (path, text) in builtIn.files.sorted(by: { $0.key < $1.key }) where !path.hasPrefix("i18n/") {
                if let other = from[path] {
                    // Kinds sharing a folder bring the same files.
                    if files[path] != text {
                        problems.append(Diagnostic(file: "built-in \(path)", "comes from both \(other) and \(part), with different text"))
                    }
                    continue
                }
                files[path] = text
                from[path] = part
            }
        }
        self.files = files
        self.problems = problems
        strings = parts.map(\.1.strings)
    }

    /// The built-in strings of `language`, every part's.
    func strings(_ language: InterfaceLanguage) -> Strings {
        Strings(language: language, tables: strings)
    }
}
