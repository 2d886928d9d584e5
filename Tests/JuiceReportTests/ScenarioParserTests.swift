import Basics
import JuiceMaker
import JuiceReport
import ReportKit
import Testing

@Suite struct ScenarioParserTests {
    @Test func readsTheSpecExample() throws {
        let yaml = """
            stock: {strawberry: 20}
            recipes: {}
            steps:
              - order: strawberryBanana
              - order: mango
                count: 3
              - restock: {kiwi: 5}
              - set: {mango: 0}
            random: {orders: 50, seed: 7, mix: {strawberry: 2, banana: 1}}
            """
        let scenario = try JuiceScenarioParser.parse(yaml)
        #expect(scenario == JuiceScenario(
            stock: [.strawberry: 20],
            steps: [
                .order(juice: "strawberryBanana", count: 1),
                .order(juice: "mango", count: 3),
                .restock([FruitCount(.kiwi, 5)]),
                .set([FruitCount(.mango, 0)]),
            ],
            random: RandomOrders(orders: 50, seed: 7, mix: ["strawberry": 2, "banana": 1])
        ))
        #expect(scenario.openingStock == Stock([.strawberry: 20], others: 10))
        #expect(scenario.expandedStepCount == 56)
    }

    @Test func anEmptyBlockIsTheDefaultShop() throws {
        let scenario = try JuiceScenarioParser.parse("")
        #expect(scenario == JuiceScenario())
        #expect(try scenario.run(seed: 0).finalStock == Stock(each: 10))
    }

    @Test func recipesExtendAndReplaceTheMenu() throws {
        let yaml = """
            recipes:
              tropical: {name: 트로피컬쥬스, uses: {pineapple: 2, mango: 1}}
              banana: {uses: {banana: 3}}
            steps:
              - order: tropical
            """
        let scenario = try JuiceScenarioParser.parse(yaml)
        #expect(scenario.menu.ids.last == "tropical")
        #expect(scenario.menu.recipe(id: "tropical")?.uses == [FruitCount(.pineapple, 2), FruitCount(.mango, 1)])
        // A replaced recipe keeps its name unless the scenario gives one.
        #expect(scenario.menu.recipe(id: "banana")?.name == "바나나쥬스")
        #expect(scenario.menu.recipe(id: "banana")?.amount(of: .banana) == 3)
        #expect(try scenario.run(seed: 0).steps[0].message == "트로피컬쥬스 나왔습니다! 맛있게 드세요!")
    }

    /// Parses `yaml` as the body of a block whose fence is on line 10 and returns the messages.
    private func problems(_ yaml: String) -> [String] {
        do {
            _ = try JuiceScenarioParser.parse(yaml, lineOffset: 10)
            return []
        } catch {
            return Diagnostics.from(error).map(\.description)
        }
    }

    @Test func unknownFruitNamesLineKeyAndHint() {
        #expect(problems("stock: {strawberry: 20}\nsteps:\n  - restock: {kiwii: 5}\n") == [
            "line 13: unknown fruit \"kiwii\" in steps[0].restock (did you mean \"kiwi\"?); expected one of: strawberry, banana, pineapple, kiwi, mango"
        ])
    }

    @Test func unknownJuiceNamesLineKeyAndHint() {
        #expect(problems("steps:\n  - order: mangoo\n") == [
            "line 12: steps[0].order is an unknown juice \"mangoo\" (did you mean \"mango\"?); expected one of: strawberry, banana, kiwi, pineapple, strawberryBanana, mango, mangoKiwi"
        ])
        #expect(problems("random: {orders: 5, mix: {melon: 1}}\n") == [
            "line 11: unknown juice \"melon\" in random.mix; expected one of: strawberry, banana, kiwi, pineapple, strawberryBanana, mango, mangoKiwi"
        ])
    }

    @Test func negativeCountIsAnError() {
        #expect(problems("steps:\n  - order: mango\n    count: -2\n") == ["line 13: steps[0].count must not be negative, got -2"])
        #expect(problems("steps:\n  - order: mango\n    count: 0\n") == ["line 13: steps[0].count must be an integer from 1 to 10,000, got 0"])
        #expect(problems("steps:\n  - order: mango\n    count: three\n") == ["line 13: steps[0].count must be an integer, got \"three\""])
    }

    @Test func setBelowZeroIsAnError() {
        #expect(problems("steps:\n  - set: {mango: -1}\n") == [
            "line 12: steps[0].set.mango would set the stock below zero (-1); stock never goes below zero"
        ])
        #expect(problems("stock: {mango: -2}\n") == ["line 11: stock.mango must be an integer from 0 to 1,000,000,000, got -2"])
    }

    @Test func recipeWithNoFruitIsAnError() {
        #expect(problems("recipes:\n  water: {name: 물, uses: {}}\n") == [
            "line 12: recipes.water.uses must name at least one fruit, e.g. {mango: 2, kiwi: 1}"
        ])
        #expect(problems("recipes:\n  water: {name: 물}\n") == ["line 12: recipes.water.uses is required"])
        #expect(problems("recipes:\n  thin: {uses: {kiwi: 0}}\n") == ["line 12: recipes.thin.uses.kiwi must be a positive integer, got 0"])
    }

    @Test func unknownKeysAreErrorsWithAHint() {
        #expect(problems("stok: {kiwi: 1}\n") == [
            "line 11: unknown key \"stok\" (did you mean \"stock\"?); expected one of: stock, recipes, steps, random"
        ])
        #expect(problems("random: {orders: 3, sed: 1}\n") == [
            "line 11: unknown key \"random.sed\" (did you mean \"seed\"?); expected one of: orders, seed, mix"
        ])
        #expect(problems("steps:\n  - order: mango\n    restock: {kiwi: 1}\n") == [
            "line 12: steps[0] has order and restock; give one action per step"
        ])
        #expect(problems("steps:\n  - restock: {kiwi: 1}\n    count: 2\n") == ["line 13: steps[0].count only goes with order"])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let yaml = """
            stock: {kiwii: 5}
            extra: 1
            steps:
              - order: melon
              - set: {mango: -1}
            """
        let lines = problems(yaml).map { $0.prefix { $0 != ":" } }
        #expect(lines == ["line 12", "line 11", "line 14", "line 15"])
    }

    @Test func absurdSizesAreRefused() {
        #expect(problems("random: {orders: 100001}\n") == ["line 11: random.orders must be an integer from 0 to 100,000, got 100001"])
        #expect(problems("steps:\n  - order: banana\n    count: 10000\nrandom: {orders: 95000}\n") == [
            "line 14: the scenario makes 105,000 steps (every glass ordered, restock, set and random order counts); at most 100,000 in one block"
        ])
        #expect(problems("random: {orders: 10, mix: {mango: 0}}\n") == ["line 11: random.mix must give at least one juice a positive weight"])
    }

    @Test func badYAMLAndWrongShapesAreErrors() {
        #expect(problems("steps: [\n").first?.hasPrefix("line 12: invalid YAML") == true)
        #expect(problems("just text\n") == ["line 11: the block must be a mapping of stock, recipes, steps and random, got \"just text\""])
        #expect(problems("steps: {order: mango}\n") == ["line 11: steps must be a list, got a mapping"])
    }
}
