import Randomness

/// A stream of random orders after the scenario's steps: `orders` juices, each drawn by weight.
public struct RandomOrders: Sendable, Equatable {
    /// How many orders.
    public var orders: Int
    /// The stream's own seed, if the scenario gives one.
    public var seed: UInt64?
    /// Weights by juice id; nil means every juice on the menu with weight 1. Juices not named
    /// are never drawn.
    public var mix: [String: Double]?

    public init(orders: Int, seed: UInt64? = nil, mix: [String: Double]? = nil) {
        self.orders = orders
        self.seed = seed
        self.mix = mix
    }

    /// The weights in menu order, checked: known juices, no negative weight, at least one positive.
    public func weights(on menu: Menu) throws(JuiceMakerError) -> [Double] {
        guard let mix else { return menu.recipes.map { _ in 1 } }
        if let unknown = mix.keys.sorted().first(where: { menu.recipe(id: $0) == nil }) {
            throw .unknownJuice(unknown)
        }
        if let negative = mix.keys.sorted().first(where: { !(mix[$0].map { $0 >= 0 && $0.isFinite } ?? false) }) {
            throw .invalidMix("the weight of \(negative) must be a non-negative number")
        }
        let weights = menu.recipes.map { mix[$0.id] ?? 0 }
        guard weights.contains(where: { $0 > 0 }) else { throw .invalidMix("no juice has a positive weight") }
        return weights
    }

    /// The juices ordered, drawn with a generator seeded by `seed`.
    public func draw(on menu: Menu, seed: UInt64) throws(JuiceMakerError) -> [Recipe] {
        let weights = try weights(on: menu)
        var generator = SeededGenerator(seed: seed)
        return (0..<orders).map { _ in menu.recipes[generator.nextIndex(weights: weights)] }
    }
}
