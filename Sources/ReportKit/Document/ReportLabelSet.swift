/// A kind's interface words, one case per label with a stable name, so a table in another language
/// can stand beside the English one. `{1}`, `{2}`, … mark where values go.
public protocol ReportLabelSet: RawRepresentable<String>, CaseIterable, Sendable {
    /// The English text.
    var english: String { get }
}

extension ReportLabelSet {
    /// The label's text.
    public var text: String { english }

    /// The label's text with `{1}`, `{2}`, … replaced by `values` in order, in one pass (a value
    /// that itself holds `{2}` stays as it is); a placeholder without a value stays too.
    public func text(_ values: String...) -> String {
        ReportLabelTemplate.fill(english, values)
    }
}

enum ReportLabelTemplate {
    static func fill(_ template: String, _ values: [String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            let digits = rest[afterOpen...].prefix(while: \.isASCIIDigit)
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
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
