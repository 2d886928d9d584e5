import Basics
import Testing

@Suite("ScenarioNode: YAML with lines and key paths")
struct ScenarioNodeTests {
    @Test func typedValuesAndLines() throws {
        let root = try ScenarioNode.parse("customers: 12\ntellers:\n  loan: two\nrate: 2.5\n", lineOffset: 10)
        let mapping = try root.mapping(allowed: ["customers", "tellers", "rate"])
        #expect(try mapping.required("customers").int(in: 1...100) == 12)
        #expect(try mapping.required("rate").double() == 2.5)
        let tellers = try mapping.required("tellers").mapping(allowed: ["deposit", "loan"])
        let error = #expect(throws: Diagnostic.self) { try tellers.required("loan").int(in: 0...Int.max) }
        #expect(error?.description == "line 13: tellers.loan must be a non-negative integer, got \"two\"")
    }

    @Test func unknownKeysSuggestAndAllAreReported() throws {
        let root = try ScenarioNode.parse("custmers: 3\nfoo: 1\n", lineOffset: 0)
        let error = #expect(throws: Diagnostics.self) { try root.mapping(allowed: ["customers", "seed"]) }
        #expect(error?.items.map(\.description) == [
            "line 1: unknown key \"custmers\" (did you mean \"customers\"?); expected one of: customers, seed",
            "line 2: unknown key \"foo\"; expected one of: customers, seed",
        ])
    }

    @Test func rangesAndMissingKeys() throws {
        let root = try ScenarioNode.parse("n: 1000000000\n", lineOffset: 4)
        let mapping = try root.mapping(allowed: ["n", "m"])
        let tooBig = #expect(throws: Diagnostic.self) { try mapping.required("n").int(in: 1...1_000_000) }
        #expect(tooBig?.description == "line 5: n must be an integer from 1 to 1,000,000, got 1000000000")
        let missing = #expect(throws: Diagnostic.self) { try mapping.required("m") }
        #expect(missing?.message == "m is required")
    }

    @Test func invalidYAMLHasALine() {
        let error = #expect(throws: Diagnostic.self) { try ScenarioNode.parse("a: [1, 2\nb: 3\n", lineOffset: 20) }
        #expect(error?.line ?? 0 > 20)
        #expect(error?.message.hasPrefix("invalid YAML") == true)
    }

    @Test func emptyBodyIsAnEmptyMapping() throws {
        #expect(try ScenarioNode.parse("", lineOffset: 3).mapping(allowed: []).isEmpty)
    }
}
