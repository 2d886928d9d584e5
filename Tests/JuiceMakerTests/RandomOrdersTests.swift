import JuiceMaker
import Testing

@Suite struct RandomOrdersTests {
    @Test func sameSeedSameStream() throws {
        let stream = RandomOrders(orders: 200, mix: ["strawberry": 2, "banana": 1, "mangoKiwi": 1])
        let first = try stream.draw(on: .standard, seed: 7).map(\.id)
        let second = try stream.draw(on: .standard, seed: 7).map(\.id)
        #expect(first == second)
        #expect(try stream.draw(on: .standard, seed: 8).map(\.id) != first)
        let scenario = JuiceScenario(random: stream)
        #expect(try scenario.run(seed: 7) == scenario.run(seed: 7))
    }

    @Test func mixWeightsHoldOverManyOrders() throws {
        let ids = try RandomOrders(orders: 30_000, mix: ["strawberry": 2, "banana": 1]).draw(on: .standard, seed: 7).map(\.id)
        #expect(Set(ids) == ["strawberry", "banana"])
        let share = Double(ids.count { $0 == "strawberry" }) / Double(ids.count)
        // Expected 2/3; the standard error is 0.0027, so 0.02 is over seven of them.
        #expect(abs(share - 2.0 / 3.0) < 0.02)
    }

    @Test func defaultMixIsEveryJuiceEqually() throws {
        let ids = try RandomOrders(orders: 35_000).draw(on: .standard, seed: 11).map(\.id)
        for id in Menu.standard.ids {
            let share = Double(ids.count { $0 == id }) / Double(ids.count)
            #expect(abs(share - 1.0 / 7.0) < 0.015, "\(id): \(share)")
        }
    }

    @Test func randomOrdersFollowTheStepsAndAreNumberedOn() throws {
        let scenario = JuiceScenario(
            steps: [.restock([FruitCount(.banana, 100)])],
            random: RandomOrders(orders: 20, mix: ["banana": 1])
        )
        let run = try scenario.run(seed: 3)
        #expect(run.steps.count == 21)
        #expect(run.steps.map(\.number) == Array(1...21))
        let banana = try #require(Menu.standard.recipe(id: "banana"))
        #expect(run.steps.dropFirst().allSatisfy { $0.action == .order(banana, random: true) })
        #expect(run.finalStock[.banana] == 110 - 40)
    }

    @Test func badMixesAreErrors() {
        #expect(throws: JuiceMakerError.unknownJuice("melon")) {
            try RandomOrders(orders: 1, mix: ["melon": 1]).draw(on: .standard, seed: 0)
        }
        #expect(throws: JuiceMakerError.invalidMix("no juice has a positive weight")) {
            try RandomOrders(orders: 1, mix: ["mango": 0]).draw(on: .standard, seed: 0)
        }
        #expect(throws: JuiceMakerError.invalidMix("the weight of mango must be a non-negative number")) {
            try RandomOrders(orders: 1, mix: ["mango": -1, "kiwi": 1]).draw(on: .standard, seed: 0)
        }
    }
}
