/// A kind's interface words, one case per label with a stable name. The text comes from the
/// current ``Strings`` table, under the key `<section>.<case>` (`bank.meanWait`), so every
/// language and every site override reaches it. `{1}`, `{2}`, … mark where values go.
public protocol ReportLabelSet: RawRepresentable<String>, CaseIterable, Sendable {
    /// The table section holding the kind's labels, e.g. `bank`.
    static var section: String { get }
}

extension ReportLabelSet {
    /// The key in the string table, e.g. `bank.meanWait`.
    public var key: String { "\(Self.section).\(rawValue)" }

    /// The label's text in the current language.
    public var text: String { Strings.current[key] }

    /// The label's text with `{1}`, `{2}`, … replaced by `values` in order, in one pass (a value
    /// that itself holds `{2}` stays as it is); a placeholder without a value stays too.
    public func text(_ values: String...) -> String {
        Strings.fill(Strings.current[key], values)
    }
}
