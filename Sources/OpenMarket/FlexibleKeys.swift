/// A coding key made from any string, so one model can read both API spellings of a field
/// (`page_no` in v1, `pageNo` in v2).
struct FlexibleKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension KeyedDecodingContainer where Key == FlexibleKey {
    /// The first of `names` present in the container (and not `null`), decoded; nil when none is.
    func optional<T: Decodable>(_ type: T.Type, _ names: String...) throws -> T? {
        for name in names {
            let key = FlexibleKey(name)
            if contains(key), try !decodeNil(forKey: key) {
                return try decode(type, forKey: key)
            }
        }
        return nil
    }

    /// The first of `names` present in the container, decoded; a `keyNotFound` error naming the
    /// first spelling when none is.
    func required<T: Decodable>(_ type: T.Type, _ names: String...) throws -> T {
        for name in names {
            let key = FlexibleKey(name)
            if contains(key) { return try decode(type, forKey: key) }
        }
        let key = FlexibleKey(names[0])
        throw DecodingError.keyNotFound(
            key,
            .init(codingPath: codingPath + [key], debugDescription: "is missing")
        )
    }
}
