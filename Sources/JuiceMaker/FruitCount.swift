/// An amount of one fruit: a recipe ingredient, a restock, a shortage.
public struct FruitCount: Sendable, Equatable, Hashable {
    public var fruit: Fruit
    public var count: Int

    public init(_ fruit: Fruit, _ count: Int) {
        self.fruit = fruit
        self.count = count
    }

    /// Amounts in fruit order from a dictionary, one entry per fruit.
    public static func list(_ counts: [Fruit: Int]) -> [FruitCount] {
        Fruit.allCases.compactMap { fruit in counts[fruit].map { FruitCount(fruit, $0) } }
    }
}
