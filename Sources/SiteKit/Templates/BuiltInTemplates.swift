import Basics
import ReportKit

/// The templates, assets and strings a site starts from: sitegen's own (``Site/builtInFiles``)
/// with the files of every kind laid beside them (``ReportKind/builtIn``), each kind's file
/// marked with the kinds it belongs to.
struct BuiltInTemplates: Sendable {
    /// Each file's text by its path as in a templates folder (`page.mustache`,
    /// `assets/bank.css`); the string tables of `i18n/` are in ``strings`` instead.
    let files: [String: String]
    /// The kinds each kind's file belongs to, by path (`assets/bank.css`: `bank`); the site's own
    /// files belong to none. A page links a kind's stylesheets and scripts only when it shows the
    /// kind; a site's file of the same path belongs to the same kinds.
    let owners: [String: Set<String>]
    /// Every part's strings: the site's, then each kind's.
    let strings: [StringTables]
    /// Files of one path from two parts (but for kinds that share a folder), each naming the path
    /// and both parts: an error when the templates load, never a silent choice.
    let problems: [Diagnostic]

    /// - Parameter kinds: the kinds of the build, in the order their files are laid down.
    init(kinds: [any ReportKind]) {
        var files: [String: String] = [:]
        var from: [String: String] = [:]
        var owners: [String: Set<String>] = [:]
        var problems: [Diagnostic] = []
        let parts: [(kind: String?, files: BuiltInFiles)] = [(nil, Site.builtInFiles)] + kinds.map { ($0.name, $0.builtIn) }
        for (kind, builtIn) in parts {
            let part = kind.map { "the \($0) kind" } ?? "the site"
            for (path, text) in builtIn.files.sorted(by: { $0.key < $1.key }) where !path.hasPrefix("i18n/") {
                if let other = from[path] {
                    if let kind, owners[path] != nil, files[path] == text {
                        // Kinds sharing a folder bring the same files, and share them.
                        owners[path]?.insert(kind)
                    } else {
                        let differ = files[path] == text ? "" : ", with different text"
                        problems.append(Diagnostic(file: "built-in \(path)", "comes from both \(other) and \(part)\(differ)"))
                    }
                    continue
                }
                files[path] = text
                from[path] = part
                if let kind { owners[path] = [kind] }
            }
        }
        self.files = files
        self.owners = owners
        self.problems = problems
        strings = parts.map(\.files.strings)
    }

    /// The built-in strings of `language`, every part's.
    func strings(_ language: InterfaceLanguage) -> Strings {
        Strings(language: language, tables: strings)
    }
}
