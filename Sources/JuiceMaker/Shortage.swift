/// One fruit that an order needs more of than the store has.
public struct Shortage: Sendable, Equatable, CustomStringConvertible {
    public var fruit: Fruit
    /// How many the order needs.
    public var needed: Int
    /// How many the store has.
    public var available: Int

    public init(fruit: Fruit, needed: Int, available: Int) {
        self.fruit = fruit
        self.needed = needed
        self.available = available
    }

    /// How many are missing: `needed - available`.
    public var missing: Int {
        needed - available
    }

    /// `strawberry short by 6 (needs 10, has 4)`.
    public var description: String {
        "\(fruit.id) short by \(missing) (needs \(needed), has \(available))"
    }
}
