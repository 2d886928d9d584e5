import JuiceMaker
import ReportKit

/// Words shared by the HTML, Markdown and plain-text reports.
enum JuiceWords {
    /// `🍓 딸기`.
    static func fruit(_ fruit: Fruit) -> String {
        "\(fruit.emoji) \(fruit.koreanName)"
    }

    /// `Order 딸바쥬스`, `Order 딸기쥬스 (random)`, `Restock`, `Set stock`.
    static func action(_ action: StepOutcome.Action) -> String {
        switch action {
        case let .order(recipe, random): "Order \(recipe.name)" + (random ? " (random)" : "")
        case .restock: "Restock"
        case .set: "Set stock"
        }
    }

    /// `🍓 16 + 🍌 1`.
    static func recipe(_ recipe: Recipe) -> String {
        recipe.uses.map { "\($0.fruit.emoji) \(NumberText.grouped($0.count))" }.joined(separator: " + ")
    }

    /// `short: 🍓 딸기 6, 🍌 바나나 1`.
    static func shortages(_ shortages: [Shortage]) -> String {
        "short: " + shortages.map { "\(fruit($0.fruit)) \(NumberText.grouped($0.missing))" }.joined(separator: ", ")
    }

    /// `▲5` or `▼10`; empty when nothing changed.
    static func delta(_ change: Int) -> String {
        change == 0 ? "" : (change > 0 ? "▲" : "▼") + NumberText.grouped(abs(change))
    }

    /// `12 orders`, `1 order`.
    static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(NumberText.grouped(value)) \(value == 1 ? singular : plural)"
    }

    /// `12 orders: 9 served, 3 failed.`
    static func summary(_ run: JuiceRun) -> String {
        let orders = count(run.orderCount, "order", "orders")
        let served = NumberText.grouped(run.orderCount - run.failedCount)
        let stockChanges = run.steps.count - run.orderCount
        let changes = stockChanges > 0 ? ", and \(count(stockChanges, "stock change", "stock changes"))" : ""
        return "\(orders): \(served) served, \(NumberText.grouped(run.failedCount)) failed\(changes)."
    }

    /// What the shortfall means, for the reader.
    static let shortfallNote =
        "Still needed: the fruit every failed order uses, less what is left at the end — what the shop would have to buy to make every order that failed."
}

/// The plain-text report printed by `sitegen juice --format text`.
public enum JuiceTextReport {
    public static func render(_ run: JuiceRun) -> String {
        var out = "Juice stock — \(JuiceWords.summary(run))\n\n"
        out += "Opening stock: " + stockLine(run.openingStock) + "\n"
        for step in run.steps {
            let mark = step.juice == nil ? "·" : (step.ok ? "✓" : "✗")
            var line = "\(step.number). \(mark) \(JuiceWords.action(step.action)) — \(step.message)"
            if !step.shortages.isEmpty { line += " (\(JuiceWords.shortages(step.shortages)))" }
            out += line + " — " + stockLine(step.stock) + "\n"
        }
        out += "\nFinal stock: " + stockLine(run.finalStock) + "\n"
        out += "\nJuices (served · failed · can still make):\n"
        for tally in run.juices {
            out += "  \(tally.recipe.name) (\(tally.recipe.id), \(JuiceWords.recipe(tally.recipe))): "
            out += "\(NumberText.grouped(tally.served)) · \(NumberText.grouped(tally.failed)) · \(NumberText.grouped(tally.canMake))\n"
        }
        let needed = run.shortfall.entries.filter { $0.count > 0 }
        if needed.isEmpty {
            out += "\nNo fruit still needed: every order was served.\n"
        } else {
            out += "\nStill needed to serve every failed order: "
            out += needed.map { "\(JuiceWords.fruit($0.fruit)) \(NumberText.grouped($0.count))" }.joined(separator: " · ") + "\n"
        }
        return out
    }

    private static func stockLine(_ stock: Stock) -> String {
        stock.entries.map { "\($0.fruit.emoji) \(NumberText.grouped($0.count))" }.joined(separator: " · ")
    }
}
