import BankSimulation
import Basics
import Charts
import ReportKit

/// A block with `sweep:` as a report document (SPEC §5.1): it opens with the answer — one sentence
/// and one tile — then the comparison: the deciding figures per value (the swept service's
/// service level, mean wait and utilisation; columns that never change are named once in the
/// caption instead), how they change from one value to the next with paired intervals, a chart of
/// the mean wait against the value beside Erlang C, and every figure per value one tap away; then
/// the first value's day in full, with the sweep's CSV and JSON beside the day's downloads.
enum BankSweepDocument {
    /// The dashboard card: the answer's tile when the sweep has a target, the deciding group's mean
    /// wait (the target's, else the swept service's) from the first value to the last and how many
    /// values; the sparkline is that mean wait per value.
    static func card(_ sweep: Sweep, answer: BankSweepAnswerText) -> ReportCard {
        let focus = focus(sweep)
        let choice = choiceText(sweep)
        let waits = sweep.points.map { groupEstimate($0, focus)?.meanWait.mean ?? .nan }
        let setting = BankTarget.name(sweep.setting, services: sweep.services)
        var figures: [ReportCard.Figure] = []
        if let choice {
            // With costs, the cheapest value and what it costs lead, as on a grid's card.
            figures = choice.tiles.enumerated().map { index, tile in
                ReportCard.Figure(key: "answer-\(index + 1)", label: tile.label, value: tile.value)
            }
        } else if let tile = answer.tile {
            figures.append(ReportCard.Figure(key: "answer", label: tile.label, value: tile.value))
        }
        let clock = clock(sweep)
        let wait = clock.scale == .seconds
            ? BankLabel.cardSweepWait.text(NumberText.fixed(waits.first ?? 0, places: 2), NumberText.fixed(waits.last ?? 0, places: 2))
            : BankLabel.cardSweepWaitMinutes.text(clock.unit.bare(waits.first ?? 0), clock.unit.bare(waits.last ?? 0))
        if choice == nil { figures += [
            ReportCard.Figure(key: "mean-wait", label: BankLabel.sweepChartTitle.text(focusName(sweep)), value: wait),
            ReportCard.Figure(key: "values", label: BankLabel.cardSweepValues.text(setting), value: NumberText.grouped(sweep.points.count)),
        ] }
        let trend = waits.count > 1 && waits.allSatisfy(\.isFinite)
            ? ReportCard.Trend(label: BankLabel.cardSweepTrend.text(setting), values: waits) : nil
        return ReportCard(figures: figures, trend: trend)
    }

    static func make(_ sweep: Sweep, first run: BankRun, id: String) throws -> ReportDocument {
        let day = try BankDocument.make(run, id: id)
        let first = sweep.points.first.map { BankTarget.value($0.value, setting: sweep.setting, services: sweep.services, clock: clock(sweep)) } ?? ""
        let answer = BankSweepAnswerText(sweep)
        var body = opening(sweep, answer: answer)
        body += [.heading(BankLabel.sweepHeading.text)] + comparison(sweep)
        if let chart = chart(sweep, id: id) {
            body.append(.chart(Chart(
                file: "\(id)-sweep.svg", svg: chart.inline, standalone: chart.file, alt: BankLabel.sweepChartTitle.text(focusName(sweep)),
                caption: BankLabel.sweepChartCaption.text(focusName(sweep)))))
        }
        body.append(details(sweep))
        body += notes(sweep)
        body.append(.downloads([
            Download(BankLabel.sweepCSV.text, file: "\(id)-sweep.csv"), Download(BankLabel.sweepJSON.text, file: "\(id)-sweep.json"),
        ]))
        body.append(.heading(BankLabel.sweepFirstHeading.text(first)))
        body += day.body
        return ReportDocument(
            kind: "bank", id: id,
            title: title(sweep),
            body: body,
            headlines: choiceText(sweep)?.headlines ?? answer.headlines,
            card: card(sweep, answer: answer),
            files: [
                ReportFile(name: "\(id)-sweep.csv", text: BankSweepOutput.csv(sweep)),
                ReportFile(name: "\(id)-sweep.json", text: try BankSweepJSON(sweep).text()),
            ] + day.files
        )
    }

    /// The comparison alone, for the command line: the answer, what was run, the tables and notes.
    static func comparison(_ sweep: Sweep, id: String) -> ReportDocument {
        ReportDocument(
            kind: "bank", id: id, title: title(sweep),
            body: opening(sweep, answer: BankSweepAnswerText(sweep)) + comparison(sweep) + [details(sweep)] + notes(sweep))
    }

    /// How the sweep's day writes its times (``BankClock``).
    static func clock(_ sweep: Sweep) -> BankClock {
        sweep.points.first.map { BankClock($0.scenario) } ?? BankClock(nil)
    }

    /// The value at `index` under the setting's header: `3`, `5` (minutes).
    static func value(_ sweep: Sweep, _ index: Int) -> String {
        BankTarget.number(sweep.points[index].value, setting: sweep.setting, clock: clock(sweep))
    }

    /// `Bank sweep: 9 values of the arrival rate`: the setting in the interface's words, never its YAML key.
    static func title(_ sweep: Sweep) -> String {
        BankLabel.sweepTitle.text(BankTarget.name(sweep.setting, services: sweep.services), String(sweep.points.count))
    }

    /// With costs, the opening a grid has (``BankChoiceText``): the cheapest value (among those
    /// that meet the target), its cost, the saving against the next-best and who gives up; nil
    /// without costs.
    static func choiceText(_ sweep: Sweep) -> BankChoiceText? {
        guard sweep.points.first?.scenario.cost != nil, let choice = SweepChoice(sweep.points, settings: [sweep.setting]) else { return nil }
        return BankChoiceText(sweep.points, settings: [sweep.setting], choice: choice)
    }

    /// The answer's sentences and tiles — with costs the cheapest value, else the target's answer —
    /// then what was run.
    static func opening(_ sweep: Sweep, answer: BankSweepAnswerText) -> [ReportNode] {
        var nodes: [ReportNode] = []
        if let choice = choiceText(sweep) {
            nodes.append(.paragraph(Paragraph(choice.sentence, className: "answer", isStrong: true)))
            if !choice.detail.isEmpty { nodes.append(.paragraph(Paragraph(choice.detail, className: "answer-detail"))) }
            nodes.append(.figures(choice.tiles))
            let axis = SweepAxis(setting: sweep.setting, values: sweep.points.map(\.value))
            nodes += BankEdgeNotes.paragraphs(sweep.points, axes: [axis], services: sweep.services, of: .sweep)
            nodes.append(intro(sweep))
            return nodes
        }
        if !answer.sentence.isEmpty { nodes.append(.paragraph(Paragraph(answer.sentence, className: "answer", isStrong: true))) }
        if !answer.detail.isEmpty { nodes.append(.paragraph(Paragraph(answer.detail, className: "answer-detail"))) }
        if let tile = answer.tile { nodes.append(.figures([tile])) }
        nodes.append(intro(sweep))
        return nodes
    }

    /// What was run: the values, the seed and the days per value.
    static func intro(_ sweep: Sweep) -> ReportNode {
        let counts = sweep.points.map(\.days.count)
        let days: String
        if let low = counts.min(), let high = counts.max(), low != high {
            days = BankLabel.sweepDaysVarying.text(String(low), String(high))
        } else {
            let replications = counts.first ?? 1
            days = replications > 1 ? BankLabel.sweepDaysMany.text(String(replications)) : BankLabel.sweepDaysOne.text
        }
        return .paragraph(Paragraph(BankLabel.sweepIntro.text(
            BankTarget.name(sweep.setting, services: sweep.services), String(sweep.points.count), String(sweep.seed), days)))
    }

    // MARK: The comparison

    /// The group whose figures decide: the target's, else the swept service's, else everyone (nil).
    static func focus(_ sweep: Sweep) -> Int? {
        guard let target = sweep.points.first?.scenario.target else { return sweep.sweptService }
        return target.service
    }

    /// `대출 customers` or `all customers`.
    static func focusName(_ sweep: Sweep) -> String {
        BankTarget.scope(focus(sweep), services: sweep.services)
    }

    /// The deciding table and the paired differences.
    static func comparison(_ sweep: Sweep) -> [ReportNode] {
        var nodes: [ReportNode] = [.table(decisionTable(sweep))]
        let figure = sweep.comparedFigure
        let differences = sweep.neighbourDifferences(figure)
        if !differences.isEmpty && sweep.points.allSatisfy({ $0.days.count > 1 }) {
            let unit: FigureUnit = if case .serviceLevel = figure { .share } else { clock(sweep).unit }
            let name = sweep.answer == nil ? BankLabel.meanWaitOf.text(focusName(sweep)) : BankTarget.decidingName(sweep.points[0].scenario)
            let rows = differences.map { difference -> [Table.Cell] in
                var change: [Inline] = [.text(unit.change(difference.change.mean))]
                if let interval = difference.change.interval, interval.lowerBound != interval.upperBound {
                    change += [.lineBreak, .styled([.text("(\(unit.changeRange(interval)))")], className: "ci")]
                }
                return [
                    Table.Cell("\(value(sweep, difference.from)) → \(value(sweep, difference.to))"),
                    Table.Cell(change),
                ]
            }
            nodes += [
                .heading(BankLabel.sweepDifferenceHeading.text),
                .table(Table(
                    caption: BankLabel.sweepDifferenceCaption.text(name),
                    columns: [.init(BankLabel.fromToColumn.text), .init(BankLabel.changeColumn.text, .number)],
                    rows: rows, className: "differences")),
            ]
        }
        return nodes
    }

    /// One row per value with the figures a decision rests on: the focus group's service level
    /// and mean wait (the target's figure marked ✓ or ✗), and the utilisation of the swept
    /// service (of every service when the setting loads them all).
    static func decisionTable(_ sweep: Sweep) -> Table {
        let services = sweep.services
        let focus = focus(sweep)
        let target = sweep.points.first?.scenario.target
        let clock = clock(sweep)
        let threshold = clock.threshold(sweep.points.first?.scenario.serviceLevelThreshold ?? 1)
        let scope = focus.map { services[$0].name }
        func named(_ label: String) -> String { scope.map { BankLabel.ofService.text(label, $0) } ?? label }
        var columns: [Column] = [
            Column(header: BankLabel.serviceLevelRow.text(threshold).withScope(scope), unit: .share) { point in
                groupEstimate(point, focus)?.serviceLevel
            },
            Column(header: named(BankLabel.meanWaitMeasure.text(clock.unitName)), unit: clock.unit) { point in groupEstimate(point, focus)?.meanWait },
        ]
        if case .meanWait = target?.measure { columns.swapAt(0, 1) }
        if let cost = sweep.points.first?.scenario.cost {
            // With costs, what each value costs a day (★ on the cheapest) and who gives up.
            columns.append(Column(header: BankLabel.costFigure.text(BankMoney.unit(cost.currency)), unit: .count, currency: cost.currency) { $0.cost })
            if sweep.points.first?.scenario.hasPatience == true {
                columns.append(Column(header: BankLabel.gaveUpColumn.text, unit: .count) { $0.gaveUp })
            }
        }
        let staffed = sweep.sweptService.map { [$0] } ?? focus.map { [$0] } ?? Array(services.indices)
        columns += staffed.map { index in
            Column(header: BankLabel.utilisationOfTeller.text(services[index].name), unit: .share, showsInterval: false) { point in
                point.utilization(index)
            }
        }
        // The first column shows the target's figure (of its group, the focus) and carries ✓/✗.
        return table(
            sweep, columns: columns, caption: { days, same in BankLabel.sweepDecisionCaption.text(days, same) },
            className: "sweep decision", mark: target)
    }

    /// One column of a per-value table: its header and its estimate at each point.
    struct Column {
        let header: String
        let unit: FigureUnit
        var showsInterval = true
        /// Money in this currency (the cheapest value's cell carries ★) instead of `unit`.
        var currency: String?
        let estimate: (SweepPoint) -> Estimate?

        init(
            header: String, unit: FigureUnit, showsInterval: Bool = true, currency: String? = nil,
            estimate: @escaping (SweepPoint) -> Estimate?
        ) {
            self.header = header
            self.unit = unit
            self.showsInterval = showsInterval
            self.currency = currency
            self.estimate = estimate
        }
    }

    /// The estimates of a group at a point: one service's or everyone's.
    static func groupEstimate(_ point: SweepPoint, _ service: Int?) -> WaitEstimates? {
        service.map { point.statistics.service($0) } ?? point.statistics.overall
    }

    /// A per-value table from `columns`, without the columns that print the same at every value
    /// (named once in the caption instead); the first column (or `mark`'s) carries ✓/✗.
    static func table(
        _ sweep: Sweep, columns: [Column], caption: (String, String) -> String, className: String, mark: WaitTarget? = nil
    ) -> Table {
        let points = sweep.points
        let cheapest = points.first?.scenario.cost == nil ? nil : SweepChoice(points, settings: [sweep.setting])?.best
        var kept: [(column: Column, cells: [Table.Cell])] = []
        var same: [String] = []
        for (position, column) in columns.enumerated() {
            let estimates = points.map(column.estimate)
            let texts = estimates.map { estimate -> String in
                guard let estimate else { return "—" }
                return column.currency.map { BankMoney.bare(estimate.mean, currency: $0) } ?? column.unit.bare(estimate.mean)
            }
            if points.count > 1, Set(texts).count == 1, !(position == 0 && mark != nil) {
                same.append("\(column.header) \(texts[0])")
                continue
            }
            let cells = estimates.enumerated().map { row, estimate -> Table.Cell in
                guard let estimate else { return Table.Cell("—") }
                if let currency = column.currency {
                    let best = row == cheapest
                    let mark: [Inline] = best
                        ? [.text(" "), .decoration(BankLabel.bestMark.text, className: "best-mark"), .spoken(BankLabel.bestSpoken.text)] : []
                    return BankMoney.cell(estimate, currency: currency, mark: mark, classes: best ? ["best"] : [])
                }
                var marks: [Inline] = []
                if position == 0, let mark {
                    let met = mark.isMet(by: estimate.mean)
                    marks = [
                        .text(" "), .decoration((met ? BankLabel.meetsMark : .missesMark).text, className: met ? "meets" : "misses"),
                        .spoken((met ? BankLabel.meetsSpoken : .missesSpoken).text),
                    ]
                }
                let shown = column.showsInterval ? estimate : Estimate(values: [estimate.mean])
                return column.unit.cell(shown, mark: marks)
            }
            kept.append((column, cells))
        }
        let header = Table.Column(BankTarget.header(sweep.setting, services: sweep.services, clock: clock(sweep)), .number)
        let rows = points.indices.map { index in
            [Table.Cell(value(sweep, index))] + kept.map { $0.cells[index] }
        }
        return Table(
            caption: caption(daysPhrase(sweep), same.isEmpty ? "" : BankLabel.sameForEvery.text(same.joined(separator: "; "))),
            columns: [header] + kept.map { Table.Column($0.column.header, .number) },
            rows: rows, className: className)
    }

    /// `: means of 10 days with their 95% intervals`, or nothing for one day per value.
    static func daysPhrase(_ sweep: Sweep) -> String {
        let counts = sweep.points.map(\.days.count)
        guard let low = counts.min(), let high = counts.max(), high > 1 else { return "" }
        return low == high ? BankLabel.sweepMeansOf.text(String(low)) : BankLabel.sweepDaysPerValue.text(String(low), String(high))
    }

    /// Every figure per value, collapsed: a table per service and one for everyone (waits beside
    /// Erlang C), then customers and times of day.
    static func details(_ sweep: Sweep) -> ReportNode {
        let services = sweep.services
        let clock = clock(sweep)
        let time = clock.unit, unit = clock.unitName
        let threshold = clock.threshold(sweep.points.first?.scenario.serviceLevelThreshold ?? 1)
        var tables: [ReportNode] = []
        for group in Array(services.indices).map(Optional.some) + [nil] {
            guard sweep.points.contains(where: { groupEstimate($0, group) != nil }) else { continue }
            let name = group.map { services[$0].name } ?? BankLabel.everyoneColumn.text
            func erlang(
                _ value: @escaping (ErlangC.Prediction) -> Double?, unit: FigureUnit, _ overall: ((ErlangOverall) -> Double?)?
            ) -> (SweepPoint) -> Estimate? {
                { point in
                    let predictions = point.erlangC
                    if let group {
                        // A line without a steady state (ρ ≥ 1): its waits grow without bound (∞), its share within T to 0%.
                        return predictions.first { $0.service == group }.map { Estimate(values: [value($0) ?? unit.withoutSteadyState]) }
                    }
                    return overall?(ErlangOverall(predictions: predictions, services: services.count)).map { Estimate(values: [$0]) }
                }
            }
            let hasErlang = sweep.points.contains { point in
                group.map { index in point.erlangC.contains { $0.service == index } } ?? (point.erlangC.count == services.count)
            }
            var columns = [Column(header: BankLabel.meanWaitMeasure.text(unit), unit: time) { groupEstimate($0, group)?.meanWait }]
            if hasErlang {
                columns.append(Column(header: BankLabel.erlangRow.text(BankLabel.meanWaitMeasure.text(unit)), unit: time,
                                      estimate: erlang(\.meanWait, unit: time) { $0.mean(\.meanWait) }))
            }
            let level = BankLabel.serviceLevelRow.text(threshold)
            columns.append(Column(header: level, unit: .share) { groupEstimate($0, group)?.serviceLevel })
            if hasErlang {
                columns.append(Column(header: BankLabel.erlangRow.text(level), unit: .share,
                                      estimate: erlang(\.serviceLevel, unit: .share) { $0.mean(\.serviceLevel) }))
            }
            for (index, percent) in WaitFigures.percentiles.enumerated() {
                let label = BankLabel.percentileRow.text(String(percent), unit)
                columns.append(Column(header: label, unit: time) { groupEstimate($0, group)?.percentileWaits[index] })
                if hasErlang && group != nil {
                    columns.append(Column(header: BankLabel.erlangRow.text(label), unit: time,
                                          estimate: erlang({ $0.percentileWaits?[index] }, unit: time, nil)))
                }
            }
            columns.append(Column(header: BankLabel.maxWaitMeasure.text(unit), unit: time) { groupEstimate($0, group)?.maxWait })
            if let group {
                columns.append(Column(header: BankLabel.utilisationRow.text, unit: .share) { $0.utilization(group) })
            }
            var table = table(sweep, columns: columns, caption: { days, same in BankLabel.sweepGroupCaption.text(name, days + same, clock.timesNote) },
                              className: "sweep")
            markSteadyState(&table, sweep: sweep, group: group, columns: columns)
            // A group no value changes is said in its caption alone.
            tables.append(table.columns.count > 1 ? .table(table) : .paragraph(Paragraph(table.caption + ".")))
        }
        let dayColumns = [
            Column(header: BankLabel.customersMeasure.text, unit: .count, showsInterval: false) { $0.customers },
            Column(header: BankLabel.businessTimeMeasure.text(unit), unit: time) { $0.businessTime },
            clock.hours.map { hours in Column(header: BankLabel.closingTime.text, unit: .clock(open: hours.open)) { $0.closingTime } }
                ?? Column(header: BankLabel.totalTimeMeasure.text(unit), unit: time) { $0.closingTime },
        ]
        tables.append(.table(table(
            sweep, columns: dayColumns, caption: { days, same in BankLabel.sweepDayCaption.text(days + same, clock.timesNote) }, className: "sweep")))
        return .collapsible(Collapsible(summary: BankLabel.sweepDetailsSummary.text, className: "sweep-details", body: tables))
    }

    /// Marks † on the Erlang C cells of points whose days its steady state does not describe.
    static func markSteadyState(_ table: inout Table, sweep: Sweep, group: Int?, columns: [Column]) {
        let erlangHeaders = Set(columns.map(\.header).filter { $0.hasSuffix(BankLabel.erlangRow.text("")) })
        for (column, header) in table.columns.enumerated() where erlangHeaders.contains(header.header) {
            for (row, point) in sweep.points.enumerated() {
                let failing = point.erlangC.filter { prediction in
                    (group == nil || prediction.service == group) && !prediction.steadyState.applies
                }
                guard !failing.isEmpty, table.rows[row][column].content != [.text("—")] else { continue }
                table.rows[row][column].content += [
                    .decoration(BankLabel.steadyMark.text, className: "mark"), .spoken(BankLabel.steadyMarkSpoken.text),
                ]
            }
        }
    }

    /// The notes under the comparison: Erlang C, and where its steady state does not apply.
    static func notes(_ sweep: Sweep) -> [ReportNode] {
        var notes: [ReportNode] = []
        if sweep.points.contains(where: { !$0.erlangC.isEmpty }) {
            var text = BankLabel.sweepErlangNote.text
            if sweep.points.contains(where: { $0.erlangC.contains { !$0.steadyState.applies } }) {
                text += " " + BankLabel.sweepSteadyNote.text + " " + BankLabel.steadyRule.text
            }
            notes.append(.paragraph(Paragraph(text, className: "note")))
        }
        if let cost = sweep.points.first?.scenario.cost {
            notes.append(.paragraph(Paragraph(BankCostText.note(cost, services: sweep.services), className: "note")))
        }
        return notes
    }

    /// A count, grouped when whole (`10,000`; a mean over days may have decimals).
    static func customers(_ mean: Double) -> String {
        mean == mean.rounded() && abs(mean) < 1e15 ? NumberText.grouped(Int(mean)) : NumberText.groupedFixed(mean, places: 1)
    }

    /// Mean wait of the focus group against the value, the values evenly spaced in the order
    /// given: the simulation with its 95% interval as a band, and Erlang C where it applies. Nil
    /// with fewer than two values.
    static func chart(_ sweep: Sweep, id: String) -> (inline: String, file: String)? {
        guard sweep.points.count >= 2 else { return nil }
        let points = sweep.points
        let focus = focus(sweep)
        let clock = clock(sweep)
        // Drawn in the day's unit: seconds, or minutes on a branch's day.
        let per = clock.scale.seconds
        let waits = points.map { groupEstimate($0, focus)?.meanWait }
        let intervals = waits.compactMap { $0?.interval }.map { ($0.lowerBound / per)...($0.upperBound / per) }
        let simulated = points.indices.compactMap { index in waits[index].map { LineChart.Point(x: Double(index), y: $0.mean / per) } }
        var series = [LineChart.Series(
            name: BankLabel.sweepSimulatedSeries.text, color: LineChart.color(0), points: simulated,
            interval: intervals.count == simulated.count && simulated.count == points.count ? intervals : [],
            intervalName: BankLabel.sweepIntervalSeries.text)]
        let erlang = points.indices.compactMap { index -> LineChart.Point? in
            let predictions = points[index].erlangC
            let value: Double? = focus.map { service in predictions.first { $0.service == service }?.meanWait ?? nil }
                ?? ErlangOverall(predictions: predictions, services: sweep.services.count).mean(\.meanWait)
            return value.map { LineChart.Point(x: Double(index), y: $0 / per) }
        }
        if !erlang.isEmpty {
            series.append(LineChart.Series(name: BankLabel.sweepErlangSeries.text, color: LineChart.color(1), points: erlang))
        }
        let means = waits.map { $0?.mean ?? 0 }
        let name = focusName(sweep)
        let setting = BankTarget.header(sweep.setting, services: sweep.services, clock: clock)
        return LineChart(
            title: BankLabel.sweepChartTitle.text(name),
            description: BankLabel.sweepChartDescription.text(
                name, setting, value(sweep, 0), value(sweep, points.count - 1),
                clock.scale == .seconds ? BankLabel.seconds.text(NumberText.fixed(means.first ?? 0, places: 2)) : clock.unit.text(means.first ?? 0),
                clock.scale == .seconds ? BankLabel.seconds.text(NumberText.fixed(means.last ?? 0, places: 2)) : clock.unit.text(means.last ?? 0)),
            xLabel: setting,
            yLabel: BankLabel.waitAxis.text(clock.unitName),
            series: series,
            idPrefix: "\(id)-sweep",
            xCategories: points.indices.map { value(sweep, $0) },
            yValueText: { clock.scale == .seconds ? BankFormat.secondsText($0) : clock.unit.text($0 * per) }
        ).drawing()
    }
}

extension String {
    /// A header with its group: `Waited at most 2 s, 대출`; unchanged for everyone.
    func withScope(_ scope: String?) -> String {
        scope.map { BankLabel.ofService.text(self, $0) } ?? self
    }

}
