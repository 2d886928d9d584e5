/// CSV documents from `Encodable` rows.
extension CSVText {
    /// A CSV document: the `columns` as header, then one line per row, each of the row's coding
    /// keys in the column of the same name (keys that are not columns are left out). A value the
    /// row leaves out (a nil optional) is an empty cell. Every cell goes through ``cell(_:)``.
    ///
    /// Cells are ``DataScalar``s: strings, integers, doubles (shortest exact text, no `.0`),
    /// ``ExactNumber``s, booleans, and optionals of them.
    /// - Throws: `EncodingError` for a nested value.
    public static func encode<Row: Encodable>(_ rows: some Sequence<Row>, columns: [String]) throws -> String {
        var out = line(columns)
        let storage = CSVRowStorage(columns: columns)
        for row in rows {
            storage.clear()
            try row.encode(to: CSVRowEncoder(storage: storage))
            for (index, cell) in storage.cells.enumerated() {
                if index > 0 { out += "," }
                out += Self.cell(cell)
            }
            out += "\n"
        }
        return out
    }

    /// One cell's text: the only place cells are written. Strings go through ``field(_:)``;
    /// numbers, booleans and empty cells never need quoting.
    public static func cell(_ value: ScalarValue) -> String {
        switch value {
        case .string(let text): field(text)
        default: value.csvText
        }
    }

    /// A number as a data cell: `12000`, `0.7` — the same text as in JSON.
    public static func number(_ value: Double) -> String {
        value.scalarValue.csvText
    }
}

extension CSVText {
    /// A CSV document of `columns` and one line per record, each writing its fields in column
    /// order; every cell goes through ``cell(_:)``. Repeated strings (service keys, lane labels)
    /// are quoted once.
    public static func records<Row: FlatRecord>(_ rows: some Sequence<Row>, columns: [String]) -> String {
        var out = line(columns)
        var quoted: [String: String] = [:]
        for row in rows {
            var first = true
            row.writeFields { value in
                if !first { out += "," }
                first = false
                guard case .string(let text) = value, text.utf8.count <= 32 else {
                    out += Self.cell(value)
                    return
                }
                if let known = quoted[text] {
                    out += known
                } else {
                    let cell = Self.cell(value)
                    if quoted.count < 1_000 { quoted[text] = cell }
                    out += cell
                }
            }
            out += "\n"
        }
        return out
    }
}

/// The cells of the row being written.
private final class CSVRowStorage {
    let columnIndex: [String: Int]
    var cells: [ScalarValue]

    let columns: [String]
    /// Where the next key is expected: rows write their keys in column order, so the column is
    /// usually found without hashing.
    var next = 0

    init(columns: [String]) {
        self.columns = columns
        columnIndex = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        cells = Array(repeating: .null, count: columns.count)
    }

    func clear() {
        for index in cells.indices { cells[index] = .null }
        next = 0
    }

    func set(_ value: ScalarValue, for key: any CodingKey) {
        let name = key.stringValue
        let index: Int
        if next < columns.count, columns[next] == name {
            index = next
        } else if let found = columnIndex[name] {
            index = found
        } else {
            return
        }
        cells[index] = value
        next = index + 1
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

    mutating func encodeNil(forKey key: Key) throws { storage.set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { storage.set(value.scalarValue, for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { storage.set(value.scalarValue, for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { storage.set(value.scalarValue, for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { storage.set(value.scalarValue, for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { storage.set(value.scalarValue, for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // One conformance check per cell: a million-row download must stay fast.
        guard let cell = value as? any DataScalar else {
            throw EncodingError.invalidValue(value, .init(codingPath: [key], debugDescription: "a CSV cell must be a string, number or boolean"))
        }
        storage.set(cell.scalarValue, for: key)
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
