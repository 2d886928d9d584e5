import Basics
import JuiceMaker
import ReportKit

/// A juice run as a report document: figures, the stock table, final stock, juices, the chart and
/// the downloads.
enum JuiceDocument {
    /// A run of more steps than this shows its stock table after the overview (final stock, juices, chart).
    static let longStepTable = 20

    /// The document of block `id`; `files` false leaves out the downloads (the console text).
    static func make(_ run: JuiceRun, id: String, files: Bool = true) throws -> ReportDocument {
        let chartName = "\(id)-stock.svg"
        let chart = StockChart.drawing(run, idPrefix: "\(id)-stock")
        let table = StockTableRows(run)
        var body: [ReportNode] = [
            .figures([
                Figure(JuiceLabel.steps.text, JuiceLabel.stepTally.text(NumberText.grouped(run.steps.count))),
                Figure(JuiceLabel.orders.text, JuiceLabel.orderTally.text(NumberText.grouped(run.orderCount))),
                Figure(JuiceLabel.served.text, JuiceLabel.orderTally.text(NumberText.grouped(run.orderCount - run.failedCount))),
                Figure(JuiceLabel.failed.text, JuiceLabel.orderTally.text(NumberText.grouped(run.failedCount))),
                Figure(JuiceLabel.fruitLeft.text, JuiceLabel.fruitTally.text(NumberText.grouped(run.finalStock.total))),
            ]),
            .paragraph(Paragraph(JuiceWords.summary(run))),
        ]
        var steps: [ReportNode] = [.heading(JuiceLabel.stockHeading.text)]
        if table.isBounded {
            let half = String(StockTableRows.limit / 2)
            steps.append(.paragraph(Paragraph(JuiceLabel.boundedNote.text(NumberText.grouped(run.steps.count), half), className: "note")))
        }
        steps.append(.table(Table(
            caption: JuiceLabel.stockCaption.text,
            columns: [.init(JuiceLabel.stepColumn.text, .number), .init(JuiceLabel.actionColumn.text), .init(JuiceLabel.messageColumn.text)]
                + Fruit.allCases.map { .init(JuiceWords.fruit($0), .number) },
            rows: table.rows.map(stockRow),
            className: "stock-table")))
        let overview: [ReportNode] = [
            .heading(JuiceLabel.finalHeading.text),
            .table(Table(
                caption: JuiceLabel.finalCaption.text,
                columns: [.init(JuiceLabel.fruitColumn.text)]
                    + [JuiceLabel.openingColumn, .finalColumn, .changeColumn, .neededColumn].map { .init($0.text, .number) },
                rows: Fruit.allCases.map { fruit in
                    let change = run.finalStock[fruit] - run.openingStock[fruit]
                    let needed = run.shortfall[fruit]
                    return [
                        Table.Cell("\(JuiceWords.fruit(fruit)) (\(fruit.id))"),
                        Table.Cell(NumberText.grouped(run.openingStock[fruit])),
                        Table.Cell(NumberText.grouped(run.finalStock[fruit])),
                        Table.Cell(change == 0 ? "0" : JuiceWords.delta(change), classes: change == 0 ? [] : [change > 0 ? "up" : "down"]),
                        Table.Cell(NumberText.grouped(needed), classes: needed > 0 ? ["short"] : []),
                    ]
                },
                className: "final-stock")),
            .paragraph(Paragraph(JuiceLabel.shortfallNote.text, className: "note")),
            .heading(JuiceLabel.juicesHeading.text),
            .table(Table(
                caption: JuiceLabel.juicesCaption.text,
                columns: [.init(JuiceLabel.juiceColumn.text), .init(JuiceLabel.recipeColumn.text)]
                    + [JuiceLabel.servedColumn, .failedColumn, .canMakeColumn].map { .init($0.text, .number) },
                rows: run.juices.map { tally in
                    [
                        Table.Cell("\(tally.recipe.name) (\(tally.recipe.id))"),
                        Table.Cell(JuiceWords.recipe(tally.recipe)),
                        Table.Cell(NumberText.grouped(tally.served)),
                        Table.Cell(NumberText.grouped(tally.failed), classes: tally.failed > 0 ? ["failed"] : []),
                        Table.Cell(NumberText.grouped(tally.canMake)),
                    ]
                },
                className: "juice-tally")),
            .heading(JuiceLabel.chartHeading.text),
            .chart(Chart(file: chartName, svg: chart.inline, standalone: chart.file, alt: JuiceLabel.chartHeading.text, caption: chartCaption(run))),
        ]
        // A short day reads step by step; a long one leads with the outcome and the chart, and
        // leaves the long table of steps for last.
        body += run.steps.count > longStepTable ? overview + steps : steps + overview
        if files {
            body.append(.downloads([
                Download(JuiceLabel.csv.text, file: "\(id).csv"), Download(JuiceLabel.json.text, file: "\(id).json"),
                Download(JuiceLabel.svg.text, file: chartName),
            ]))
        }
        return ReportDocument(
            kind: "juice", id: id, title: JuiceLabel.title.text, body: body,
            headlines: [
                (run.orderCount == 1 ? JuiceLabel.orderCount : .ordersCount).text(NumberText.grouped(run.orderCount)),
                JuiceLabel.failedCount.text(NumberText.grouped(run.failedCount)),
            ],
            card: card(run),
            files: files
                ? [ReportFile(name: "\(id).csv", text: try JuiceCSV.document(run)), ReportFile(name: "\(id).json", text: try JuiceJSON(run).text())]
                : []
        )
    }

    /// The dashboard card: failed orders (red when any failed), orders served, orders, fruit left
    /// and steps; the sparkline is the fruit in stock from the opening through every step.
    static func card(_ run: JuiceRun) -> ReportCard {
        let stock = [run.openingStock.total] + run.steps.map(\.stock.total)
        return ReportCard(
            figures: [
                ReportCard.Figure(key: "failed", label: JuiceLabel.failed.text, value: JuiceLabel.orderTally.text(NumberText.grouped(run.failedCount)), isWarning: run.failedCount > 0),
                ReportCard.Figure(key: "served", label: JuiceLabel.served.text, value: JuiceLabel.orderTally.text(NumberText.grouped(run.orderCount - run.failedCount))),
                ReportCard.Figure(key: "orders", label: JuiceLabel.orders.text, value: JuiceLabel.orderTally.text(NumberText.grouped(run.orderCount))),
                ReportCard.Figure(key: "fruit-left", label: JuiceLabel.fruitLeft.text, value: JuiceLabel.fruitTally.text(NumberText.grouped(run.finalStock.total))),
                ReportCard.Figure(key: "steps", label: JuiceLabel.steps.text, value: JuiceLabel.stepTally.text(NumberText.grouped(run.steps.count))),
            ],
            trend: stock.count > 1 ? ReportCard.Trend(
                label: JuiceLabel.cardTrend.text(NumberText.grouped(stock.first ?? 0), NumberText.grouped(stock.last ?? 0)),
                values: Self.sampled(stock.map(Double.init), count: 60)) : nil
        )
    }

    /// At most `count` values: the lowest of each of `count` equal runs (a run of many steps).
    static func sampled(_ values: [Double], count: Int) -> [Double] {
        guard values.count > count else { return values }
        return (0..<count).map { index in
            let range = (index * values.count / count)..<max((index + 1) * values.count / count, index * values.count / count + 1)
            return values[range].min() ?? 0
        }
    }

    private static func stockRow(_ row: StockTableRows.Row) -> [Table.Cell] {
        switch row {
        case .opening(let stock):
            return [Table.Cell("0"), Table.Cell(JuiceLabel.openingStock.text), Table.Cell("")]
                + stock.entries.map { Table.Cell(NumberText.grouped($0.count)) }
        case let .gap(first, last):
            return [Table.Cell("…"), Table.Cell("…"),
                    Table.Cell(JuiceLabel.gap.text(NumberText.grouped(first), NumberText.grouped(last)), classes: ["gap"])]
                + Fruit.allCases.map { _ in Table.Cell("…") }
        case let .step(step, before):
            var message: [Inline] = []
            if step.juice != nil {
                message += [
                    .decoration(step.ok ? "✓" : "✗", className: "mark"), .text(" "),
                    .spoken(step.ok ? JuiceLabel.made.text : JuiceLabel.notMade.text),
                ]
            }
            message.append(.text(step.message))
            if !step.shortages.isEmpty {
                message += [.text(" "), .styled([.text("(\(JuiceWords.shortages(step.shortages)))")], className: "shortage")]
            }
            let messageClasses = step.juice == nil ? ["message"] : ["message", step.ok ? "ok" : "failed"]
            return [Table.Cell(NumberText.grouped(step.number)), Table.Cell(JuiceWords.action(step.action)), Table.Cell(message, classes: messageClasses)]
                + step.stock.entries.map { entry in stockCell(entry.count, change: entry.count - before[entry.fruit]) }
        }
    }

    /// A stock count; a change shows `▲5` to the eye and `(up 5)` to screen readers.
    private static func stockCell(_ count: Int, change: Int) -> Table.Cell {
        guard change != 0 else { return Table.Cell(NumberText.grouped(count)) }
        let direction = change > 0 ? JuiceLabel.up : .down
        return Table.Cell(
            [.text(NumberText.grouped(count)), .text(" "), .decoration(JuiceWords.delta(change), className: "delta"),
             .spoken(JuiceLabel.changeSpoken.text(direction.text, NumberText.grouped(abs(change))))],
            classes: ["changed", change > 0 ? "up" : "down"])
    }

    private static func chartCaption(_ run: JuiceRun) -> String {
        let every = StockChart.interval(steps: run.steps.count)
        let lines = StockChart.isMarked(steps: run.steps.count) ? JuiceLabel.linesMarked : .linesDashed
        return JuiceLabel.chartCaption.text(lines.text, every > 1 ? JuiceLabel.sampledEvery.text(NumberText.grouped(every)) : "")
    }
}
