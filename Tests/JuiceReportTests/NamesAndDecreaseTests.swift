import Basics
import JuiceMaker
import JuiceReport
import ReportKit
import Testing

/// Orders by a juice's Korean name, and restocks that take fruit away (the stepper's −).
@Suite struct NamesAndDecreaseTests {
    /// Parses with the block starting at page line 11 and runs; the problems as text, or the run.
    private func run(_ yaml: String) -> Result<JuiceRun, DiagnosticsText> {
        do {
            return .success(try JuiceScenarioParser.parseDocument(yaml, lineOffset: 10).run(seed: 0))
        } catch {
            return .failure(DiagnosticsText(lines: Diagnostics.from(error).map(\.description)))
        }
    }

    @Test func anOrderByNameWorksLikeItsID() throws {
        // 딸바쥬스 = 10 strawberry + 1 banana: from 10 each, one glass leaves 0 and 9.
        let byName = try run("steps:\n  - order: 딸바쥬스\n").get()
        let byID = try run("steps:\n  - order: strawberryBanana\n").get()
        #expect(byName == byID)
        #expect(byName.steps[0].message == "딸바쥬스 나왔습니다! 맛있게 드세요!")
        #expect(byName.steps[0].juice?.id == "strawberryBanana")
        #expect(byName.finalStock == Stock([.strawberry: 0, .banana: 9], others: 10))
        #expect(byName.tally("strawberryBanana")?.served == 1)
    }

    @Test func aRenamedOrAddedRecipeIsOrderedByItsNewName() throws {
        let yaml = "recipes:\n  mango: {name: 망고스무디, uses: {mango: 4}}\nsteps:\n  - order: 망고스무디\n    count: 3\n"
        let result = try run(yaml).get()
        // 10 mangoes: 4, 4, then 2 left and the third glass fails.
        #expect(result.steps.map(\.ok) == [true, true, false])
        #expect(result.steps[0].message == "망고스무디 나왔습니다! 맛있게 드세요!")
        // The old name is no longer on the menu.
        #expect(run("recipes:\n  mango: {name: 망고스무디, uses: {mango: 4}}\nsteps:\n  - order: 망고쥬스\n").failure?.lines.first?
            .hasPrefix("line 14: steps[0].order is an unknown juice \"망고쥬스\"") == true)
    }

    @Test func theDomainMakerAcceptsNames() throws {
        var maker = JuiceMaker()
        #expect(try maker.make("망키쥬스") == "망키쥬스 나왔습니다! 맛있게 드세요!")
        #expect(maker.store.stock == Stock([.mango: 8, .kiwi: 9], others: 10))
        #expect(throws: JuiceMakerError.unknownJuice("사과쥬스")) { try maker.make("사과쥬스") }
    }

    @Test func aNegativeRestockTakesFruitAwayDownToZero() throws {
        // kiwi 10 − 4 = 6, then − 6 = 0 (allowed), mango 10 + 2 = 12.
        let result = try run("steps:\n  - restock: {kiwi: -4, mango: 2}\n  - restock: {kiwi: -6}\n").get()
        #expect(result.steps[0].stock == Stock([.kiwi: 6, .mango: 12], others: 10))
        #expect(result.steps[0].message == "재고 추가: 키위 −4, 망고 +2")
        #expect(result.steps[1].stock[.kiwi] == 0)
        #expect(result.steps[1].message == "재고 추가: 키위 −6")
    }

    @Test func aRestockBelowZeroIsAnErrorAtItsStepLine() {
        // Line 11 steps:, 12 the order (mango 10 → 7), 13 the restock: 7 − 8 = −1.
        #expect(run("steps:\n  - order: mango\n  - restock: {mango: -8}\n").failure?.lines == [
            "line 13: steps[1]: mango stock cannot go below zero: 7 − 8 = -1"
        ])
        // Nothing of a failing restock is applied (all or none), checked in the domain.
        var maker = JuiceMaker()
        #expect(throws: JuiceMakerError.stockBelowZero(fruit: .kiwi, current: 10, change: -11)) {
            try maker.restock([FruitCount(.mango, -3), FruitCount(.kiwi, -11)])
        }
        #expect(maker.store.stock == Stock(each: 10))
    }

    @Test func aRunningStepErrorCarriesTheWrittenStepIndex() {
        let scenario = JuiceScenario(steps: [.order(juice: "mango", count: 2), .restock([FruitCount(.mango, -5)])])
        // 10 − 3 − 3 = 4 mangoes; − 5 would be −1.
        #expect(throws: JuiceStepError(step: 1, .stockBelowZero(fruit: .mango, current: 4, change: -5))) {
            try scenario.run(seed: 0)
        }
    }

    @Test func restockAmountsStayBounded() {
        #expect(run("steps:\n  - restock: {kiwi: -1000000001}\n").failure?.lines == [
            "line 12: steps[0].restock.kiwi must be an integer from -1,000,000,000 to 1,000,000,000, got -1000000001"
        ])
    }
}

/// Diagnostics as text lines, so a failed parse can be a `Result`'s failure.
struct DiagnosticsText: Error, Equatable {
    let lines: [String]
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
