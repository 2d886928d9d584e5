import JuiceMaker
import Testing

@Suite struct FruitStoreTests {
    @Test func opensWithTenOfEveryFruit() {
        let store = FruitStore()
        #expect(store.stock.entries.map(\.count) == [10, 10, 10, 10, 10])
    }

    @Test func mangoKiwiWithKiwiShortLeavesMangoUntouched() throws {
        var maker = JuiceMaker(store: try FruitStore(stock: Stock([.mango: 10, .kiwi: 0])))
        #expect(throws: JuiceMakerError.notEnoughFruit(
            juice: "망키쥬스", shortages: [Shortage(fruit: .kiwi, needed: 1, available: 0)]
        )) {
            try maker.make("mangoKiwi")
        }
        #expect(maker.store.count(of: .mango) == 10)
        #expect(maker.store.count(of: .kiwi) == 0)
    }

    @Test func strawberryBananaWithBananaShortLeavesStrawberriesUntouched() throws {
        var store = try FruitStore(stock: Stock([.strawberry: 12, .banana: 0]))
        let uses = [FruitCount(.strawberry, 10), FruitCount(.banana, 1)]
        #expect(!store.hasEnoughStock(for: uses))
        #expect(throws: JuiceMakerError.self) { try store.use(uses, for: "딸바쥬스") }
        #expect(store.count(of: .strawberry) == 12)
    }

    @Test func usingTakesEveryIngredientAtOnce() throws {
        var store = FruitStore()
        try store.use([FruitCount(.strawberry, 10), FruitCount(.banana, 1)], for: "딸바쥬스")
        #expect(store.stock == Stock([.strawberry: 0, .banana: 9], others: 10))
    }

    @Test func shortageMessagesSayWhatIsShortByHowMuch() throws {
        var maker = JuiceMaker(store: try FruitStore(stock: Stock([.strawberry: 4, .banana: 0])))
        do {
            try maker.make("strawberryBanana")
            Issue.record("made a juice without the fruit")
        } catch {
            #expect(error.description
                == "not enough fruit for 딸바쥬스: strawberry short by 6 (needs 10, has 4), banana short by 1 (needs 1, has 0)")
        }
    }

    @Test func restockAddsAndNeverGoesBelowZero() throws {
        var store = FruitStore()
        try store.add(5, of: .kiwi)
        #expect(store.count(of: .kiwi) == 15)
        try store.add(-15, of: .kiwi)
        #expect(store.count(of: .kiwi) == 0)
        #expect(throws: JuiceMakerError.stockBelowZero(fruit: .kiwi, current: 0, change: -1)) {
            try store.add(-1, of: .kiwi)
        }
        #expect(store.count(of: .kiwi) == 0)
        #expect(JuiceMakerError.stockBelowZero(fruit: .kiwi, current: 3, change: -5).description
            == "kiwi stock cannot go below zero: 3 − 5 = -2")
    }

    @Test func restockThatWouldOverflowIsAnError() throws {
        var store = try FruitStore(stock: Stock([.mango: Int.max]))
        #expect(throws: JuiceMakerError.stockTooLarge(fruit: .mango)) { try store.add(1, of: .mango) }
        #expect(store.count(of: .mango) == Int.max)
    }

    @Test func setReplacesTheCountButNeverBelowZero() throws {
        var store = FruitStore()
        try store.set(.mango, to: 0)
        #expect(store.count(of: .mango) == 0)
        try store.set(.mango, to: 42)
        #expect(store.count(of: .mango) == 42)
        #expect(throws: JuiceMakerError.stockBelowZero(fruit: .mango, current: 42, change: -43)) {
            try store.set(.mango, to: -1)
        }
        #expect(store.count(of: .mango) == 42)
    }

    @Test func aStoreCannotOpenWithNegativeStock() {
        #expect(throws: JuiceMakerError.self) { try FruitStore(stock: Stock([.banana: -2])) }
    }

    @Test func makerRestockAndSetAreAllOrNothing() throws {
        var maker = JuiceMaker()
        #expect(throws: JuiceMakerError.self) {
            try maker.setStock([FruitCount(.strawberry, 3), FruitCount(.banana, -1)])
        }
        #expect(maker.store.stock == Stock(each: 10))
        try maker.restock([FruitCount(.kiwi, 5), FruitCount(.mango, 2)])
        #expect(maker.store.stock == Stock([.kiwi: 15, .mango: 12], others: 10))
    }
}

/// User numbers at the ends of Int give errors and counts, never a trap.
@Suite struct JuiceOverflowTests {
    @Test func setToIntMinIsAnErrorWithAReadableMessage() {
        var store = FruitStore()
        #expect(throws: JuiceMakerError.self) { try store.set(.mango, to: .min) }
        do {
            try store.set(.mango, to: .min)
        } catch {
            #expect(error.description == "mango stock cannot go below zero: 10 − 9223372036854775808 = -9223372036854775798")
        }
    }

    @Test func hugeOrderCountsSaturate() {
        let scenario = JuiceScenario(steps: [.order(juice: "mango", count: .max), .order(juice: "kiwi", count: .max)])
        #expect(scenario.expandedStepCount == .max)
    }
}
