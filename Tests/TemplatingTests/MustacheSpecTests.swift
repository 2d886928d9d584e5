import Foundation
import Templating
import Testing

/// The official Mustache spec as an oracle: every test of every module sitegen claims, from
/// `Fixtures/mustache-spec.json` (written by `Scripts/mustache-spec-fixture` from
/// github.com/mustache/spec). Lambdas (`~lambdas`) are not supported and not in the fixture.
struct MustacheSpecTests {
    /// One test of the spec.
    struct SpecTest: Decodable, CustomTestStringConvertible {
        let module: String
        let name: String
        let desc: String
        let data: JSON
        let template: String
        let partials: [String: String]
        let expected: String

        var testDescription: String { "\(module): \(name)" }
    }

    struct Fixture: Decodable {
        let source: String
        let modules: [String]
        let tests: [SpecTest]
    }

    /// A JSON value as the spec writes its data.
    enum JSON: Decodable {
        case null, bool(Bool), integer(Int), decimal(Double), string(String), array([JSON]), object([String: JSON])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? container.decode(Int.self) { self = .integer(number) }
            else if let number = try? container.decode(Double.self) { self = .decimal(number) }
            else if let text = try? container.decode(String.self) { self = .string(text) }
            else if let items = try? container.decode([JSON].self) { self = .array(items) }
            else { self = .object(try container.decode([String: JSON].self)) }
        }

        /// The value a view model would give: a decimal is its text as JSON writes it (sitegen's
        /// values are whole numbers; pages format their decimals themselves), and a key whose
        /// value is null is left out, as a view model answers nil for a name with no value.
        var templateValue: TemplateValue {
            switch self {
            case .null: .list([])
            case .bool(let flag): .bool(flag)
            case .integer(let number): .number(number)
            case .decimal(let number): .text(String(number))
            case .string(let text): .text(text)
            case .array(let items): .list(items.map(\.templateValue))
            case .object(let entries):
                .map(entries.filter { if case .null = $0.value { false } else { true } }.mapValues(\.templateValue))
            }
        }
    }

    /// The fixture; a missing or unreadable fixture fails the suite, never skips it.
    static let fixture: Fixture? = {
        guard let url = Bundle.module.url(forResource: "mustache-spec", withExtension: "json", subdirectory: "Fixtures"),
              let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(Fixture.self, from: data)
    }()

    static let claimed = ["comments", "delimiters", "interpolation", "inverted", "sections", "partials", "~dynamic-names", "~inheritance"]

    /// What our engine renders for a test: its output, or the error it gives.
    static func render(_ test: SpecTest) -> String {
        var templates: [String: Template] = [:]
        do {
            for (name, text) in test.partials { templates[name] = try Template(text) }
            templates["<spec test>"] = try Template(test.template)
        } catch {
            return "syntax error: \(error.message) at line \(error.line)"
        }
        do {
            return try TemplateLibrary(templates).render("<spec test>", test.data.templateValue) ?? "(no template)"
        } catch {
            return "render error: \(error.message)"
        }
    }

    @Test func theFixtureHasEveryClaimedModule() throws {
        let fixture = try #require(Self.fixture, "Fixtures/mustache-spec.json is missing or unreadable: run Scripts/mustache-spec-fixture")
        #expect(fixture.modules == Self.claimed)
        #expect(fixture.source.hasPrefix("https://github.com/mustache/spec commit "))
        for module in Self.claimed {
            #expect(fixture.tests.contains { $0.module == module }, "no tests of \(module)")
        }
        // The spec as fetched 2026-11-25 (commit 9cb20c3) has 184 tests in these modules.
        #expect(fixture.tests.count >= 184)
    }

    @Test(arguments: Self.fixture?.tests ?? [])
    func specTest(_ test: SpecTest) {
        #expect(Self.render(test) == test.expected, "\(test.desc)")
    }

    /// Per-module counts, for the record (`swift test --filter MustacheSpecTests` prints them).
    @Test func everyModulePasses() throws {
        let fixture = try #require(Self.fixture, "Fixtures/mustache-spec.json is missing or unreadable: run Scripts/mustache-spec-fixture")
        var summary: [String] = []
        for module in Self.claimed {
            let tests = fixture.tests.filter { $0.module == module }
            let passed = tests.filter { Self.render($0) == $0.expected }.count
            summary.append("\(module) \(passed)/\(tests.count)")
            #expect(passed == tests.count, "\(module): \(passed) of \(tests.count) pass")
        }
        print("Mustache spec: " + summary.joined(separator: ", "))
    }
}
