import BankReport
import BankSimulation
import Testing

/// What a page prints stays bounded however large the scenario.
@Suite struct LargeInputTests {
    @Test func manyBatchesAreSummarisedNotListed() {
        let batches = (0..<100_000).map { Batch(at: Double($0), count: 1) }
        let run = BankRun(Scenario(arrivals: .batches(batches)), seed: 1)
        #expect(run.arrivalSentence.hasPrefix("100,000 customers arrive in batches: 1 at 0 s, 1 at 1 s, "))
        #expect(run.arrivalSentence.hasSuffix("1 at 9 s, and 99,990 more batches; numbers continue from batch to batch."))
        let few = BankRun(Scenario(arrivals: .batches(Array(batches.prefix(12)))), seed: 1)
        #expect(few.arrivalSentence.contains("1 at 11 s;"))
    }
}
