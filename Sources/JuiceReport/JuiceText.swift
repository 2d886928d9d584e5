import Basics
import JuiceMaker
import ReportKit

/// Words the juice report builds from a run, in the labels of ``JuiceLabel``.
enum JuiceWords {
    /// `🍓 딸기`.
    static func fruit(_ fruit: Fruit) -> String {
        "\(fruit.emoji) \(fruit.koreanName)"
    }

    /// `Order 딸바쥬스`, `Order 딸기쥬스 (random)`, `Restock`, `Set stock`.
    static func action(_ action: StepOutcome.Action) -> String {
        switch action {
        case let .order(recipe, random): (random ? JuiceLabel.orderRandom : .order).text(recipe.name)
        case .restock: JuiceLabel.restock.text
        case .set: JuiceLabel.setStock.text
        }
    }

    /// `🍓 16 + 🍌 1`.
    static func recipe(_ recipe: Recipe) -> String {
        recipe.uses.map { "\($0.fruit.emoji) \(NumberText.grouped($0.count))" }.joined(separator: " + ")
    }

    /// `short: 🍓 딸기 6, 🍌 바나나 1`.
    static func shortages(_ shortages: [Shortage]) -> String {
        JuiceLabel.short.text(shortages.map { "\(fruit($0.fruit)) \(NumberText.grouped($0.missing))" }.joined(separator: ", "))
    }

    /// `▲5` or `▼10`; empty when nothing changed.
    static func delta(_ change: Int) -> String {
        change == 0 ? "" : (change > 0 ? "▲" : "▼") + NumberText.grouped(abs(change))
    }

    /// `12 orders: 9 served, 3 failed.`, with the stock changes when there are some.
    static func summary(_ run: JuiceRun) -> String {
        let orders = (run.orderCount == 1 ? JuiceLabel.orderCount : .ordersCount).text(NumberText.grouped(run.orderCount))
        let served = NumberText.grouped(run.orderCount - run.failedCount)
        let failed = NumberText.grouped(run.failedCount)
        let stockChanges = run.steps.count - run.orderCount
        guard stockChanges > 0 else { return JuiceLabel.summary.text(orders, served, failed) }
        let changes = (stockChanges == 1 ? JuiceLabel.stockChange : .stockChanges).text(NumberText.grouped(stockChanges))
        return JuiceLabel.summaryWithChanges.text(orders, served, failed, changes)
    }
}
