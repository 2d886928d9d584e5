import Basics
import Foundation
import Randomness
import Testing
import Yams

/// Issue 31: every YAML text is read through one reader that counts its values with aliases
/// expanded, before any tree is built, and refuses a text that stands for more than its budget.
@Suite("YAML budget: values counted after alias expansion")
struct YAMLBudgetTests {
    /// Ten levels of nine aliases: 9¹⁰ values from half a kilobyte.
    static let bomb: String = {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1..<10 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func anAliasBombIsRefusedAtTheLineWhereItPassesTheBudget() throws {
        let error = #expect(throws: Diagnostic.self) { try ScenarioNode.parse(Self.bomb, lineOffset: 10) }
        // a5 stands for 9⁶ = 531,441 values: the first line past 100,000.
        #expect(error?.description == "line 16: the YAML stands for more than 100,000 values once its aliases (*name) are expanded; write the values out instead of repeating aliases")
    }

    @Test func aFewAliasesAreFine() throws {
        let root = try ScenarioNode.parse("base: &base {rate: 2}\nmorning: *base\nevening: *base\n")
        let mapping = try root.mapping(allowed: nil)
        #expect(try mapping.required("evening").mapping(allowed: ["rate"]).required("rate").int() == 2)
    }

    /// A text without aliases is never refused, however many values it holds: a value takes at
    /// least a byte, and the budget is at least the text's length.
    @Test func aLargeTextWithoutAliasesIsRead() async throws {
        // Yams takes seconds over this in a debug build: the work runs on a thread of its own,
        // off the pool the other suites' servers need.
        let counts = try await Self.onThread {
            let yaml = "[" + Array(repeating: "1", count: 100_500).joined(separator: ",") + "]\n"
            let withAlias = "a: &a 1\nb: *a\nc: [" + Array(repeating: "1", count: 100_500).joined(separator: ",") + "]\n"
            return [
                try ScenarioNode.parse(yaml).list().count,
                try ScenarioNode.parse(withAlias).mapping(allowed: nil).required("c").list().count,
            ]
        }
        #expect(counts == [100_500, 100_500])
    }

    /// Runs `work` on a new thread and returns its result.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    @Test func aSmallerBudgetIsHonoured() throws {
        let yaml = "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n"
        // 1 root + 2 keys + (1 + 3) + (1 + 3 × 4) = 20 values.
        #expect(throws: Diagnostic.self) { try ScenarioNode.parse(yaml, budget: YAMLBudget(values: 19)) }
        #expect(try ScenarioNode.parse(yaml, budget: YAMLBudget(values: 20)).mapping(allowed: nil).keys == ["a", "b"])
    }

    /// Property: for random YAML with anchors and aliases, the count equals the number of nodes
    /// in the tree the YAML library builds (which copies each alias's value), and the reader
    /// refuses exactly the texts whose count passes the budget.
    @Test func theCountIsTheSizeOfTheExpandedTree() throws {
        var generator = SeededGenerator(seed: 31)
        for _ in 0..<400 {
            var writer = RandomYAML(generator: generator)
            let yaml = writer.document()
            generator = writer.generator
            let node = try #require(try Yams.compose(yaml: yaml))
            let expanded = Self.size(of: node)
            let budget = YAMLBudget(values: 1 + Int(generator.next() % 400))
            if !yaml.contains("*") {
                // Without aliases the text is never counted, whatever the budget.
                #expect(throws: Never.self) { try ScenarioNode.parse(yaml, budget: budget) }
            } else if expanded > budget.values {
                #expect(throws: Diagnostic.self, "\(yaml)") { try ScenarioNode.parse(yaml, budget: budget) }
            } else {
                #expect(throws: Never.self, "\(yaml)") { try ScenarioNode.parse(yaml, budget: budget) }
            }
            // The count itself, with a budget it never reaches.
            if yaml.contains("*") {
                #expect(throws: Never.self) { try ScenarioNode.parse(yaml, budget: YAMLBudget(values: expanded)) }
                #expect(throws: Diagnostic.self) { try ScenarioNode.parse(yaml, budget: YAMLBudget(values: expanded - 1)) }
            }
        }
    }

    private static func size(of node: Node) -> Int {
        switch node {
        case .scalar, .alias: 1
        case .sequence(let items): 1 + items.reduce(0) { $0 + size(of: $1) }
        case .mapping(let pairs): 1 + pairs.reduce(0) { $0 + size(of: $1.key) + size(of: $1.value) }
        }
    }
}

/// Random flow-style YAML whose values may carry anchors and refer to earlier ones.
private struct RandomYAML {
    var generator: SeededGenerator
    private var anchors: [String] = []
    private var next = 0

    init(generator: SeededGenerator) {
        self.generator = generator
    }

    mutating func document() -> String {
        value(depth: 0)
    }

    private mutating func roll(_ n: UInt64) -> Int {
        Int(generator.next() % n)
    }

    private mutating func value(depth: Int) -> String {
        if !anchors.isEmpty && roll(3) == 0 {
            return "*" + anchors[roll(UInt64(anchors.count))]
        }
        let anchor = roll(3) == 0 ? "a\(next)" : nil
        if anchor != nil { next += 1 }
        let body: String
        switch depth >= 4 ? 0 : roll(3) {
        case 0:
            body = "s\(roll(100))"
        case 1:
            var items: [String] = []
            for _ in 0..<roll(5) { items.append(value(depth: depth + 1)) }
            body = "[" + items.joined(separator: ", ") + "]"
        default:
            var entries: [String] = []
            for index in 0..<roll(5) { entries.append("k\(index): " + value(depth: depth + 1)) }
            body = "{" + entries.joined(separator: ", ") + "}"
        }
        // The anchor becomes usable once its value is complete.
        guard let anchor else { return body }
        anchors.append(anchor)
        return "&\(anchor) \(body)"
    }
}
