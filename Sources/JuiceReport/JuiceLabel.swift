import ReportKit

/// Every word the juice report prints, keyed by stable names (their text is in the `juice` section of the string tables); `{1}`, `{2}` mark values.
enum JuiceLabel: String, ReportLabelSet {
    case title, steps, orders, served, failed, fruitLeft, stepTally, orderTally, fruitTally, cardTrend
    case order, orderRandom, restock, setStock, short
    case orderCount, ordersCount, stockChange, stockChanges, summary, summaryWithChanges, failedCount
    case stockHeading, stockCaption, boundedNote, stepColumn, actionColumn, messageColumn
    case openingStock, gap, made, notMade, up, down, changeSpoken
    case finalHeading, finalCaption, fruitColumn, openingColumn, finalColumn, changeColumn, neededColumn, shortfallNote
    case juicesHeading, juicesCaption, juiceColumn, recipeColumn, servedColumn, failedColumn, canMakeColumn
    case chartHeading, chartCaption, linesMarked, linesDashed, sampledEvery, chartDescription, stepAxis, stockAxis
    case csv, json, svg

    static let section = "juice"
    static var builtIn: StringTables { JuiceReportKind.files.strings }
}
