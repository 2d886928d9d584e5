/// A juice stock scenario (SPEC §5.2): the opening stock, the menu, the steps and an optional
/// random order stream that follows them.
public struct JuiceScenario: Sendable, Equatable {
    /// The stock before the first step.
    public var openingStock: Stock
    /// The juices that can be ordered.
    public var menu: Menu
    /// The steps, in order.
    public var steps: [ScenarioStep]
    /// Random orders made after the steps.
    public var random: RandomOrders?

    /// - Parameters:
    ///   - stock: overrides of the opening stock; other fruits start at ``FruitStore/initialCount``.
    ///   - recipes: extra recipes, or replacements for standard ones with the same id.
    public init(stock: [Fruit: Int] = [:], recipes: [Recipe] = [], steps: [ScenarioStep] = [], random: RandomOrders? = nil) {
        openingStock = Stock(stock, others: FruitStore.initialCount)
        var menu = Menu.standard
        for recipe in recipes {
            menu.add(recipe)
        }
        self.menu = menu
        self.steps = steps
        self.random = random
    }

    /// How many step outcomes the run has: every glass of every order, restocks, sets, random orders.
    public var expandedStepCount: Int {
        // Saturating: the counts are user numbers.
        func plus(_ a: Int, _ b: Int) -> Int {
            let sum = a.addingReportingOverflow(b)
            return sum.overflow ? Int.max : sum.partialValue
        }
        let written = steps.reduce(0) { total, step in
            if case .order(_, let count) = step { return plus(total, max(count, 0)) }
            return plus(total, 1)
        }
        return plus(written, max(random?.orders ?? 0, 0))
    }

    /// Runs the scenario.
    /// - Parameter seed: the random order stream's seed, resolved by the caller (`--seed`, the
    ///   stream's own `seed`, or one derived from where the scenario stands); unused without a stream.
    /// - Throws: an unknown juice, a negative order count, a bad mix, or a step that would take
    ///   stock below zero; failed orders are not errors, they are outcomes.
    public func run(seed: UInt64) throws(JuiceMakerError) -> JuiceRun {
        var maker = JuiceMaker(store: try FruitStore(stock: openingStock), menu: menu)
        var outcomes: [StepOutcome] = []
        outcomes.reserveCapacity(min(expandedStepCount, 1_000_000))

        func order(_ recipe: Recipe, random: Bool) throws(JuiceMakerError) {
            var shortages: [Shortage] = []
            let message: String
            do {
                message = try maker.make(recipe)
            } catch .notEnoughFruit(_, let short) {
                shortages = short
                message = JuiceMessage.notEnoughFruit
            }
            outcomes.append(StepOutcome(
                number: outcomes.count + 1, action: .order(recipe, random: random), ok: shortages.isEmpty,
                message: message, stock: maker.store.stock, shortages: shortages
            ))
        }

        for step in steps {
            switch step {
            case let .order(juice, count):
                let recipe = try maker.recipe(juice)
                guard count >= 0 else { throw .negativeCount(juice: juice, count: count) }
                for _ in 0..<count { try order(recipe, random: false) }
            case let .restock(amounts):
                try maker.restock(amounts)
                outcomes.append(StepOutcome(
                    number: outcomes.count + 1, action: .restock(amounts), ok: true,
                    message: JuiceMessage.restocked(amounts), stock: maker.store.stock, shortages: []
                ))
            case let .set(counts):
                let before = maker.store.stock
                try maker.setStock(counts)
                let changes = counts.map { (fruit: $0.fruit, from: before[$0.fruit], to: $0.count) }
                outcomes.append(StepOutcome(
                    number: outcomes.count + 1, action: .set(counts), ok: true,
                    message: JuiceMessage.stockSet(changes), stock: maker.store.stock, shortages: []
                ))
            }
        }
        if let random {
            for recipe in try random.draw(on: menu, seed: seed) {
                try order(recipe, random: true)
            }
        }
        return JuiceRun(menu: menu, openingStock: openingStock, steps: outcomes)
    }
}
