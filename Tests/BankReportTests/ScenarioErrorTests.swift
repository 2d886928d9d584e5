import BankReport
import BankSimulation
import Basics
import Foundation
import ReportKit
import Testing

/// Bad block YAML gives diagnostics naming the page line and the key.
@Suite struct ScenarioErrorTests {
    /// The diagnostics of parsing `yaml` as a block whose opening fence is on line 10.
    static func problems(_ yaml: String, limits: BankLimits = .pageBlock) -> [Diagnostic] {
        do {
            _ = try BankScenarioParser.parse(yaml, lineOffset: 10, limits: limits)
            return []
        } catch {
            return Diagnostics.from(error)
        }
    }

    @Test func wrongTypeNamesTheKeyAndTheValue() {
        let found = Self.problems("seed: 1\ntellers:\n  deposit: 2\n  loan: two\n")
        #expect(found == [Diagnostic(line: 14, "tellers.loan must be a non-negative integer, got \"two\"")])
    }

    @Test func negativeDurations() {
        #expect(Self.problems("services:\n  deposit: {duration: -0.7}\n")
            == [Diagnostic(line: 12, "services.deposit.duration must be a non-negative number, got -0.7")])
        #expect(Self.problems("services:\n  loan:\n    duration: {exponential: -2}\n")
            == [Diagnostic(line: 13, "services.loan.duration.exponential must be a positive number of seconds up to 86,400, got -2")])
        #expect(Self.problems("services:\n  loan:\n    duration: {uniform: [2, 1]}\n")
            == [Diagnostic(line: 13, "services.loan.duration.uniform must be [A, B] with A ≤ B, got [2, 1]")])
    }

    @Test func unknownService() {
        #expect(Self.problems("tellers: {deposit: 2, savings: 1}\n")
            == [Diagnostic(line: 11, "tellers.savings names an unknown service \"savings\"; the services are: deposit, loan")])
        // A service of its own needs a duration.
        #expect(Self.problems("services:\n  fx: {name: 환전}\n")
            == [Diagnostic(line: 12, "services.fx.duration is required for a service other than deposit and loan")])
    }

    @Test func absurdSizes() {
        #expect(Self.problems("customers: 1000000000\n") == [Diagnostic(
            line: 11,
            "customers must be at most 1,000,000 in a page block, got 1,000,000,000 (run bigger days with sitegen bank --scenario)"
        )])
        #expect(Self.problems("customers: 10...2000000\n").first?.message.hasPrefix("customers must be at most 1,000,000") == true)
        #expect(Self.problems("tellers: {deposit: 5000}\n") == [Diagnostic(line: 11, "tellers.deposit must be at most 100, got 5,000")])
        #expect(Self.problems("replications: 100000\n")
            == [Diagnostic(line: 11, "replications must be at most 1,000 in a page block, got 100,000")])
        #expect(Self.problems("customers: 1000000\nreplications: 20\n")
            == [Diagnostic(line: 12, "replications × customers must be at most 10,000,000 in a page block")])
        #expect(Self.problems("batches: [{at: 0, count: 900000}, {at: 1, count: 900000}]\n")
            == [Diagnostic(line: 11, "batches bring 1,800,000 customers; at most 1,000,000 in a page block")])
        // The command line allows more.
        #expect(Self.problems("customers: 2000000\n", limits: .commandLine).isEmpty)
        #expect(Self.problems("arrival: {rate: 5000}\n").first?.message
            == "arrival.rate must be a positive number of customers per second up to 1,000, got 5000")
    }

    @Test func typosAndShapes() {
        #expect(Self.problems("teller: {deposit: 2}\n").first?.message.hasPrefix("unknown key \"teller\" (did you mean \"tellers\"?)") == true)
        #expect(Self.problems("arrival: 5\n") == [Diagnostic(line: 11, "arrival must be a mapping of keys to values, got \"5\"")])
        #expect(Self.problems("customers: lots\n")
            == [Diagnostic(line: 11, "customers must be a non-negative integer or a range \"a...b\" with a ≤ b, got \"lots\"")])
        #expect(Self.problems("customers: -3\n") == [Diagnostic(line: 11, "customers must be a non-negative integer or a range \"a...b\", got -3")])
        #expect(Self.problems("services:\n  deposit: {duration: {poisson: 1}}\n").first?.message.hasPrefix("unknown key \"services.deposit.duration.poisson\"") == true)
        #expect(Self.problems("batches: [{at: 0, count: 10}]\narrival: {rate: 2}\n")
            == [Diagnostic(line: 11, "batches can come on top of arrivals only when the day has an end: give close (with open) or rate periods")])
        #expect(Self.problems("batches:\n  - {at: -1, count: 10}\n")
            == [Diagnostic(line: 12, "batches[0].at must be a non-negative number, got -1")])
        #expect(Self.problems("seed: [1]\n") == [Diagnostic(line: 11, "seed must be a non-negative integer, got a list")])
        #expect(Self.problems("tellers: {deposit: 2, loan: 1\n").first?.message.hasPrefix("invalid YAML") == true)
    }

    @Test func aServiceWithCustomersNeedsATeller() {
        #expect(Self.problems("tellers:\n  loan: 0\n") == [Diagnostic(
            line: 12,
            "tellers.loan is 0, but customers come for loan (services.loan.weight is above 0); give it a teller or set its weight to 0"
        )])
        #expect(Self.problems("tellers:\n  loan: 0\nservices:\n  deposit: {}\n  loan: {weight: 0}\n").isEmpty)
    }

    @Test func everyProblemIsReportedInLineOrder() {
        let found = Self.problems("replications: 0\ntellers: {loan: two}\nservices:\n  deposit: {weight: -1}\n  loan: {}\n")
        #expect(found.map(\.line) == [11, 12, 14])
        #expect(found.map(\.message) == [
            "replications must be a positive integer, got 0",
            "tellers.loan must be a non-negative integer, got \"two\"",
            "services.deposit.weight must be a non-negative number, got -1",
        ])
    }

    @Test func theBlockReportsItsPageLine() async {
        let block = ReportBlock(kind: "bank", source: "tellers:\n  loan: two\n", pagePath: "bank/morning.md", line: 12, index: 0)
        let context = ReportContext(contentDirectory: URL(fileURLWithPath: "/tmp"), cacheDirectory: URL(fileURLWithPath: "/tmp"))
        await #expect(throws: Diagnostic(line: 14, "tellers.loan must be a non-negative integer, got \"two\"")) {
            try await BankReportKind().run(block, context: context)
        }
    }

    @Test func defaultsAndOverridesAreRead() throws {
        let parsed = try BankScenarioParser.parse("""
            seed: 9
            customers: 20...25
            tellers: {loan: 3}
            services:
              deposit: {name: 입금}
              loan: {duration: {exponential: 1.5}, weight: 2}
              fx: {name: 환전, duration: {uniform: [0.5, 1]}}
            arrival: {rate: 2.7}
            replications: 4
            """)
        #expect(parsed.seed == 9)
        let scenario = parsed.scenario
        #expect(scenario.services == [
            Service(key: "deposit", name: "입금", duration: .fixed(0.7), weight: 1),
            Service(key: "loan", name: "대출", duration: .exponential(mean: 1.5), weight: 2),
            Service(key: "fx", name: "환전", duration: .uniform(0.5, 1), weight: 1),
        ])
        #expect(scenario.tellers == [2, 3, 1])
        #expect(scenario.arrivals == .poisson(rate: 2.7, customers: .range(20...25)))
        #expect(scenario.replications == 4)
        let empty = try BankScenarioParser.parse("")
        #expect(empty.scenario == .standard)
        #expect(empty.seed == nil)
        let batches = try BankScenarioParser.parse("batches: [{at: 0, count: 10}, {at: 6.5, count: 10}]")
        #expect(batches.scenario.arrivals == .batches([Batch(at: 0, count: 10), Batch(at: 6.5, count: 10)]))
    }
}
