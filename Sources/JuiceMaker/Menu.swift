/// The juices on offer, in menu order. Recipes are data: adding or replacing one needs no code.
public struct Menu: Sendable, Equatable {
    /// The recipes in menu order; ids are unique.
    public private(set) var recipes: [Recipe]

    /// A menu of these recipes; a later recipe with the id of an earlier one replaces it in place.
    public init(_ recipes: [Recipe]) {
        self.recipes = []
        for recipe in recipes {
            add(recipe)
        }
    }

    /// The seven juices of the seed app (SPEC §5.2).
    public static let standard = Menu(Self.standardRecipes)

    private static let standardRecipes: [Recipe] = [
        ("strawberry", "딸기쥬스", [.strawberry: 16]),
        ("banana", "바나나쥬스", [.banana: 2]),
        ("kiwi", "키위쥬스", [.kiwi: 3]),
        ("pineapple", "파인애플쥬스", [.pineapple: 2]),
        ("strawberryBanana", "딸바쥬스", [.strawberry: 10, .banana: 1]),
        ("mango", "망고쥬스", [.mango: 3]),
        ("mangoKiwi", "망키쥬스", [.mango: 2, .kiwi: 1]),
    ].compactMap { (id: String, name: String, uses: [Fruit: Int]) in
        try? Recipe(id: id, name: name, uses: uses)
    }

    /// The recipe with this id, or nil.
    public func recipe(id: String) -> Recipe? {
        recipes.first { $0.id == id }
    }

    /// The recipe whose name is `name` (`딸바쥬스`), or nil; the first in menu order when several share it.
    public func recipe(named name: String) -> Recipe? {
        recipes.first { $0.name == name }
    }

    /// The recipe with this id or, failing that, this name: an order may say `strawberryBanana`
    /// or `딸바쥬스` (the seed app's names).
    public func recipe(idOrName juice: String) -> Recipe? {
        recipe(id: juice) ?? recipe(named: juice)
    }

    /// The ids in menu order.
    public var ids: [String] {
        recipes.map(\.id)
    }

    /// Adds a recipe at the end, or replaces the one with the same id where it stands.
    public mutating func add(_ recipe: Recipe) {
        if let index = recipes.firstIndex(where: { $0.id == recipe.id }) {
            recipes[index] = recipe
        } else {
            recipes.append(recipe)
        }
    }
}
