/// What a data column holds, inferred from its values or set by a block's `types:`.
public enum ColumnType: String, Sendable, CaseIterable {
    /// Whole numbers: `12`, `-3`, `1,200` (groups of three). More than 15 digits, or a leading
    /// zero (`007`), reads as text: such values are codes, not amounts.
    case integer
    /// Numbers with a fraction or exponent: `12.5`, `-0.25`, `1e3`.
    case decimal
    /// Calendar days written `YYYY-MM-DD`.
    case date
    /// Anything else.
    case text

    /// True for the kinds that are numbers (dates count days, and are numbers too).
    public var isNumeric: Bool { self != .text }

    /// The type a block names in `types:` (`number` is `decimal`).
    public init?(declared name: String) {
        if name == "number" { self = .decimal } else { self.init(rawValue: name) }
    }

    /// The names a block may use in `types:`.
    public static let declaredNames = ["integer", "decimal", "number", "date", "text"]

    /// The narrowest type that holds every value of `texts` (empty texts are missing values and
    /// hold any type); text when there is no value at all.
    public static func inferred(from texts: some Sequence<String>) -> ColumnType {
        var integer = true, decimal = true, date = true, any = false
        for text in texts where !text.isEmpty {
            any = true
            if integer, ValueText.integer(text) == nil { integer = false }
            if !integer, decimal, ValueText.decimal(text) == nil { decimal = false }
            if date, ValueText.day(text) == nil { date = false }
            if !integer && !decimal && !date { return .text }
        }
        guard any else { return .text }
        return integer ? .integer : decimal ? .decimal : date ? .date : .text
    }

    /// The value of `text` as a number of this type (a date as its day number, see
    /// ``ValueText/day(_:)``), nil when it is not one; text columns have no numbers.
    public func number(_ text: String) -> Double? {
        switch self {
        case .integer: ValueText.integer(text).map(Double.init)
        case .decimal: ValueText.decimal(text)
        case .date: ValueText.day(text).map(Double.init)
        case .text: nil
        }
    }
}
