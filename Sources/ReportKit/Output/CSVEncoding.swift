/// CSV documents from `Encodable` rows.
extension CSVText {
    /// A CSV document: the `columns` as header, then one line per row, each of the row's coding
    /// keys in the column of the same name (keys that are not columns are left out). A value the
    /// row leaves out (a nil optional) is an empty cell. Every cell goes through ``field(_:)``.
    ///
    /// Cells are strings, integers, doubles (shortest exact text, no `.0`), ``ExactNumber``s and
    /// booleans.
    /// - Throws: `EncodingError` for a nested value.
    public static func encode<Row: Encodable>(_ rows: some Sequence<Row>, columns: [String]) throws -> String {
        var out = line(columns)
        let storage = CSVRowStorage(columns: columns)
        for row in rows {
            storage.clear()
            try row.encode(to: CSVRowEncoder(storage: storage))
            for (index, cell) in storage.cells.enumerated() {
                if index > 0 { out += "," }
                out += field(cell)
            }
            out += "\n"
        }
        return out
    }

    /// A number as a data cell: `12000`, `0.7` — the same text as in JSON.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

/// An optional value, so that writing `nil` gives an empty cell.
private protocol OptionalCell {
    var wrapped: (any Encodable)? { get }
}

extension Optional: OptionalCell where Wrapped: Encodable {
    fileprivate var wrapped: (any Encodable)? { map { $0 } }
}

/// The cells of the row being written.
private final class CSVRowStorage {
    let columnIndex: [String: Int]
    var cells: [String]

    init(columns: [String]) {
        columnIndex = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        cells = Array(repeating: "", count: columns.count)
    }

    func clear() {
        for index in cells.indices { cells[index] = "" }
    }

    func set(_ text: String, for key: any CodingKey) {
        if let index = columnIndex[key.stringValue] { cells[index] = text }
    }
}

private struct CSVRowEncoder: Encoder {
    let storage: CSVRowStorage
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CSVRowContainer<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        CSVNestedEncoder(codingPath: []).unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        CSVNestedEncoder(codingPath: []).singleValueContainer()
    }
}

private struct CSVRowContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: CSVRowStorage
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { storage.set("", for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { storage.set(value ? "true" : "false", for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { storage.set(value, for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { storage.set(CSVText.number(value), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { storage.set(String(value), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { storage.set(String(value), for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        switch value {
        case let text as String: try encode(text, forKey: key)
        case let number as Double: try encode(number, forKey: key)
        case let number as Int: try encode(number, forKey: key)
        case let number as Int64: try encode(number, forKey: key)
        case let flag as Bool: try encode(flag, forKey: key)
        case let exact as any ExactNumber: storage.set(exact.numberText, for: key)
        case let optional as any OptionalCell:
            if let wrapped = optional.wrapped { try encode(wrapped, forKey: key) } else { storage.set("", for: key) }
        default:
            throw EncodingError.invalidValue(value, .init(codingPath: [key], debugDescription: "a CSV cell must be a string, number or boolean"))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        CSVNestedEncoder(codingPath: [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        CSVNestedEncoder(codingPath: [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { CSVNestedEncoder(codingPath: []) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { CSVNestedEncoder(codingPath: [key]) }
}

/// Where nested values end up: CSV rows are flat, so writing into it fails.
private struct CSVNestedEncoder: Encoder, SingleValueEncodingContainer, UnkeyedEncodingContainer {
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var count: Int { 0 }

    private func refuse() -> EncodingError {
        .invalidValue((), .init(codingPath: codingPath, debugDescription: "a CSV row must be flat"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CSVRefusingContainer<Key>(codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { self }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }
    mutating func encodeNil() throws { throw refuse() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw refuse() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(CSVRefusingContainer<NestedKey>(codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { self }
}

private struct CSVRefusingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey]

    private func refuse(_ key: Key) -> EncodingError {
        .invalidValue((), .init(codingPath: codingPath + [key], debugDescription: "a CSV row must be flat"))
    }

    mutating func encodeNil(forKey key: Key) throws { throw refuse(key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw refuse(key) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(CSVRefusingContainer<NestedKey>(codingPath: codingPath + [key]))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { CSVNestedEncoder(codingPath: codingPath + [key]) }
    mutating func superEncoder() -> any Encoder { CSVNestedEncoder(codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { CSVNestedEncoder(codingPath: codingPath + [key]) }
}
