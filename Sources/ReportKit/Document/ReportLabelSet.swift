/// A kind's interface words, one case per label with a stable name. The text comes from the
/// current ``Strings`` table, under the key `<section>.<case>` (`bank.meanWait`), so every
/// language and every site override reaches it; where the current table lacks the key (a kind
/// run on its own, by its command or a test), from the kind's own table (``builtIn``) in the
/// current language. `{1}`, `{2}`, … mark where values go.
public protocol ReportLabelSet: RawRepresentable<String>, CaseIterable, Sendable {
    /// The table section holding the kind's labels, e.g. `bank`.
    static var section: String { get }
    /// The built-in strings the labels belong to: their kind's (``BuiltInFiles/strings``).
    static var builtIn: StringTables { get }
}

extension ReportLabelSet {
    /// The key in the string table, e.g. `bank.meanWait`.
    public var key: String { "\(Self.section).\(rawValue)" }

    /// The label's text in the current language.
    public var text: String {
        let strings = Strings.current
        return strings.table[key] ?? Self.builtIn[strings.language][key] ?? key
    }

    /// The label's text with `{1}`, `{2}`, … replaced by `values` in order, in one pass (a value
    /// that itself holds `{2}` stays as it is); a placeholder without a value stays too.
    public func text(_ values: String...) -> String {
        Strings.fill(text, values)
    }
}
