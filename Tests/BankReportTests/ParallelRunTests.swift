import BankReport
import BankSimulation
import Basics
import ReportKit
import Synchronization
import Testing
import TestThreads

/// `sitegen bank --scenario` on all cores prints what it prints on one thread, and says on the
/// side (stderr) how long the days took.
@Suite struct ParallelRunTests {
    static let sweep = """
        seed: 11
        customers: 600
        tellers: {deposit: 2, loan: 1}
        services:
          deposit: {duration: {exponential: 1}, patience: {exponential: 3}}
          loan: {duration: {exponential: 1.5}}
        arrival: {rate: 2.2}
        replications: 5
        sweep: {tellers.loan: [1, 2, 3, 4]}
        """

    @Test func everyFormatIsTheSameOnOneThreadAndOnMany() async throws {
        try await offPool {
            let source = ScenarioSource(text: Self.sweep, name: "sweep.yml")
            let notes = Mutex<[String]>([])
            let serial = try BankScenarioRunner.report(source, threads: .one, note: { note in notes.withLock { $0.append(note) } })
            let parallel = try BankScenarioRunner.report(source, threads: Threads(3))
            for format in OutputFormat.allCases {
                #expect(try serial.output(format) == parallel.output(format), "\(format)")
            }
            // 4 values × 5 days; 600 customers a day, some of whom gave up.
            let said = notes.withLock { $0 }
            #expect(said.count == 1)
            #expect(said.first?.hasPrefix("4 cells × 5 days × 600 customers in ") == true)
            #expect(said.first?.contains(" s (CPU ") == true)
            #expect(said.first?.hasSuffix(Threads.allCores.count == 1 ? " on 1 core" : " on 1 thread") == true)
        }
    }

    /// One day says nothing; replications say their days.
    @Test func aSingleDayIsNotTimed() throws {
        let notes = Mutex<[String]>([])
        let note: @Sendable (String) -> Void = { note in notes.withLock { $0.append(note) } }
        _ = try BankScenarioRunner.report(ScenarioSource(text: "customers: 20\nseed: 3", name: "day.yml"), note: note).output(.json)
        #expect(notes.withLock { $0 }.isEmpty)
        _ = try BankScenarioRunner.report(ScenarioSource(text: "customers: 20\nreplications: 3", name: "days.yml"), note: note).output(.json)
        #expect(notes.withLock { $0 }.first?.hasPrefix("3 days × 20 customers in ") == true)
    }

    /// The sentence, for figures given by hand.
    @Test func timingSentence() {
        func day(_ customers: Int, abandoned: [Int] = [0]) -> DaySummary {
            var summary = DaySummary(Simulation.run(Scenario(arrivals: .opening(.exactly(1))), seed: 1))
            summary.customers = customers
            summary.abandonedPerService = abandoned
            return summary
        }
        let grid = [[DaySummary]](repeating: [DaySummary](repeating: day(10_000), count: 20), count: 12)
        let cores = Threads.allCores
        let onCores = cores.count == 1 ? "on 1 core" : "on \(cores.count) cores"
        #expect(BankTiming(days: grid, isSweep: true, seconds: 3.14, cpuSeconds: 6.02, threads: cores).sentence
            == "12 cells × 20 days × 10,000 customers in 3.1 s (CPU 6.0 s) \(onCores)")
        // Days and customers that differ: a range of days, the mean customers (given up included).
        let uneven = [[day(9, abandoned: [1, 0]), day(12)], [day(10), day(10), day(10)]]
        #expect(BankTiming(days: uneven, isSweep: true, seconds: 0.012, cpuSeconds: nil, threads: Threads(cores.count + 1)).sentence
            == "2 cells × 2–3 days (5 in all) × 10 customers on average in 0.01 s on \(cores.count + 1) threads")
        #expect(BankTiming(days: [[day(1)]], isSweep: false, seconds: 125.4, cpuSeconds: nil, threads: cores).isWorthSaying == false)
        #expect(BankTiming(days: [[day(1)]], isSweep: true, seconds: 125.4, cpuSeconds: nil, threads: cores).sentence
            == "1 cell × 1 day × 1 customer in 125 s \(onCores)")
    }
}
