/// A juice on the menu: its id, the name the shop shows and the fruit one glass uses.
public struct Recipe: Sendable, Equatable, Hashable {
    /// The id used in scenarios and data files, e.g. `strawberryBanana`.
    public let id: String
    /// The name the shop shows, e.g. `딸바쥬스`.
    public let name: String
    /// The fruit one glass uses, in fruit order; never empty, every amount positive.
    public let uses: [FruitCount]

    /// A recipe; `uses` must name at least one fruit, each with a positive amount.
    public init(id: String, name: String, uses: [Fruit: Int]) throws(JuiceMakerError) {
        let list = FruitCount.list(uses)
        guard !list.isEmpty else { throw .emptyRecipe(juice: id) }
        if let bad = list.first(where: { $0.count <= 0 }) {
            throw .nonPositiveAmount(juice: id, fruit: bad.fruit, amount: bad.count)
        }
        self.id = id
        self.name = name
        self.uses = list
    }

    /// How many of `fruit` one glass uses (0 when it uses none).
    public func amount(of fruit: Fruit) -> Int {
        uses.first { $0.fruit == fruit }?.count ?? 0
    }

    /// How many glasses `stock` can make, one after another.
    public func servings(from stock: Stock) -> Int {
        uses.map { stock[$0.fruit] / $0.count }.min() ?? 0
    }
}
