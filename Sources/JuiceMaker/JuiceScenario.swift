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
    /// - Throws: the written step (or the random stream) that cannot run: an unknown juice, a
    ///   negative order count, a bad mix, or a change that would take stock below zero; failed
    ///   orders are not errors, they are outcomes.
    public func run(seed: UInt64) throws(JuiceStepError) -> JuiceRun {
        var maker = JuiceMaker(store: try at(nil) { () throws(JuiceMakerError) in try FruitStore(stock: openingStock) }, menu: menu)
        var outcomes: [StepOutcome] = []
        outcomes.reserveCapacity(min(expandedStepCount, 1_000_000))

        func order(_ recipe: Recipe, random: Bool, step: Int?) throws(JuiceStepError) {
            var shortages: [Shortage] = []
            let message: String
            do {
                message = try maker.make(recipe)
            } catch .notEnoughFruit(_, let short) {
                shortages = short
                message = JuiceMessage.notEnoughFruit
            } catch {
                throw JuiceStepError(step: step, error)
            }
            outcomes.append(StepOutcome(
                number: outcomes.count + 1, action: .order(recipe, random: random), ok: shortages.isEmpty,
                message: message, stock: maker.store.stock, shortages: shortages
            ))
        }

        for (index, step) in steps.enumerated() {
            switch step {
            case let .order(juice, count):
                let recipe = try at(index) { () throws(JuiceMakerError) in try maker.recipe(juice) }
                guard count >= 0 else { throw JuiceStepError(step: index, .negativeCount(juice: juice, count: count)) }
                for _ in 0..<count { try order(recipe, random: false, step: index) }
            case let .restock(amounts):
                try at(index) { () throws(JuiceMakerError) in try maker.restock(amounts) }
                outcomes.append(StepOutcome(
                    number: outcomes.count + 1, action: .restock(amounts), ok: true,
                    message: JuiceMessage.restocked(amounts), stock: maker.store.stock, shortages: []
                ))
            case let .set(counts):
                let before = maker.store.stock
                try at(index) { () throws(JuiceMakerError) in try maker.setStock(counts) }
                let changes = counts.map { (fruit: $0.fruit, from: before[$0.fruit], to: $0.count) }
                outcomes.append(StepOutcome(
                    number: outcomes.count + 1, action: .set(counts), ok: true,
                    message: JuiceMessage.stockSet(changes), stock: maker.store.stock, shortages: []
                ))
            }
        }
        if let random {
            for recipe in try at(nil, { () throws(JuiceMakerError) in try random.draw(on: menu, seed: seed) }) {
                try order(recipe, random: true, step: nil)
            }
        }
        return JuiceRun(menu: menu, openingStock: openingStock, steps: outcomes)
    }

    /// Runs `body`, naming the step (nil: the opening stock or the random stream) in its error.
    private func at<T>(_ step: Int?, _ body: () throws(JuiceMakerError) -> T) throws(JuiceStepError) -> T {
        do {
            return try body()
        } catch {
            throw JuiceStepError(step: step, error)
        }
    }
}

/// Why a ``JuiceScenario`` cannot run, and where: the index of the written step, so a reader of
/// the YAML can be pointed at its line.
public struct JuiceStepError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The index in ``JuiceScenario/steps`` (0-based), or nil for the opening stock or the random
    /// order stream.
    public var step: Int?
    /// What went wrong.
    public var error: JuiceMakerError

    public init(step: Int?, _ error: JuiceMakerError) {
        self.step = step
        self.error = error
    }

    public var description: String { error.description }
}
