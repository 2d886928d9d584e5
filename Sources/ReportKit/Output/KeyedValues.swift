/// A JSON object whose keys are data (lane labels, service keys, fruit ids), written in the order
/// given, never a hashed one.
public struct KeyedValues<Value: Encodable>: Encodable {
    public var entries: [(key: String, value: Value)]

    public init(_ entries: [(key: String, value: Value)]) {
        self.entries = entries
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DataKey.self)
        for entry in entries {
            try container.encode(entry.value, forKey: DataKey(stringValue: entry.key))
        }
    }

    private struct DataKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension KeyedValues: Sendable where Value: Sendable {}
