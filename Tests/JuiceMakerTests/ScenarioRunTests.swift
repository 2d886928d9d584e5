import JuiceMaker
import Testing

@Suite struct ScenarioRunTests {
    /// The seed app's first session: every juice ordered once, in menu order, from 10 of each.
    @Test func firstSessionHandWorked() throws {
        let steps = Menu.standard.ids.map { ScenarioStep.order(juice: $0, count: 1) }
        let run = try JuiceScenario(steps: steps).run(seed: 0)
        // 딸기쥬스 needs 16 strawberries of 10 and fails; the rest go through:
        // 바나나 B 8, 키위 K 7, 파인애플 P 8, 딸바 S 0 B 7, 망고 M 7, 망키 M 5 K 6.
        #expect(run.steps.map(\.ok) == [false, true, true, true, true, true, true])
        #expect(run.steps[0].message == "재료가 모자라요. 재고를 수정할까요?")
        #expect(run.steps[0].shortages == [Shortage(fruit: .strawberry, needed: 16, available: 10)])
        #expect(run.steps[4].message == "딸바쥬스 나왔습니다! 맛있게 드세요!")
        #expect(run.steps[4].stock == Stock([.strawberry: 0, .banana: 7, .pineapple: 8, .kiwi: 7, .mango: 10]))
        #expect(run.finalStock == Stock([.strawberry: 0, .banana: 7, .pineapple: 8, .kiwi: 6, .mango: 5]))
        #expect(run.juices.map(\.canMake) == [0, 3, 2, 4, 0, 1, 2])
        #expect(run.juices.map(\.served) == [0, 1, 1, 1, 1, 1, 1])
        #expect(run.juices.map(\.failed) == [1, 0, 0, 0, 0, 0, 0])
        // The failed 딸기쥬스 needs 16 strawberries and none are left.
        #expect(run.shortfall == Stock([.strawberry: 16]))
        #expect(run.orderCount == 7)
        #expect(run.failedCount == 1)
    }

    /// Shortfall and can-make on a mixed day, worked by hand.
    ///
    /// Opening: S 15, B 1, P 10, K 0, M 10.
    /// 1 딸바 ok → S 5, B 0 · 2 딸바 fails (S 5 < 10, B 0 < 1) · 3 망키 fails (K 0 < 1; M stays 10)
    /// · 4 망고 ok → M 7 · 5 restock K +2 · 6 망키 ok → M 5, K 1 · 7 딸기 fails (S 5 < 16).
    /// Final S 5, B 0, P 10, K 1, M 5. Failed orders use S 10 + 16 = 26, B 1, M 2, K 1;
    /// less the final stock: S 21, B 1, M 0 (5 left cover 2), K 0 (1 left covers 1), P 0.
    @Test func shortfallAndCanMakeHandWorked() throws {
        let scenario = JuiceScenario(
            stock: [.strawberry: 15, .banana: 1, .kiwi: 0],
            steps: [
                .order(juice: "strawberryBanana", count: 2),
                .order(juice: "mangoKiwi", count: 1),
                .order(juice: "mango", count: 1),
                .restock([FruitCount(.kiwi, 2)]),
                .order(juice: "mangoKiwi", count: 1),
                .order(juice: "strawberry", count: 1),
            ]
        )
        let run = try scenario.run(seed: 1)
        #expect(run.steps.map(\.number) == [1, 2, 3, 4, 5, 6, 7])
        #expect(run.steps.map(\.ok) == [true, false, false, true, true, true, false])
        #expect(run.steps[2].stock[.mango] == 10)
        #expect(run.finalStock == Stock([.strawberry: 5, .banana: 0, .pineapple: 10, .kiwi: 1, .mango: 5]))
        #expect(run.shortfall == Stock([.strawberry: 21, .banana: 1]))
        #expect(run.juices.map(\.canMake) == [0, 0, 0, 5, 0, 1, 1])
        #expect(run.tally("strawberryBanana") == JuiceTally(
            recipe: try #require(Menu.standard.recipe(id: "strawberryBanana")), served: 1, failed: 1, canMake: 0
        ))
        #expect(run.tally("mangoKiwi")?.served == 1)
        #expect(run.tally("mangoKiwi")?.failed == 1)
    }

    @Test func anOrderWithACountBecomesThatManySteps() throws {
        let run = try JuiceScenario(steps: [.order(juice: "banana", count: 3)]).run(seed: 0)
        #expect(run.steps.count == 3)
        #expect(run.steps.map { $0.stock[.banana] } == [8, 6, 4])
        #expect(run.steps.allSatisfy { $0.juice?.id == "banana" && $0.action.kind == "order" })
        #expect(run.tally("banana")?.served == 3)
    }

    @Test func orderCountsPastTheStockFailOneByOne() throws {
        let run = try JuiceScenario(steps: [.order(juice: "mango", count: 5)]).run(seed: 0)
        // 10 mango: 7, 4, 1, then two failures.
        #expect(run.steps.map(\.ok) == [true, true, true, false, false])
        #expect(run.steps.map { $0.stock[.mango] } == [7, 4, 1, 1, 1])
        #expect(run.shortfall == Stock([.mango: 5]))
    }

    @Test func restockAndSetSteps() throws {
        let run = try JuiceScenario(steps: [
            .restock([FruitCount(.kiwi, 5), FruitCount(.strawberry, 6)]),
            .set([FruitCount(.mango, 0)]),
            .order(juice: "strawberry", count: 1),
        ]).run(seed: 0)
        #expect(run.steps[0].stock == Stock([.kiwi: 15, .strawberry: 16], others: 10))
        #expect(run.steps[0].message == "재고 추가: 키위 +5, 딸기 +6")
        #expect(run.steps[0].action.kind == "restock")
        #expect(run.steps[1].stock[.mango] == 0)
        #expect(run.steps[1].message == "재고 수정: 망고 10 → 0")
        #expect(run.steps[1].action.kind == "set")
        #expect(run.steps[1].juice == nil)
        #expect(run.steps[2].ok)
        #expect(run.finalStock == Stock([.strawberry: 0, .kiwi: 15, .mango: 0], others: 10))
    }

    @Test func negativeCountsAndUnknownJuicesAreErrors() {
        #expect(throws: JuiceStepError(step: 0, .negativeCount(juice: "mango", count: -1))) {
            try JuiceScenario(steps: [.order(juice: "mango", count: -1)]).run(seed: 0)
        }
        #expect(throws: JuiceStepError(step: 0, .unknownJuice("melon"))) {
            try JuiceScenario(steps: [.order(juice: "melon", count: 1)]).run(seed: 0)
        }
        #expect(throws: JuiceStepError(step: 1, .stockBelowZero(fruit: .kiwi, current: 10, change: -11))) {
            try JuiceScenario(steps: [.order(juice: "mango", count: 1), .set([FruitCount(.kiwi, -1)])]).run(seed: 0)
        }
    }

    @Test func extraRecipesCanBeOrdered() throws {
        let tropical = try Recipe(id: "tropical", name: "트로피컬쥬스", uses: [.pineapple: 4, .mango: 1])
        let run = try JuiceScenario(recipes: [tropical], steps: [.order(juice: "tropical", count: 3)]).run(seed: 0)
        #expect(run.steps.map(\.ok) == [true, true, false])
        #expect(run.steps[0].message == "트로피컬쥬스 나왔습니다! 맛있게 드세요!")
        #expect(run.juices.last?.recipe.id == "tropical")
        #expect(run.shortfall == Stock([.pineapple: 2]))
    }
}
