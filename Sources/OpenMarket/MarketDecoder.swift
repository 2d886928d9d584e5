import Foundation

/// Decodes API responses and catalogue files, turning decoding failures into ``MarketError``s
/// that name the source and the JSON path of the bad field (`pages[3].price must be a number`).
public enum MarketDecoder {
    /// Decodes a list response (`{…, "pages": [...]}`).
    public static func listPage(_ data: Data, source: String) throws -> ProductListPage {
        try decode(ProductListPage.self, from: data, source: source)
    }

    /// Decodes a detail response (`{"id": …, "images": [...], "vendors": {...}}`).
    public static func detail(_ data: Data, source: String) throws -> Product {
        try decode(Product.self, from: data, source: source)
    }

    /// Decodes a JSON array of detail responses (the offline details file of a local catalogue).
    public static func details(_ data: Data, source: String) throws -> [Product] {
        try decode([Product].self, from: data, source: source)
    }

    /// Decodes any model, with errors that name `source` and the JSON path.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, source: String) throws -> T {
        if let start = firstCharacters(data), let first = start.first, first != "{", first != "[" {
            throw MarketError.notJSON(source: source, start: start)
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw describe(error, source: source, data: data)
        } catch let error as ProductFieldErrors {
            throw MarketError.several(error.errors.map { describe($0, source: source, data: data) })
        }
    }

    /// The JSON path of a coding path: `pages[3].price`.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue == String(index) || key.stringValue.hasPrefix("Index ") {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out
    }

    static func describe(_ error: DecodingError, source: String, data: Data) -> MarketError {
        switch error {
        case let .keyNotFound(key, context):
            let path = path(context.codingPath.last?.stringValue == key.stringValue ? context.codingPath : context.codingPath + [key])
            return .decoding(source: source, path: path, message: "is missing")
        case let .typeMismatch(type, context):
            return .decoding(source: source, path: path(context.codingPath), message: "must be \(describe(type))")
        case let .valueNotFound(type, context):
            return .decoding(source: source, path: path(context.codingPath), message: "must be \(describe(type)), got null")
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty {
                return .decoding(source: source, path: "", message: "is not valid JSON: \(syntaxProblem(data) ?? context.debugDescription)")
            }
            return .decoding(source: source, path: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            return .decoding(source: source, path: "", message: String(describing: error))
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type: "a number"
        case is [Any].Type: "a list"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }

    /// What JSONSerialization says is wrong with the text (e.g. "Unexpected end of file during
    /// JSON parse." for a truncated body); nil when it parses.
    private static func syntaxProblem(_ data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            return text.count > 160 ? String(text.prefix(160)) + "…" : text
        }
    }

    /// The first few characters after leading whitespace, for the "not JSON" message; nil for an
    /// empty body.
    private static func firstCharacters(_ data: Data) -> String? {
        let trimmed = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        guard !trimmed.isEmpty else { return nil }
        let text = String(decoding: trimmed.prefix(40), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        return line.replacingOccurrences(of: "\"", with: "'")
    }
}
