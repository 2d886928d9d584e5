import Foundation
import Yams

/// A value in a block's YAML, with the key path and the line it came from, so every error can
/// name both: `line 14: tellers.loan must be a non-negative integer, got "two"`.
///
/// `@unchecked Sendable`: Yams' `Node` holds a `Tag`, a class without a Sendable conformance;
/// the tree is never changed after `parse`, so sharing it between tasks is safe.
public struct ScenarioNode: @unchecked Sendable {
    /// The underlying YAML node.
    public let node: Node
    /// The key path from the root, e.g. `tellers.loan` or `steps[2].order`; empty for the root.
    public let path: String
    /// The line in the file (already offset).
    public let line: Int?
    private let lineOffset: Int

    init(node: Node, path: String, lineOffset: Int) {
        self.node = node
        self.path = path
        self.lineOffset = lineOffset
        self.line = node.mark.map { $0.line + lineOffset }
    }

    /// Parses YAML: every YAML text sitegen reads comes through here. An empty body gives an
    /// empty mapping. A text that stands for more values than `budget` once its aliases are
    /// expanded is refused before any tree is built (``YAMLBudget``).
    /// - Parameters:
    ///   - lineOffset: added to YAML's 1-based lines to give lines in the file.
    ///   - budget: the most values after alias expansion; nil is ``YAMLBudget/standard(forLength:)``.
    public static func parse(_ yaml: String, lineOffset: Int = 0, budget: YAMLBudget? = nil) throws -> ScenarioNode {
        var problems = DiagnosticCollector()
        let root = try parse(yaml, lineOffset: lineOffset, budget: budget, problems: &problems)
        try problems.check()
        return root
    }

    /// Like ``parse(_:lineOffset:budget:)``, but a key repeated in a mapping is recorded in
    /// `problems` (at the line where it is repeated) and its repetition left out, so the caller
    /// goes on to check the rest: a duplicate key no longer hides every other error in its text.
    public static func parse(_ yaml: String, lineOffset: Int = 0, budget: YAMLBudget? = nil, problems: inout DiagnosticCollector) throws -> ScenarioNode {
        // Without a `*` there is no alias, and a text stands for no more values than it has bytes.
        if yaml.utf8.contains(UInt8(ascii: "*")) {
            let budget = budget ?? .standard(forLength: yaml.utf8.count)
            if let line = YAMLBudget.count(yaml, limit: budget.values).exceededAtLine {
                throw Diagnostic(
                    line: line + lineOffset,
                    "the YAML stands for more than \(NumberText.grouped(budget.values)) values once its aliases (*name) are expanded; write the values out instead of repeating aliases")
            }
        }
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var renamed = false
        // Yams stops at the first mapping with a repeated key: each round renames the repetitions
        // of one mapping so that the next round reads past it.
        for _ in 0..<maximumDuplicateRounds {
            do {
                // The basic resolver: scalars are read by the typed accessors below, so Yams need not
                // match every scalar against its tag regexes; UTF-8 named so Yams does not consult
                // the environment on every parse.
                let text = renamed ? lines.joined(separator: "\n") : yaml
                let node = try Yams.compose(yaml: text, .basic, .default, .utf8) ?? Node.mapping(Node.Mapping([]))
                return ScenarioNode(node: node, path: "", lineOffset: lineOffset)
            } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
                // Yams gives the place of one of the keys: the mapping's keys are the lines of its
                // block at that column. In each key's lines, the first is the key, the rest repeat it.
                let keyLines = Self.keyLines(of: lines, around: context.mark.line - 1, column: max(context.mark.column - 1, 0))
                var found = false
                for key in duplicates.sorted() {
                    for index in keyLines.filter({ Self.key(in: lines[$0], at: max(context.mark.column - 1, 0)) == key }).dropFirst() {
                        problems.add(Diagnostic(line: index + 1 + lineOffset, "duplicate key \"\(key)\""))
                        let line = lines[index]
                        let start = line.utf8.index(line.utf8.startIndex, offsetBy: max(context.mark.column - 1, 0))
                        lines[index] = String(line[..<start]) + key + Self.duplicateMark + "\(index)" + String(line[start...].dropFirst(key.count))
                        found = true
                    }
                }
                // A repetition that cannot be found by its line (a flow mapping): reported where Yams
                // points, and the text is not read further.
                guard found else {
                    problems.add(Self.diagnostic(for: .duplicatedKeysInMapping(duplicates: duplicates, context: context), lineOffset: lineOffset))
                    try problems.check()
                    break
                }
                renamed = true
            } catch let error as YamlError {
                // The repetitions found so far are reported with it.
                problems.add(Self.diagnostic(for: error, lineOffset: lineOffset))
                try problems.check()
            }
        }
        try problems.check()
        throw Diagnostic(line: lineOffset + 1, "invalid YAML")
    }

    /// The lines of the block mapping that has a key on line `index` (0-based) at `column`
    /// (counted in bytes) that hold one of its keys: the lines around it indented at least that
    /// far, up to its first key (which may follow a list's `- `).
    private static func keyLines(of lines: [String], around index: Int, column: Int) -> [Int] {
        guard lines.indices.contains(index) else { return [] }
        func indentation(_ line: String) -> Int? {
            let spaces = line.utf8.prefix { $0 == UInt8(ascii: " ") }.count
            let rest = line.utf8.dropFirst(spaces)
            return rest.isEmpty || rest.first == UInt8(ascii: "#") ? nil : spaces
        }
        var first = index
        while first > 0 {
            let above = lines[first - 1]
            guard let spaces = indentation(above) else { first -= 1; continue }
            if spaces >= column { first -= 1; continue }
            // A list item's first line, `- key: value`, opens the mapping.
            if key(in: above, at: column) != nil { first -= 1 }
            break
        }
        var last = index
        while last + 1 < lines.count {
            guard let spaces = indentation(lines[last + 1]) else { last += 1; continue }
            guard spaces >= column else { break }
            last += 1
        }
        return (first...last).filter { key(in: lines[$0], at: column) != nil }
    }

    /// The plain key written at `column` of `line` after spaces or a list's `- `, if any.
    private static func key(in line: String, at column: Int) -> String? {
        let bytes = Array(line.utf8)
        guard column < bytes.count, bytes[..<column].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") }) else { return nil }
        let rest = bytes[column...]
        guard let colon = rest.firstIndex(of: UInt8(ascii: ":")), colon > column,
              colon + 1 == bytes.count || bytes[colon + 1] == UInt8(ascii: " ") || bytes[colon + 1] == UInt8(ascii: "\r"),
              ![UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "-"), UInt8(ascii: "#"), UInt8(ascii: "{"), UInt8(ascii: "[")].contains(bytes[column])
        else { return nil }
        return String(decoding: bytes[column..<colon], as: UTF8.self)
    }

    /// How many mappings with repeated keys one text may have before reading stops.
    private static let maximumDuplicateRounds = 20

    /// Marks a repeated key that ``parse(_:lineOffset:budget:problems:)`` renamed (U+2063, an
    /// invisible separator, then the line): ``mapping(allowed:problems:)`` leaves such keys out.
    static let duplicateMark = "\u{2063}"

    /// The path as shown in messages: the key path, or `the block` at the root.
    public var displayPath: String { path.isEmpty ? "the block" : path }

    /// An error located at this node: `<path> <message>`.
    public func error(_ message: String) -> Diagnostic {
        Diagnostic(line: line, path.isEmpty ? message : "\(path) \(message)")
    }

    /// The scalar text as written, for messages.
    public var shownValue: String {
        switch node {
        case .scalar(let scalar): "\"\(scalar.string)\""
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// True for `~`, `null` or an empty value.
    public var isNull: Bool {
        if case .scalar(let scalar) = node {
            return scalar.tag.description == Tag.Name.null.rawValue || (scalar.style == .plain && Self.isNull(plain: scalar.string))
        }
        return false
    }

    /// Whether an unquoted scalar's text means null: empty, `~` or `null`.
    public static func isNull(plain text: String) -> Bool {
        ["", "~", "null", "Null", "NULL"].contains(text)
    }

    // MARK: Scalars

    /// A string (any scalar is accepted as its text).
    public func string() throws -> String {
        guard case .scalar(let scalar) = node else { throw error("must be text, got \(shownValue)") }
        return scalar.string
    }

    /// An integer, optionally within `range` (thousands separators are not accepted).
    public func int(in range: ClosedRange<Int>? = nil) throws -> Int {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            throw error("must be \(Self.describe(range)), got \(shownValue)")
        }
        if let range, !range.contains(value) {
            throw error("must be \(Self.describe(range)), got \(value)")
        }
        return value
    }

    /// A finite number, optionally within `range`.
    public func double(in range: ClosedRange<Double>? = nil) throws -> Double {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Double(scalar.string), value.isFinite else {
            throw error("must be \(Self.describe(range)), got \(shownValue)")
        }
        if let range, !range.contains(value) {
            throw error("must be \(Self.describe(range)), got \(scalar.string)")
        }
        return value
    }

    /// A boolean (`true`/`false`, `yes`/`no`).
    public func bool() throws -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Self.bool(plain: scalar.string) else {
            throw error("must be true or false, got \(shownValue)")
        }
        return value
    }

    /// The boolean an unquoted scalar's text means (`true`/`false`, `yes`/`no`, `on`/`off`, any case), if any.
    public static func bool(plain text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    // MARK: Collections

    /// The items of a list.
    public func list() throws -> [ScenarioNode] {
        guard case .sequence(let sequence) = node else { throw error("must be a list, got \(shownValue)") }
        return sequence.enumerated().map { index, item in
            ScenarioNode(node: item, path: "\(path)[\(index)]", lineOffset: lineOffset)
        }
    }

    /// A mapping whose keys must all be in `allowed` (a typo is an error, never silently ignored).
    /// Pass `nil` to allow any key (e.g. fruit names checked by the caller).
    public func mapping(allowed: [String]?) throws -> ScenarioMapping {
        var problems = DiagnosticCollector()
        let mapping = try mapping(allowed: allowed, problems: &problems)
        try problems.check()
        return mapping
    }

    /// Like ``mapping(allowed:)``, but unknown and duplicate keys are recorded in `problems` and
    /// left out, so the caller goes on to check the values of the keys it knows: one run reports
    /// a typo and a bad value together. Throws only when the node is not a mapping.
    public func mapping(allowed: [String]?, problems: inout DiagnosticCollector) throws -> ScenarioMapping {
        guard case .mapping(let mapping) = node else {
            throw error("must be a mapping of keys to values, got \(shownValue)")
        }
        var entries: [(key: String, keyLine: Int?, value: ScenarioNode)] = []
        var seen = Set<String>()
        for (keyNode, valueNode) in mapping {
            let keyLine = keyNode.mark.map { $0.line + lineOffset }
            guard case .scalar(let keyScalar) = keyNode else {
                problems.add(Diagnostic(line: keyLine, "\(displayPath) has a key that is not text"))
                continue
            }
            let key = keyScalar.string
            // A repetition renamed when parsing: reported there already.
            if key.contains(Self.duplicateMark) { continue }
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            if let allowed, !allowed.contains(key) {
                let suggestion = Self.closest(to: key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
                problems.add(Diagnostic(
                    line: keyLine,
                    "unknown key \"\(childPath)\"\(suggestion); expected one of: \(allowed.joined(separator: ", "))"
                ))
                continue
            }
            if !seen.insert(key).inserted {
                problems.add(Diagnostic(line: keyLine, "duplicate key \"\(childPath)\""))
                continue
            }
            entries.append((key, keyLine, ScenarioNode(node: valueNode, path: childPath, lineOffset: lineOffset)))
        }
        return ScenarioMapping(owner: self, entries: entries)
    }

    // MARK: Helpers

    private static func describe(_ range: ClosedRange<Int>?) -> String {
        guard let range else { return "an integer" }
        if range.lowerBound == 0 && range.upperBound == Int.max { return "a non-negative integer" }
        if range.lowerBound == 1 && range.upperBound == Int.max { return "a positive integer" }
        return "an integer from \(grouped(range.lowerBound)) to \(grouped(range.upperBound))"
    }

    private static func describe(_ range: ClosedRange<Double>?) -> String {
        guard let range else { return "a number" }
        if range.lowerBound == 0 && range.upperBound == .greatestFiniteMagnitude { return "a non-negative number" }
        return "a number from \(range.lowerBound) to \(range.upperBound)"
    }

    private static func grouped(_ value: Int) -> String {
        NumberText.grouped(value)
    }

    /// The allowed key nearest to a typo (edit distance at most 2).
    static func closest(to key: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    static func diagnostic(for error: YamlError, lineOffset: Int) -> Diagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return Diagnostic(line: mark.line + lineOffset, "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return Diagnostic(line: context.mark.line + lineOffset, "duplicate key \(duplicates.joined(separator: ", "))")
        case .reader(let problem, _, _, _):
            return Diagnostic(line: lineOffset + 1, "invalid YAML: \(problem)")
        default:
            return Diagnostic(line: lineOffset + 1, "invalid YAML: \(error)")
        }
    }
}

/// A YAML mapping read through ``ScenarioNode/mapping(allowed:)``, keys in document order.
public struct ScenarioMapping: Sendable {
    /// The mapping node itself (for errors about a missing key).
    public let owner: ScenarioNode
    /// The entries in document order.
    public let entries: [(key: String, keyLine: Int?, value: ScenarioNode)]

    /// The value for `key`, or nil when absent.
    public subscript(key: String) -> ScenarioNode? {
        entries.first { $0.key == key }?.value
    }

    /// The value for `key`, or an error naming the missing key.
    public func required(_ key: String) throws -> ScenarioNode {
        guard let value = self[key] else {
            let path = owner.path.isEmpty ? key : "\(owner.path).\(key)"
            throw Diagnostic(line: owner.line, "\(path) is required")
        }
        return value
    }

    /// The keys in document order.
    public var keys: [String] { entries.map(\.key) }

    /// True when the mapping has no entries.
    public var isEmpty: Bool { entries.isEmpty }
}
