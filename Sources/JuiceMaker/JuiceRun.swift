/// The result of running a ``JuiceScenario``: every step's outcome and the summary figures.
public struct JuiceRun: Sendable, Equatable {
    /// The menu the scenario ran with.
    public let menu: Menu
    /// The stock before the first step.
    public let openingStock: Stock
    /// One outcome per step, numbered from 1.
    public let steps: [StepOutcome]
    /// The stock after the last step.
    public let finalStock: Stock
    /// Per juice in menu order: served, failed and how many the final stock can still make.
    public let juices: [JuiceTally]
    /// The fruit still needed to serve every failed order:
    /// `max(0, Σ over failed orders of the fruit they use − final stock)` per fruit.
    ///
    /// It is what the shop would have to buy now, on top of what is left at the end, to make every
    /// order that failed. Each failed order counts with its whole recipe: a failed 딸바쥬스 needs
    /// its banana too, though bananas were not what was short, and leftover bananas cover it.
    public let shortfall: Stock

    public init(menu: Menu, openingStock: Stock, steps: [StepOutcome]) {
        self.menu = menu
        self.openingStock = openingStock
        self.steps = steps
        let finalStock = steps.last?.stock ?? openingStock
        self.finalStock = finalStock

        var served: [String: Int] = [:]
        var failed: [String: Int] = [:]
        for step in steps {
            guard let juice = step.juice else { continue }
            if step.ok { served[juice.id, default: 0] += 1 } else { failed[juice.id, default: 0] += 1 }
        }
        juices = menu.recipes.map { recipe in
            JuiceTally(
                recipe: recipe, served: served[recipe.id] ?? 0, failed: failed[recipe.id] ?? 0,
                canMake: recipe.servings(from: finalStock)
            )
        }

        var needed = Stock(each: 0)
        for tally in juices where tally.failed > 0 {
            for use in tally.recipe.uses {
                let (product, productOverflow) = use.count.multipliedReportingOverflow(by: tally.failed)
                let (sum, sumOverflow) = needed[use.fruit].addingReportingOverflow(product)
                needed[use.fruit] = productOverflow || sumOverflow ? Int.max : sum
            }
        }
        var shortfall = Stock(each: 0)
        for fruit in Fruit.allCases {
            shortfall[fruit] = max(0, needed[fruit] - finalStock[fruit])
        }
        self.shortfall = shortfall
    }

    /// Order steps, including random ones.
    public var orderCount: Int {
        steps.count { $0.juice != nil }
    }

    /// Orders that could not be made.
    public var failedCount: Int {
        steps.count { !$0.ok }
    }

    /// The tally of one juice, or nil when it is not on the menu.
    public func tally(_ juiceID: String) -> JuiceTally? {
        juices.first { $0.recipe.id == juiceID }
    }
}
