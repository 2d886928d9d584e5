import BankSimulation
import Basics
import Charts
import ReportKit

/// A block whose `sweep:` names two settings, as a report document: it opens with the best cell
/// (with costs, the cheapest; ``BankChoiceText``), then the grid — a table with one row per value
/// of the first setting and one column per value of the second, each cell the deciding figure
/// (the cost a day with costs, else the target's figure, else everyone's mean wait) with the best
/// one marked, drawn first as a heat map — every figure per cell one tap away, the grid's CSV and
/// JSON, and the first cell's day in full. A best cell on the grid's edge, where a value beyond it
/// might be better, gets a warning under the answer.
enum BankGridDocument {
    static func make(_ grid: SweepGrid, first run: BankRun, id: String) throws -> ReportDocument {
        let day = try BankDocument.make(run, id: id)
        var body = opening(grid)
        body.append(heatMap(grid, id: id))
        body += [.heading(BankLabel.sweepHeading.text), .table(table(grid)), details(grid)]
        body += notes(grid)
        body.append(.downloads([
            Download(BankLabel.gridCSV.text, file: "\(id)-grid.csv"), Download(BankLabel.gridJSON.text, file: "\(id)-grid.json"),
        ]))
        body.append(.heading(BankLabel.gridFirstHeading.text(
            BankChoiceText.name(grid.cells[0], settings: settings(grid), services: grid.services))))
        body += day.body
        let text = answer(grid)
        return ReportDocument(
            kind: "bank", id: id, title: title(grid), body: body, headlines: text?.headlines ?? [],
            card: ReportCard(figures: (text?.tiles ?? []).enumerated().map { index, tile in
                ReportCard.Figure(key: "answer-\(index + 1)", label: tile.label, value: tile.value)
            }),
            files: [
                ReportFile(name: "\(id)-grid.csv", text: BankGridOutput.csv(grid)),
                ReportFile(name: "\(id)-grid.json", text: try BankGridJSON(grid).text()),
            ] + day.files)
    }

    /// The grid alone, for the command line: the answer, what was run, the table, details and notes.
    static func comparison(_ grid: SweepGrid, id: String) -> ReportDocument {
        ReportDocument(kind: "bank", id: id, title: title(grid), body: opening(grid) + [.table(table(grid)), details(grid)] + notes(grid))
    }

    static func settings(_ grid: SweepGrid) -> [SweepSetting] { [grid.rows.setting, grid.columns.setting] }

    static func answer(_ grid: SweepGrid) -> BankChoiceText? {
        SweepChoice(grid.cells, settings: settings(grid)).map { BankChoiceText(grid.cells, settings: settings(grid), choice: $0) }
    }

    /// `Bank grid: the number of 예금 tellers × the number of 대출 tellers, 9 cells`.
    static func title(_ grid: SweepGrid) -> String {
        BankLabel.gridTitle.text(
            BankTarget.name(grid.rows.setting, services: grid.services), BankTarget.name(grid.columns.setting, services: grid.services),
            String(grid.cells.count))
    }

    /// The answer's sentences and tiles, then what was run.
    static func opening(_ grid: SweepGrid) -> [ReportNode] {
        var nodes: [ReportNode] = []
        if let text = answer(grid) {
            nodes.append(.paragraph(Paragraph(text.sentence, className: "answer", isStrong: true)))
            if !text.detail.isEmpty { nodes.append(.paragraph(Paragraph(text.detail, className: "answer-detail"))) }
            nodes.append(.figures(text.tiles))
        }
        nodes += BankEdgeNotes.paragraphs(grid.cells, axes: [grid.rows, grid.columns], services: grid.services, of: .grid)
        let services = grid.services
        let clock = BankClock(grid.cells[0].scenario)
        func values(_ axis: SweepAxis) -> String {
            axis.values.map { BankTarget.number($0, setting: axis.setting, clock: clock) }.joined(separator: ", ")
        }
        nodes.append(.paragraph(Paragraph(BankLabel.gridIntro.text(
            BankTarget.name(grid.rows.setting, services: services), values(grid.rows),
            BankTarget.name(grid.columns.setting, services: services), values(grid.columns), String(grid.seed), daysText(grid)))))
        return nodes
    }

    static func daysText(_ grid: SweepGrid) -> String {
        let counts = grid.cells.map(\.days.count)
        if let low = counts.min(), let high = counts.max(), low != high {
            return BankLabel.gridDaysVarying.text(String(low), String(high))
        }
        let days = counts.first ?? 1
        return days > 1 ? BankLabel.gridDaysMany.text(String(days)) : BankLabel.gridDaysOne.text
    }

    /// The figure the grid is decided by, its name, and a cell of it.
    struct Decider {
        let name: String
        let cell: (SweepPoint, [Inline], [String]) -> Table.Cell
        let value: (SweepPoint) -> Double?
        let text: @Sendable (Double) -> String
    }

    static func decider(_ grid: SweepGrid) -> Decider {
        let scenario = grid.cells[0].scenario
        if let cost = scenario.cost {
            return Decider(
                name: BankLabel.costFigure.text(BankMoney.unit(cost.currency)),
                cell: { point, mark, classes in
                    point.cost.map { BankMoney.cell($0, currency: cost.currency, mark: mark, classes: classes) } ?? Table.Cell("—", classes: classes)
                },
                value: { $0.cost?.mean }, text: { [currency = cost.currency] in BankMoney.text($0, currency: currency) })
        }
        let unit: FigureUnit = scenario.target.map { BankTarget.unit($0, scale: scenario.timeScale) } ?? .time(scenario.timeScale)
        func estimate(_ point: SweepPoint) -> Estimate? {
            scenario.target.map { $0.figure(of: point) } ?? point.statistics.overall?.meanWait
        }
        return Decider(
            name: BankTarget.decidingName(scenario),
            cell: { point, mark, classes in
                guard let figure = estimate(point) else { return Table.Cell("—", classes: classes) }
                var cell = unit.cell(figure, mark: mark)
                cell.classes = classes
                return cell
            },
            value: { estimate($0)?.mean }, text: { unit.text($0) })
    }

    /// The deciding figure per cell as a heat map (``HeatMap``): the best cell starred and
    /// outlined, cells that miss the target crossed, in a box that scrolls sideways when the grid
    /// is wider than the screen.
    static func heatMap(_ grid: SweepGrid, id: String) -> ReportNode {
        let services = grid.services
        let decider = decider(grid)
        let target = grid.cells[0].scenario.target
        let best = SweepChoice(grid.cells, settings: settings(grid))?.best
        let cells = grid.cells.map { point -> HeatMap.Cell in
            let value = decider.value(point)
            let misses = target.flatMap { target in target.figure(of: point).map { !target.isMet(by: $0.mean) } } ?? false
            return HeatMap.Cell(value: value, text: value.map(decider.text) ?? "—", missesTarget: misses)
        }
        let clock = BankClock(grid.cells[0].scenario)
        let rowHeader = BankTarget.header(grid.rows.setting, services: services, clock: clock)
        let columnHeader = BankTarget.header(grid.columns.setting, services: services, clock: clock)
        func numbers(_ axis: SweepAxis) -> [String] { axis.values.map { BankTarget.number($0, setting: axis.setting, clock: clock) } }
        func values(_ axis: SweepAxis) -> String { numbers(axis).joined(separator: ", ") }
        let finite = cells.compactMap(\.value).filter(\.isFinite)
        let missing = cells.filter(\.missesTarget).count
        let description = BankLabel.heatDescription.text(
            decider.name, String(grid.rows.values.count), rowHeader, values(grid.rows),
            String(grid.columns.values.count), columnHeader, values(grid.columns),
            finite.min().map(decider.text) ?? "—", finite.max().map(decider.text) ?? "—",
            best.map { BankChoiceText.name(grid.cells[$0], settings: settings(grid), services: services) } ?? "—",
            missing > 0 ? BankLabel.heatDescriptionMisses.text(String(missing), String(cells.count)) : "")
        let title = capitalized(BankLabel.heatTitle.text(decider.name))
        let map = HeatMap(
            title: title, description: capitalized(description),
            rowTitle: rowHeader, columnTitle: columnHeader,
            rows: numbers(grid.rows), columns: numbers(grid.columns),
            cells: cells, best: best, legendTitle: capitalized(decider.name), legendLabel: decider.text,
            bestName: BankLabel.heatBest.text, missName: BankLabel.heatMisses.text, idPrefix: "\(id)-heat")
        return .chart(Chart(
            file: "\(id)-heat.svg", svg: map.svg(), alt: title,
            caption: capitalized(BankLabel.heatCaption.text(decider.name, missing > 0 ? BankLabel.heatCaptionMisses.text : "")),
            classes: ["heat-map"], scrolls: true, scrollHint: BankLabel.heatScrollHint.text))
    }

    /// `text` with its first letter upper-case, for a figure's name that opens a sentence or a label.
    static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// The grid as a table: rows the first setting's values, columns the second's, each cell the
    /// deciding figure; ✓ or ✗ against the target, ★ on the best cell (with words for screen readers).
    static func table(_ grid: SweepGrid) -> Table {
        let services = grid.services
        let decider = decider(grid)
        let best = SweepChoice(grid.cells, settings: settings(grid))?.best
        let target = grid.cells[0].scenario.target
        let clock = BankClock(grid.cells[0].scenario)
        let rows = grid.rows.values.indices.map { row -> [Table.Cell] in
            [Table.Cell(BankTarget.number(grid.rows.values[row], setting: grid.rows.setting, clock: clock))] + grid.columns.values.indices.map { column in
                let index = row * grid.columns.values.count + column
                let point = grid.cells[index]
                var marks: [Inline] = []
                if let target, let figure = target.figure(of: point) {
                    let met = target.isMet(by: figure.mean)
                    marks += [
                        .text(" "), .decoration((met ? BankLabel.meetsMark : .missesMark).text, className: met ? "meets" : "misses"),
                        .spoken((met ? BankLabel.meetsSpoken : .missesSpoken).text),
                    ]
                }
                if index == best {
                    marks += [.text(" "), .decoration(BankLabel.bestMark.text, className: "best-mark"), .spoken(BankLabel.bestSpoken.text)]
                }
                return decider.cell(point, marks, index == best ? ["best"] : [])
            }
        }
        let rowHeader = BankTarget.header(grid.rows.setting, services: services, clock: clock)
        let columnHeader = BankTarget.header(grid.columns.setting, services: services, clock: clock)
        let days = daysPhrase(grid)
        return Table(
            caption: capitalized(BankLabel.gridTableCaption.text(decider.name, rowHeader, columnHeader, days)),
            columns: [Table.Column(BankLabel.gridCorner.text(rowHeader, columnHeader), .number)]
                + grid.columns.values.map { Table.Column(BankTarget.number($0, setting: grid.columns.setting, clock: clock), .number) },
            rows: rows, className: "sweep grid")
    }

    /// `: means of 10 days with their 95% intervals`, or nothing for one day per cell.
    static func daysPhrase(_ grid: SweepGrid) -> String {
        let counts = grid.cells.map(\.days.count)
        guard let low = counts.min(), let high = counts.max(), high > 1 else { return "" }
        return low == high ? BankLabel.sweepMeansOf.text(String(low)) : BankLabel.sweepDaysPerValue.text(String(low), String(high))
    }

    /// Every cell's figures, collapsed: one row per cell with its two values, its costs (with
    /// costs), everyone's mean wait and service level, who gave up, and each service's utilisation.
    static func details(_ grid: SweepGrid) -> ReportNode {
        let services = grid.services
        let scenario = grid.cells[0].scenario
        let clock = BankClock(scenario)
        let threshold = clock.threshold(scenario.serviceLevelThreshold)
        var columns: [(header: String, cell: (SweepPoint) -> Table.Cell)] = []
        func estimate(_ unit: FigureUnit, _ value: @escaping (SweepPoint) -> Estimate?) -> (SweepPoint) -> Table.Cell {
            { point in value(point).map { unit.cell($0) } ?? Table.Cell("—") }
        }
        if let cost = scenario.cost {
            func money(_ value: @escaping (SweepPoint) -> Estimate?) -> (SweepPoint) -> Table.Cell {
                { point in value(point).map { BankMoney.cell($0, currency: cost.currency) } ?? Table.Cell("—") }
            }
            columns += [
                (BankLabel.costFigure.text(BankMoney.unit(cost.currency)), money(\.cost)),
                (BankLabel.tellerCostColumn.text, money { $0.cost(\.tellers) }),
                (BankLabel.waitingCostColumn.text, money { $0.cost(\.waiting) }),
            ]
            if cost.abandonment > 0 { columns.append((BankLabel.abandonCostColumn.text, money { $0.cost(\.abandonment) })) }
        }
        columns += [
            (BankLabel.meanWaitMeasure.text(clock.unitName), estimate(clock.unit) { $0.statistics.overall?.meanWait }),
            (BankLabel.serviceLevelRow.text(threshold), estimate(.share) { $0.statistics.overall?.serviceLevel }),
        ]
        if scenario.hasPatience {
            columns.append((BankLabel.gaveUpColumn.text, estimate(.count) { $0.gaveUp }))
        }
        columns += services.indices.map { index in
            (BankLabel.utilisationOfTeller.text(services[index].name), estimate(.share) { $0.utilization(index) })
        }
        let table = Table(
            caption: BankLabel.gridDetailsCaption.text(daysPhrase(grid)),
            columns: [Table.Column(BankTarget.header(grid.rows.setting, services: services, clock: clock), .number),
                      Table.Column(BankTarget.header(grid.columns.setting, services: services, clock: clock), .number)]
                + columns.map { Table.Column($0.header, .number) },
            rows: grid.cells.map { point in
                zip(settings(grid), point.values).map { Table.Cell(BankTarget.number($1, setting: $0, clock: clock)) }
                    + columns.map { $0.cell(point) }
            },
            className: "sweep")
        return .collapsible(Collapsible(summary: BankLabel.gridDetailsSummary.text, className: "sweep-details", body: [.table(table)]))
    }

    /// The note on how costs are counted, when the grid has them.
    static func notes(_ grid: SweepGrid) -> [ReportNode] {
        guard let cost = grid.cells.first?.scenario.cost else { return [] }
        return [.paragraph(Paragraph(BankCostText.note(cost, services: grid.services), className: "note"))]
    }
}

/// How a scenario's costs are said.
enum BankCostText {
    /// `Costs: each service's tellers are paid …; tellers ₩25,000 an hour, waiting ₩15,000 an hour; giving up has no price of its own.`
    static func note(_ cost: StaffingCost, services: [Service]) -> String {
        let tellers = Set(cost.tellerPerHour).count == 1
            ? BankMoney.text(cost.tellerPerHour.first ?? 0, currency: cost.currency)
            : zip(services, cost.tellerPerHour).map { "\($0.name) \(BankMoney.text($1, currency: cost.currency))" }.joined(separator: ", ")
        let prices = BankLabel.costTellersNote.text(tellers, BankMoney.text(cost.waitingPerHour, currency: cost.currency))
        let abandon = cost.abandonment > 0
            ? BankLabel.costNoteAbandon.text(BankMoney.text(cost.abandonment, currency: cost.currency)) : BankLabel.costNoteNoAbandon.text
        return BankLabel.costNote.text("\(prices); \(abandon)")
    }
}
