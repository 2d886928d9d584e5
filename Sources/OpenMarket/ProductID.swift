/// A product's id as the API sent it. Only whole numbers are usable ids (they become page paths
/// such as `products/32`); anything else is kept as text so the caller can name it and skip it.
public enum ProductID: Sendable, Hashable, CustomStringConvertible, Decodable {
    /// A whole number: `32`, `32.0` or the text `"32"`.
    case integer(Int)
    /// Anything else (`"abc"`, `1.5`, `"../x"`, `true`), as text for messages.
    case invalid(String)

    /// The id when it is a whole number.
    public var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .invalid(let text): text
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            if value.rounded() == value, abs(value) < 9e15 {
                self = .integer(Int(value))
            } else {
                self = .invalid(String(value))
            }
        } else if let text = try? container.decode(String.self) {
            if !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) {
                self = .integer(value)
            } else {
                self = .invalid(text)
            }
        } else if let flag = try? container.decode(Bool.self) {
            self = .invalid(String(flag))
        } else if container.decodeNil() {
            self = .invalid("null")
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a number or text")
        }
    }
}
