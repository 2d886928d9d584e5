import Basics
import ReportKit

/// A value under a page's `extra:` key: the page's own data, kept as written and handed to the
/// templates (`page.extra.KEY`, `{{#page.extra.list}}…{{/page.extra.list}}`).
public enum ExtraValue: Sendable, Equatable {
    /// A scalar as written (numbers stay text, so they print exactly as typed).
    case text(String)
    /// A plain `true` or `false`, so that `{{#page.extra.flag}}` tests it.
    case bool(Bool)
    /// `~`, `null` or nothing.
    case null
    case list([ExtraValue])
    /// Keys in document order.
    case mapping([Entry])

    /// A key and its value.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: ExtraValue
    }

    /// How deep `extra:` may nest; deeper is an error rather than a deep recursion.
    public static let maximumDepth = 32

    /// Reads any YAML value.
    init(_ node: ScenarioNode, depth: Int = 0) throws {
        guard depth <= Self.maximumDepth else {
            throw node.error("nests more than \(Self.maximumDepth) levels deep")
        }
        switch node.node {
        case .scalar(let scalar):
            if node.isNull {
                self = .null
            } else if scalar.style == .plain, ["true", "false"].contains(scalar.string.lowercased()) {
                self = .bool(scalar.string.lowercased() == "true")
            } else {
                self = .text(scalar.string)
            }
        case .sequence:
            self = .list(try node.list().map { try ExtraValue($0, depth: depth + 1) })
        case .mapping:
            self = .mapping(try node.mapping(allowed: nil).entries.map { entry in
                Entry(key: entry.key, value: try ExtraValue(entry.value, depth: depth + 1))
            })
        case .alias:
            throw node.error("uses a YAML alias; write the value out")
        }
    }

    /// The value under `key` of a mapping.
    public subscript(key: String) -> ExtraValue? {
        guard case .mapping(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}
