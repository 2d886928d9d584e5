import ReportKit

/// Every English word the juice report prints, keyed by stable names; `{1}`, `{2}` mark values.
enum JuiceLabel: String, ReportLabelSet {
    case title, steps, orders, served, failed, fruitLeft
    case order, orderRandom, restock, setStock, short
    case orderCount, ordersCount, stockChange, stockChanges, summary, summaryWithChanges, failedCount
    case stockHeading, stockCaption, boundedNote, stepColumn, actionColumn, messageColumn
    case openingStock, gap, made, notMade, up, down, changeSpoken
    case finalHeading, finalCaption, fruitColumn, openingColumn, finalColumn, changeColumn, neededColumn, shortfallNote
    case juicesHeading, juicesCaption, juiceColumn, recipeColumn, servedColumn, failedColumn, canMakeColumn
    case chartHeading, chartCaption, linesMarked, linesDashed, sampledEvery, chartDescription, stepAxis, stockAxis
    case csv, json, svg

    var english: String {
        switch self {
        case .title: "Juice stock"
        case .steps: "Steps"
        case .orders: "Orders"
        case .served: "Served"
        case .failed: "Failed"
        case .fruitLeft: "Fruit left"
        case .order: "Order {1}"
        case .orderRandom: "Order {1} (random)"
        case .restock: "Restock"
        case .setStock: "Set stock"
        case .short: "short: {1}"
        case .orderCount: "{1} order"
        case .ordersCount: "{1} orders"
        case .stockChange: "{1} stock change"
        case .stockChanges: "{1} stock changes"
        case .summary: "{1}: {2} served, {3} failed."
        case .summaryWithChanges: "{1}: {2} served, {3} failed, and {4}."
        case .failedCount: "{1} failed"
        case .stockHeading: "Stock after each step"
        case .stockCaption: "Stock of every fruit after each step. ▲/▼ mark a change from the step before; ✗ marks an order that could not be made."
        case .boundedNote: "This run has {1} steps: the table shows the first {2} and the last {2}. Every step is in the CSV and JSON downloads."
        case .stepColumn: "Step"
        case .actionColumn: "Action"
        case .messageColumn: "Message"
        case .openingStock: "Opening stock"
        case .gap: "Steps {1}–{2} not shown (see the CSV or JSON)"
        case .made: "Made: "
        case .notMade: "Not made: "
        case .up: "up"
        case .down: "down"
        case .changeSpoken: " ({1} {2})"
        case .finalHeading: "Final stock"
        case .finalCaption: "Final stock of each fruit, and the fruit still needed to serve every failed order"
        case .fruitColumn: "Fruit"
        case .openingColumn: "Opening"
        case .finalColumn: "Final"
        case .changeColumn: "Change"
        case .neededColumn: "Still needed"
        case .shortfallNote: "Still needed: the fruit every failed order uses, less what is left at the end — what the shop would have to buy to make every order that failed."
        case .juicesHeading: "Juices"
        case .juicesCaption: "Orders served and failed per juice, and how many the final stock can still make"
        case .juiceColumn: "Juice"
        case .recipeColumn: "Recipe"
        case .servedColumn: "Served"
        case .failedColumn: "Failed"
        case .canMakeColumn: "Can still make"
        case .chartHeading: "Stock over time"
        case .chartCaption: "Stock of each fruit after each step; step 0 is the opening stock, and a stock holds until the next step. {1}{2}"
        case .linesMarked: "Each fruit has its own dash pattern and marker."
        case .linesDashed: "Each fruit has its own dash pattern."
        case .sampledEvery: " Sampled every {1} steps."
        case .chartDescription: "Stock of each fruit after each of the {1} steps, from the opening stock at step 0: {2}.{3}"
        case .stepAxis: "Step"
        case .stockAxis: "Stock"
        case .csv: "CSV, every step"
        case .json: "JSON"
        case .svg: "SVG chart"
        }
    }
}
