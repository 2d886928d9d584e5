/// One plain value of a data download: what a JSON literal or a CSV cell holds.
public enum ScalarValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A JSON number literal, e.g. `0.7`, `1e+21`.
    case number(String)
    case string(String)

    /// The CSV cell's text before quoting: empty for null.
    var csvText: String {
        switch self {
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text), .string(let text): text
        }
    }
}

/// A value written as one JSON literal and one CSV cell without an encoder of its own: strings,
/// numbers, booleans, ``ExactNumber``s and optionals of them. One conformance check per value
/// keeps a million-row download quick.
public protocol DataScalar {
    var scalarValue: ScalarValue { get }
}

extension String: DataScalar {
    public var scalarValue: ScalarValue { .string(self) }
}

extension Bool: DataScalar {
    public var scalarValue: ScalarValue { .bool(self) }
}

extension Int: DataScalar {
    public var scalarValue: ScalarValue { .number(String(self)) }
}

extension Int32: DataScalar {
    public var scalarValue: ScalarValue { .number(String(self)) }
}

extension Int64: DataScalar {
    public var scalarValue: ScalarValue { .number(String(self)) }
}

extension UInt: DataScalar {
    public var scalarValue: ScalarValue { .number(String(self)) }
}

extension UInt64: DataScalar {
    public var scalarValue: ScalarValue { .number(String(self)) }
}

extension Double: DataScalar {
    /// The shortest text that reads back as the same number, without `.0`; non-finite numbers,
    /// which JSON cannot hold, as the strings `NaN`, `Infinity`, `-Infinity`.
    public var scalarValue: ScalarValue {
        guard isFinite else { return .string(isNaN ? "NaN" : self < 0 ? "-Infinity" : "Infinity") }
        if self == rounded(), abs(self) < 1e15 { return .number(String(Int64(self))) }
        return .number("\(self)")
    }
}

extension Float: DataScalar {
    public var scalarValue: ScalarValue { Double(self).scalarValue }
}

extension Optional: DataScalar where Wrapped: DataScalar {
    public var scalarValue: ScalarValue { self?.scalarValue ?? .null }
}

/// A number whose exact decimal text the type knows (`0.7` seconds from 700,000 microsecond
/// ticks); JSON and CSV write ``numberText`` as it is.
public protocol ExactNumber: Encodable, DataScalar {
    /// A JSON number literal, e.g. `1234.000001`.
    var numberText: String { get }
}

extension ExactNumber {
    public var scalarValue: ScalarValue { .number(numberText) }

    /// Encoders other than ours get the text as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(numberText)
    }
}

/// A record of scalar fields that writes them itself, in order: one CSV line
/// (``CSVText/records(_:columns:)``), or in an array one JSON line `{"name" : value, …}` — the
/// fast path for downloads of a million records. Its `encode(to:)` must encode the same fields
/// under the same names, for other encoders.
public protocol FlatRecord: Encodable {
    /// The field names, in the order ``writeFields(_:)`` gives the values.
    static var fieldNames: [String] { get }
    /// Calls `field` once per field, in order.
    func writeFields(_ field: (ScalarValue) -> Void)
}
