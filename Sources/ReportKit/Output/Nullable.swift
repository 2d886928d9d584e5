/// An optional property that JSON writes as `null` when absent, where a synthesized `Encodable`
/// would leave the key out: `@Nullable var meanWait: Double?`.
@propertyWrapper
public struct Nullable<Value: Encodable>: Encodable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension Nullable: Sendable where Value: Sendable {}

/// A CSV cell too: empty when absent.
extension Nullable: DataScalar where Value: DataScalar {
    public var scalarValue: ScalarValue { wrappedValue.scalarValue }
}
