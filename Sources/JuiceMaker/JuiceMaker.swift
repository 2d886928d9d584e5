/// The juice maker: it owns a fruit store and makes juices from the menu's recipes.
public struct JuiceMaker: Sendable, Equatable {
    /// The store whose fruit the juices use.
    public private(set) var store: FruitStore
    /// The juices this maker knows.
    public let menu: Menu

    public init(store: FruitStore = FruitStore(), menu: Menu = .standard) {
        self.store = store
        self.menu = menu
    }

    /// The recipe for `juiceID`, a juice's id (`strawberryBanana`) or its name (`딸바쥬스`).
    public func recipe(_ juiceID: String) throws(JuiceMakerError) -> Recipe {
        guard let recipe = menu.recipe(idOrName: juiceID) else { throw .unknownJuice(juiceID) }
        return recipe
    }

    /// Makes one glass: uses every ingredient at once, or nothing when any is short.
    /// - Returns: the message the shop shows, e.g. `딸바쥬스 나왔습니다! 맛있게 드세요!`.
    @discardableResult
    public mutating func make(_ recipe: Recipe) throws(JuiceMakerError) -> String {
        try store.use(recipe.uses, for: recipe.name)
        return JuiceMessage.served(recipe.name)
    }

    /// Makes one glass of the juice with this id or name.
    @discardableResult
    public mutating func make(_ juiceID: String) throws(JuiceMakerError) -> String {
        try make(recipe(juiceID))
    }

    /// How many glasses of `recipe` the current stock can still make.
    public func canMake(_ recipe: Recipe) -> Int {
        recipe.servings(from: store.stock)
    }

    /// Changes the stock by the given amounts (재고 추가, the stepper's + and −; negative amounts
    /// take fruit away); all amounts or none, and never below zero.
    /// - Throws: ``JuiceMakerError/stockBelowZero(fruit:current:change:)`` when a fruit would go below zero.
    public mutating func restock(_ amounts: [FruitCount]) throws(JuiceMakerError) {
        var updated = store
        for amount in amounts {
            try updated.add(amount.count, of: amount.fruit)
        }
        store = updated
    }

    /// Sets the stock of some fruits (재고 수정); all or none.
    public mutating func setStock(_ counts: [FruitCount]) throws(JuiceMakerError) {
        var updated = store
        for count in counts {
            try updated.set(count.fruit, to: count.count)
        }
        store = updated
    }
}
