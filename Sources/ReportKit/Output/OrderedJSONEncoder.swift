/// A JSON value that keeps object keys in insertion order.
indirect enum OrderedJSON {
    case null, bool(Bool), number(String), string(String)
    /// A list of flat records, one per line, written straight from the records.
    case records(any FlatRecordList)
    case array(JSONBox)
    case object(JSONBox)

    init(_ scalar: ScalarValue) {
        switch scalar {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = .number(text)
        case .string(let text): self = .string(text)
        }
    }

    func write(to out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .records(let list):
            guard !list.isEmpty else { out += "[]"; return }
            out += "[\n"
            list.writeLines(to: &out, indent: String(repeating: "  ", count: indent + 1))
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let text): Self.writeString(text, to: &out)
        case .array(let box):
            guard !box.items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, item) in box.items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.value.write(to: &out, indent: indent + 1)
                out += index == box.items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let box):
            guard !box.items.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, item) in box.items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                Self.writeString(item.key ?? "", to: &out)
                out += ": "
                item.value.write(to: &out, indent: indent + 1)
                out += index == box.items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// A record on one line, `{"number": 1, "service": "deposit"}`, given its field names
    /// already quoted and followed by `: `.
    static func writeLine(_ record: some FlatRecord, keys: [String], to out: inout String) {
        out += "{"
        var index = 0
        record.writeFields { value in
            if index > 0 { out += ", " }
            out += index < keys.count ? keys[index] : "\"\": "
            index += 1
            OrderedJSON(value).write(to: &out, indent: 0)
        }
        out += "}"
    }

    static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

}

/// Records written one per line without a tree of their own: a million bank customers.
protocol FlatRecordList {
    var isEmpty: Bool { get }
    /// Each record on its own line after `indent`, lines separated by `,`, the last ending in a newline.
    func writeLines(to out: inout String, indent: String)
}

extension Array: FlatRecordList where Element: FlatRecord {
    func writeLines(to out: inout String, indent: String) {
        let keys = Element.fieldNames.map { name in
            var key = ""
            OrderedJSON.writeString(name, to: &key)
            return key + ": "
        }
        for (index, record) in enumerated() {
            out += indent
            OrderedJSON.writeLine(record, keys: keys, to: &out)
            out += index == count - 1 ? "\n" : ",\n"
        }
    }
}

/// A mutable list of (key, value) entries shared by nested containers while encoding.
final class JSONBox {
    var items: [(key: String?, value: OrderedJSON)] = []

    func set(_ key: String, _ value: OrderedJSON) {
        if let index = items.firstIndex(where: { $0.key == key }) {
            items[index].value = value
        } else {
            items.append((key, value))
        }
    }
}

/// Where an encoder writes its single value.
final class JSONSlot {
    var root: OrderedJSON = .null
}

/// An `Encoder` producing ``OrderedJSON``.
final class OrderedJSONEncoder: Encoder {
    let storage: JSONSlot
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]

    init(storage: JSONSlot = JSONSlot(), codingPath: [any CodingKey] = []) {
        self.storage = storage
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: JSONBox
        if case .object(let existing) = storage.root { box = existing } else {
            box = JSONBox()
            storage.root = .object(box)
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: JSONBox
        if case .array(let existing) = storage.root { box = existing } else {
            box = JSONBox()
            storage.root = .array(box)
        }
        return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(slot: storage, codingPath: codingPath)
    }

    /// Encodes any value into a JSON value.
    static func value<T: Encodable>(_ value: T, at codingPath: [any CodingKey]) throws -> OrderedJSON {
        if let scalar = value as? any DataScalar { return OrderedJSON(scalar.scalarValue) }
        if let list = value as? any FlatRecordList { return .records(list) }
        let encoder = OrderedJSONEncoder(codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.storage.root
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: JSONBox
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .null) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            box.set(key.stringValue, try OrderedJSONEncoder.value(value, at: codingPath + [key]))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested = JSONBox()
            box.set(key.stringValue, .object(nested))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = JSONBox()
            box.set(key.stringValue, .array(nested))
            return UnkeyedContainer(box: nested, codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let slot = JSONSlot()
            let encoder = OrderedJSONEncoder(storage: slot, codingPath: codingPath + [key])
            box.set(key.stringValue, .null)
            return DeferredEncoder(encoder: encoder) { [box] value in box.set(key.stringValue, value) }
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let box: JSONBox
        let codingPath: [any CodingKey]
        var count: Int { box.items.count }

        mutating func encodeNil() throws { box.items.append((nil, .null)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            box.items.append((nil, try OrderedJSONEncoder.value(value, at: codingPath)))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = JSONBox()
            box.items.append((nil, .object(nested)))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = JSONBox()
            box.items.append((nil, .array(nested)))
            return UnkeyedContainer(box: nested, codingPath: codingPath)
        }
        mutating func superEncoder() -> any Encoder {
            let index = box.items.count
            box.items.append((nil, .null))
            return DeferredEncoder(encoder: OrderedJSONEncoder(codingPath: codingPath)) { [box] value in box.items[index].value = value }
        }
    }

    struct SingleContainer: SingleValueEncodingContainer {
        let slot: JSONSlot
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { slot.root = .null }
        mutating func encode<T: Encodable>(_ value: T) throws {
            slot.root = try OrderedJSONEncoder.value(value, at: codingPath)
        }
    }
}

/// An encoder for `superEncoder()` whose value is stored once it has been written.
private final class DeferredEncoder: Encoder {
    let encoder: OrderedJSONEncoder
    let store: (OrderedJSON) -> Void
    var codingPath: [any CodingKey] { encoder.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(encoder: OrderedJSONEncoder, store: @escaping (OrderedJSON) -> Void) {
        self.encoder = encoder
        self.store = store
    }

    deinit { store(encoder.storage.root) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { encoder.container(keyedBy: type) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { encoder.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { encoder.singleValueContainer() }
}
