import CYaml

/// How many values a YAML text may stand for once its aliases are expanded.
///
/// An alias (`*name`) repeats the value its anchor (`&name`) marks, so a kilobyte of YAML can
/// stand for billions of values (ten anchors of nine aliases each: 9¹⁰). Whoever walks such a
/// tree walks every repetition. ``ScenarioNode/parse(_:lineOffset:budget:)`` therefore counts the
/// values of the text as expanded, from libyaml's events and before anything is built, and
/// refuses a text that stands for more than its budget: linear work, whatever the aliases say.
///
/// The budget is the larger of ``minimum`` and the text's length in bytes. A value takes at least
/// one byte to write, so no text without aliases is ever refused, and no text can stand for more
/// values than it has bytes (or than 100,000).
public struct YAMLBudget: Sendable, Equatable {
    /// The most values after alias expansion.
    public var values: Int

    /// The values any YAML text may stand for, however short: 100,000.
    public static let minimum = 100_000

    public init(values: Int) {
        self.values = values
    }

    /// The budget of a text of `length` UTF-8 bytes: `max(100,000, length)`.
    public static func standard(forLength length: Int) -> YAMLBudget {
        YAMLBudget(values: max(minimum, length))
    }

    /// The values `yaml` stands for with its aliases expanded, counted up to `limit`; returns
    /// the count, or the 1-based line of the value at which the count passed `limit`. A text
    /// libyaml cannot read counts what it read before the error (the reader that builds the
    /// tree reports the error itself).
    static func count(_ yaml: String, limit: Int) -> (values: Int, exceededAtLine: Int?) {
        var yaml = yaml
        return yaml.withUTF8 { bytes in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return (0, nil) }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            // The values each anchor stands for (a later anchor of the same name replaces it),
            // and where each open collection's count began.
            var anchors: [String: Int] = [:]
            var open: [(anchor: String?, start: Int)] = []
            var total = 0
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return (total, nil)
                case YAML_SCALAR_EVENT:
                    total += 1
                    if let anchor = Self.text(event.data.scalar.anchor) { anchors[anchor] = 1 }
                case YAML_ALIAS_EVENT:
                    // An undefined alias is the builder's error to report; here it counts one.
                    total += Self.text(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1
                case YAML_SEQUENCE_START_EVENT:
                    total += 1
                    open.append((Self.text(event.data.sequence_start.anchor), total - 1))
                case YAML_MAPPING_START_EVENT:
                    total += 1
                    open.append((Self.text(event.data.mapping_start.anchor), total - 1))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let (anchor, start) = open.popLast(), let anchor { anchors[anchor] = total - start }
                default:
                    break
                }
                if total > limit { return (total, line) }
            }
            return (total, nil)
        }
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
}
