import JuiceMaker
import ReportKit

/// Turns a run into the `juice` block's report: HTML, Markdown, CSV/JSON/SVG files, headlines.
struct JuiceReportRenderer {
    let run: JuiceRun
    /// The block id, e.g. `juice-1`: the section id and the prefix of every file name.
    let id: String

    var csvName: String { "\(id).csv" }
    var jsonName: String { "\(id).json" }
    var chartName: String { "\(id)-stock.svg" }

    func report() throws -> Report {
        let chart = StockChart.svg(run, idPrefix: "\(id)-stock")
        let table = StockTableRows(run)
        return Report(
            html: html(chart: chart, table: table),
            markdown: markdown(table: table),
            files: [
                ReportFile(name: csvName, text: JuiceCSV.document(run)),
                ReportFile(name: jsonName, text: try JuiceJSON(run).text()),
                ReportFile(name: chartName, text: chart),
            ],
            headlines: headlines
        )
    }

    /// `12 orders`, `3 failed`.
    var headlines: [String] {
        [JuiceWords.count(run.orderCount, "order", "orders"), "\(NumberText.grouped(run.failedCount)) failed"]
    }

    private var figures: [(label: String, value: String)] {
        [
            ("Steps", NumberText.grouped(run.steps.count)),
            ("Orders", NumberText.grouped(run.orderCount)),
            ("Served", NumberText.grouped(run.orderCount - run.failedCount)),
            ("Failed", NumberText.grouped(run.failedCount)),
            ("Fruit left", NumberText.grouped(run.finalStock.total)),
        ]
    }

    private var fruitHeaders: [String] {
        Fruit.allCases.map(JuiceWords.fruit)
    }

    // MARK: HTML

    private func html(chart: String, table: StockTableRows) -> String {
        var out = "<section class=\"report report-juice\" id=\"\(HTML.escape(id))\">\n"
        out += "<h2>Juice stock</h2>\n"
        out += HTML.figures(figures)
        out += "<p>\(HTML.escape(JuiceWords.summary(run)))</p>\n"

        out += "<h3>Stock after each step</h3>\n"
        if table.isBounded {
            out += "<p class=\"note\">\(HTML.escape(boundedNote))</p>\n"
        }
        out += HTML.table(
            caption: "Stock of every fruit after each step. ▲/▼ mark a change from the step before; ✗ marks an order that could not be made.",
            headers: ["Step", "Action", "Message"] + fruitHeaders,
            rows: table.rows.map(htmlRow),
            className: "stock-table"
        )

        out += "<h3>Final stock</h3>\n"
        out += HTML.table(
            caption: "Final stock of each fruit, and the fruit still needed to serve every failed order",
            headers: ["Fruit", "Opening", "Final", "Change", "Still needed"],
            rows: Fruit.allCases.map { fruit in
                let change = run.finalStock[fruit] - run.openingStock[fruit]
                let needed = run.shortfall[fruit]
                return [
                    .header("\(JuiceWords.fruit(fruit)) (\(fruit.id))"),
                    .number(NumberText.grouped(run.openingStock[fruit])),
                    .number(NumberText.grouped(run.finalStock[fruit])),
                    .number(change == 0 ? "0" : JuiceWords.delta(change), classes: change == 0 ? nil : (change > 0 ? "up" : "down")),
                    .number(NumberText.grouped(needed), classes: needed > 0 ? "short" : nil),
                ]
            },
            className: "final-stock"
        )
        out += "<p class=\"note\">\(HTML.escape(JuiceWords.shortfallNote))</p>\n"

        out += "<h3>Juices</h3>\n"
        out += HTML.table(
            caption: "Orders served and failed per juice, and how many the final stock can still make",
            headers: ["Juice", "Recipe", "Served", "Failed", "Can still make"],
            rows: run.juices.map { tally in
                [
                    .header("\(tally.recipe.name) (\(tally.recipe.id))"),
                    .text(JuiceWords.recipe(tally.recipe)),
                    .number(NumberText.grouped(tally.served)),
                    .number(NumberText.grouped(tally.failed), classes: tally.failed > 0 ? "failed" : nil),
                    .number(NumberText.grouped(tally.canMake)),
                ]
            },
            className: "juice-tally"
        )

        out += "<h3>Stock over time</h3>\n"
        out += "<figure class=\"chart\">\n\(chart)<figcaption>\(HTML.escape(chartCaption))</figcaption>\n</figure>\n"
        out += HTML.downloads([("CSV, every step", csvName), ("JSON", jsonName), ("SVG chart", chartName)])
        out += "</section>\n"
        return out
    }

    private func htmlRow(_ row: StockTableRows.Row) -> [HTML.Cell] {
        switch row {
        case .opening(let stock):
            return [.header("0"), .text("Opening stock"), .text("")]
                + stock.entries.map { .number(NumberText.grouped($0.count)) }
        case let .gap(first, last):
            return [.header("…"), .text("…"), .text("Steps \(NumberText.grouped(first))–\(NumberText.grouped(last)) not shown (see the CSV or JSON)", classes: "gap")]
                + Fruit.allCases.map { _ in .number("…") }
        case let .step(step, before):
            var message = ""
            if step.juice != nil {
                let (mark, words) = step.ok ? ("✓", "Made: ") : ("✗", "Not made: ")
                message += "<span class=\"mark\" aria-hidden=\"true\">\(mark)</span> <span class=\"visually-hidden\">\(words)</span>"
            }
            message += HTML.escape(step.message)
            if !step.shortages.isEmpty {
                message += " <span class=\"shortage\">(\(HTML.escape(JuiceWords.shortages(step.shortages))))</span>"
            }
            let messageClass = step.juice == nil ? "message" : (step.ok ? "message ok" : "message failed")
            return [.header(NumberText.grouped(step.number)), .text(JuiceWords.action(step.action)), .html(message, classes: messageClass)]
                + step.stock.entries.map { entry in
                    stockCell(entry.count, change: entry.count - before[entry.fruit])
                }
        }
    }

    private func stockCell(_ count: Int, change: Int) -> HTML.Cell {
        guard change != 0 else { return .number(NumberText.grouped(count)) }
        let words = change > 0 ? "up" : "down"
        let html = "\(NumberText.grouped(count)) <span class=\"delta\" aria-hidden=\"true\">\(JuiceWords.delta(change))</span>"
            + "<span class=\"visually-hidden\"> (\(words) \(NumberText.grouped(abs(change))))</span>"
        return .html(html, classes: "num changed \(words)")
    }

    private var boundedNote: String {
        let half = StockTableRows.limit / 2
        return "This run has \(NumberText.grouped(run.steps.count)) steps: the table shows the first \(half) and the last \(half). Every step is in the CSV and JSON downloads."
    }

    private var chartCaption: String {
        let every = StockChart.interval(steps: run.steps.count)
        let sampling = every > 1 ? " Sampled every \(NumberText.grouped(every)) steps." : ""
        return "Stock of each fruit after each step; step 0 is the opening stock, and a stock holds until the next step. Each fruit has its own dash pattern and marker.\(sampling)"
    }

    // MARK: Markdown

    private func markdown(table: StockTableRows) -> String {
        var out = MarkdownText.figures(figures) + "\n"
        out += MarkdownText.escape(JuiceWords.summary(run)) + "\n\n"
        out += "### Stock after each step\n\n"
        if table.isBounded { out += MarkdownText.escape(boundedNote) + "\n\n" }
        out += "▲/▼ mark a change from the step before; ✗ marks an order that could not be made.\n\n"
        let fruitColumns = Set(3..<(3 + Fruit.allCases.count))
        out += MarkdownText.table(
            headers: ["Step", "Action", "Message"] + fruitHeaders,
            rows: table.rows.map(markdownRow),
            alignRight: fruitColumns.union([0])
        )
        out += "\n### Final stock\n\n"
        out += MarkdownText.table(
            headers: ["Fruit", "Opening", "Final", "Change", "Still needed"],
            rows: Fruit.allCases.map { fruit in
                let change = run.finalStock[fruit] - run.openingStock[fruit]
                return [
                    "\(JuiceWords.fruit(fruit)) (\(fruit.id))",
                    NumberText.grouped(run.openingStock[fruit]),
                    NumberText.grouped(run.finalStock[fruit]),
                    change == 0 ? "0" : JuiceWords.delta(change),
                    NumberText.grouped(run.shortfall[fruit]),
                ]
            },
            alignRight: [1, 2, 3, 4]
        )
        out += "\n" + MarkdownText.escape(JuiceWords.shortfallNote) + "\n"
        out += "\n### Juices\n\n"
        out += MarkdownText.table(
            headers: ["Juice", "Recipe", "Served", "Failed", "Can still make"],
            rows: run.juices.map { tally in
                [
                    "\(tally.recipe.name) (\(tally.recipe.id))",
                    JuiceWords.recipe(tally.recipe),
                    NumberText.grouped(tally.served),
                    NumberText.grouped(tally.failed),
                    NumberText.grouped(tally.canMake),
                ]
            },
            alignRight: [2, 3, 4]
        )
        out += "\n### Stock over time\n\n"
        out += "![Stock over time](\(chartName))\n\n"
        out += MarkdownText.escape(chartCaption) + "\n\n"
        out += "Download: [CSV, every step](\(csvName)) · [JSON](\(jsonName)) · [SVG chart](\(chartName))\n"
        return out
    }

    private func markdownRow(_ row: StockTableRows.Row) -> [String] {
        switch row {
        case .opening(let stock):
            return ["0", "Opening stock", ""] + stock.entries.map { NumberText.grouped($0.count) }
        case let .gap(first, last):
            return ["…", "…", "Steps \(NumberText.grouped(first))–\(NumberText.grouped(last)) not shown (see the CSV or JSON)"]
                + Fruit.allCases.map { _ in "…" }
        case let .step(step, before):
            var message = step.juice == nil ? "" : (step.ok ? "✓ " : "✗ ")
            message += step.message
            if !step.shortages.isEmpty { message += " (\(JuiceWords.shortages(step.shortages)))" }
            return [NumberText.grouped(step.number), JuiceWords.action(step.action), message]
                + step.stock.entries.map { entry in
                    let change = entry.count - before[entry.fruit]
                    return NumberText.grouped(entry.count) + (change == 0 ? "" : " " + JuiceWords.delta(change))
                }
        }
    }
}
