import JuiceMaker
import Testing

@Suite struct RecipeTests {
    /// SPEC §5.2's table, row for row.
    static let specTable: [(id: String, name: String, uses: [Fruit: Int])] = [
        ("strawberry", "딸기쥬스", [.strawberry: 16]),
        ("banana", "바나나쥬스", [.banana: 2]),
        ("kiwi", "키위쥬스", [.kiwi: 3]),
        ("pineapple", "파인애플쥬스", [.pineapple: 2]),
        ("strawberryBanana", "딸바쥬스", [.strawberry: 10, .banana: 1]),
        ("mango", "망고쥬스", [.mango: 3]),
        ("mangoKiwi", "망키쥬스", [.mango: 2, .kiwi: 1]),
    ]

    @Test func standardMenuIsTheSpecTableInOrder() {
        #expect(Menu.standard.ids == Self.specTable.map(\.id))
        #expect(Menu.standard.recipes.map(\.name) == Self.specTable.map(\.name))
    }

    @Test(arguments: 0..<7)
    func eachStandardRecipeUsesExactlyWhatTheSpecSays(row: Int) throws {
        let expected = Self.specTable[row]
        let recipe = try #require(Menu.standard.recipe(id: expected.id))
        for fruit in Fruit.allCases {
            #expect(recipe.amount(of: fruit) == expected.uses[fruit] ?? 0, "\(expected.id) uses of \(fruit)")
        }
        // Making one glass from ample stock takes exactly that, nothing else.
        var maker = JuiceMaker(store: try FruitStore(stock: Stock(each: 100)))
        try maker.make(expected.id)
        for fruit in Fruit.allCases {
            #expect(maker.store.count(of: fruit) == 100 - (expected.uses[fruit] ?? 0))
        }
    }

    @Test func fruitsHaveTheSeedNamesAndEmoji() {
        #expect(Fruit.allCases.map(\.id) == ["strawberry", "banana", "pineapple", "kiwi", "mango"])
        #expect(Fruit.allCases.map(\.koreanName) == ["딸기", "바나나", "파인애플", "키위", "망고"])
        #expect(Fruit.allCases.map(\.emoji) == ["🍓", "🍌", "🍍", "🥝", "🥭"])
        #expect(Fruit(id: "kiwi") == .kiwi)
        #expect(Fruit(id: "apple") == nil)
    }

    @Test func aRecipeMustUseSomeFruit() {
        #expect(throws: JuiceMakerError.emptyRecipe(juice: "water")) {
            try Recipe(id: "water", name: "물", uses: [:])
        }
        #expect(throws: JuiceMakerError.nonPositiveAmount(juice: "thin", fruit: .kiwi, amount: 0)) {
            try Recipe(id: "thin", name: "묽은쥬스", uses: [.mango: 1, .kiwi: 0])
        }
        #expect(JuiceMakerError.emptyRecipe(juice: "water").description == "the recipe for water uses no fruit")
    }

    @Test func addingARecipeExtendsOrReplacesInPlace() throws {
        var menu = Menu.standard
        menu.add(try Recipe(id: "tropical", name: "트로피컬쥬스", uses: [.pineapple: 1, .mango: 1]))
        menu.add(try Recipe(id: "banana", name: "진한바나나쥬스", uses: [.banana: 3]))
        #expect(menu.ids == ["strawberry", "banana", "kiwi", "pineapple", "strawberryBanana", "mango", "mangoKiwi", "tropical"])
        #expect(menu.recipe(id: "banana")?.name == "진한바나나쥬스")
        #expect(menu.recipe(id: "banana")?.amount(of: .banana) == 3)
    }

    @Test func servingsAreLimitedByTheScarcestFruit() throws {
        let mangoKiwi = try #require(Menu.standard.recipe(id: "mangoKiwi"))
        // 7 mango make 3 glasses (2 each), 2 kiwi make 2 (1 each): 2.
        #expect(mangoKiwi.servings(from: Stock([.mango: 7, .kiwi: 2])) == 2)
        #expect(mangoKiwi.servings(from: Stock([.mango: 1, .kiwi: 9])) == 0)
        let strawberry = try #require(Menu.standard.recipe(id: "strawberry"))
        #expect(strawberry.servings(from: Stock(each: 47)) == 2)
        let maker = JuiceMaker(store: try FruitStore(stock: Stock([.mango: 7, .kiwi: 2])))
        #expect(maker.canMake(mangoKiwi) == 2)
        #expect(maker.canMake(strawberry) == 0)
    }
}
