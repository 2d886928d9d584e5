import BankSimulation
import Basics
import ReportKit

/// A ``BankRun`` as a report document: figures, the closing sentence, the two charts, the tables,
/// the console log and the downloads.
///
/// Large days stay light: the timeline draws the first ~300 customers to start, the chart keeps
/// ~300 points, the table lists the first 200 customers and the log its first 400 lines; the page
/// says so, and the CSV and JSON downloads hold every customer.
enum BankDocument {
    static let tableRowLimit = 200
    static let logLineLimit = 400

    /// The id of customer `number`'s row in the customer table of block `id`, which the
    /// timeline's bars link to (`bank-1-customer-3`).
    static func customerRowID(_ id: String, number: Int) -> String {
        "\(id)-customer-\(number)"
    }

    /// The document of block `id`; `files` false leaves out the CSV and JSON (the console text).
    static func make(_ run: BankRun, id: String, files: Bool = true) throws -> ReportDocument {
        let day = run.day
        let tellers = day.tellers.count
        let clock = BankClock(run.scenario)
        let timeline = BankCharts.timeline(day, id: id, clock: clock)
        let occupancy = BankCharts.occupancy(day, id: id, clock: clock)
        let days = run.replications.days.count
        let closing = DayLog.closingSentence(day)
        let closingText = BankLabel.closing.text(NumberText.grouped(day.servedCustomers), clock.businessTime(day.businessTime))

        var body: [ReportNode] = [
            .paragraph(Paragraph(BankLabel.intro.text(run.arrivalSentence, run.serviceSentences.joined(separator: "; "), String(run.seed)))),
            .paragraph(Paragraph(scope(run), className: "scope")),
            .figures(figures(run, clock: clock)),
            .paragraph(Paragraph(closingText, className: "closing", isStrong: true)),
        ]
        body += BankWaitTables.section(run)
        body += [
            .heading(BankLabel.timelineHeading.text),
            .chart(Chart(
                file: "\(id)-timeline.svg", svg: timeline.svg, alt: BankLabel.timelineHeading.text,
                caption: (timeline.isComplete
                    ? BankLabel.timelineCaption.text
                    : BankLabel.timelineCaptionPartial.text(
                        clock.span(timeline.windowEnd), NumberText.grouped(timeline.shown), NumberText.grouped(day.customers.count)))
                    + (timeline.gaveUp > 0 ? " " + BankLabel.timelineCaptionGaveUp.text : ""),
                classes: ["timeline"], scrolls: true,
                scrollHint: (timeline.isComplete ? BankLabel.timelineScrollHint : .timelineScrollHintPartial).text)),
        ]
        if case .profile(let profile) = run.scenario.arrivals,
           let arrivals = BankCharts.arrivals(day, profile: profile, id: id, clock: clock) {
            body += [
                .heading(BankLabel.arrivalsHeading.text),
                .chart(Chart(
                    file: "\(id)-arrivals.svg", svg: arrivals.svg.inline, standalone: arrivals.svg.file, alt: BankLabel.arrivalsHeading.text,
                    caption: BankLabel.arrivalsCaption.text(BankFormat.duration(arrivals.slice)))),
            ]
        }
        body += [
            .heading(BankLabel.occupancyHeading.text),
            .chart(Chart(
                file: "\(id)-occupancy.svg", svg: occupancy.svg.inline, standalone: occupancy.svg.file, alt: BankLabel.occupancyHeading.text,
                caption: occupancy.isExact
                    ? BankLabel.occupancyCaption.text
                    : BankLabel.occupancyCaptionSliced.text(String(BankCharts.occupancyPointLimit)))),
            .heading(BankLabel.tellersHeading.text),
            .table(Table(
                caption: BankLabel.tellersCaption.text,
                columns: [.init(BankLabel.tellerColumn.text), .init(BankLabel.servedColumn.text, .number),
                          .init(BankLabel.busyColumn.text(clock.unitName), .time), .init(BankLabel.utilisationColumn.text, .number)],
                textRows: BankTables.tellerRows(day, clock: clock))),
        ]
        if days > 1 {
            body += [
                .heading(BankLabel.replicationsHeading.text),
                .table(Table(
                    caption: BankLabel.replicationsCaption.text,
                    columns: [.init(BankLabel.measureColumn.text)]
                        + [BankLabel.meanColumn, .intervalColumn, .minColumn, .maxColumn].map { .init($0.text, .number) },
                    textRows: BankTables.replicationRows(run, clock: clock))),
            ]
        }
        var customers = Table(
            caption: day.customers.count > tableRowLimit
                ? BankLabel.customersCaptionPartial.text(String(tableRowLimit), NumberText.grouped(day.customers.count))
                : BankLabel.customersCaption.text(NumberText.grouped(day.customers.count), clock.timesNote),
            columns: [.init(BankLabel.numberColumn.text, .number), .init(BankLabel.serviceColumn.text)]
                + [BankLabel.arrivalColumn, .startColumn, .finishColumn, .waitColumn].map { .init($0.text, .time) }
                + [.init(BankLabel.tellerColumn.text)],
            textRows: BankTables.customerRows(day, limit: tableRowLimit, clock: clock),
            className: "customers")
        customers.rowIDs = customers.rows.indices.map { customerRowID(id, number: $0 + 1) }
        body += [.heading(BankLabel.customersHeading.text), .table(customers), log(day, closing: closing)]
        if files {
            body.append(.downloads([Download(BankLabel.csv.text, file: "\(id).csv"), Download(BankLabel.json.text, file: "\(id).json")]))
        }
        let served = day.servedCustomers
        return ReportDocument(
            kind: "bank", id: id,
            title: (tellers == 1 ? BankLabel.titleOneTeller : .title).text(NumberText.grouped(day.customers.count), String(tellers)),
            body: body,
            headlines: [
                (served == 1 ? BankLabel.customer : .customers).text(NumberText.grouped(served)),
                clock.closingTime(day.totalTime),
            ],
            card: card(run, clock: clock),
            files: files
                ? [ReportFile(name: "\(id).csv", text: BankData.csv(day)), ReportFile(name: "\(id).json", text: try BankData.json(run))]
                : []
        )
    }

    /// The dashboard card: mean wait (red when a line grows without end), customers served, the
    /// longest wait and the two times of day; the sparkline is the waiting line over the day.
    static func card(_ run: BankRun, clock: BankClock) -> ReportCard {
        let day = run.day
        let unstable = run.predictions.contains { $0.meanWait == nil }
        return ReportCard(
            figures: [
                ReportCard.Figure(key: "mean-wait", label: BankLabel.meanWait.text, value: clock.scale == .seconds ? BankFormat.secondsText(day.meanWait) : clock.unit.text(day.meanWait), isWarning: unstable),
                ReportCard.Figure(key: "served", label: BankLabel.customersServed.text, value: BankLabel.peopleCount.text(NumberText.grouped(day.servedCustomers))),
                ReportCard.Figure(key: "max-wait", label: BankLabel.maxWait.text, value: clock.span(day.maxWait)),
                ReportCard.Figure(key: "business-time", label: BankLabel.businessTime.text, value: clock.businessTime(day.businessTime)),
                ReportCard.Figure(key: "closing-time", label: BankLabel.closingTime.text, value: clock.closingTime(day.closingTime)),
            ],
            trend: waitingTrend(day)
        )
    }

    /// The most customers waiting in each of 40 equal slices of the day.
    static func waitingTrend(_ day: Day) -> ReportCard.Trend? {
        let slices = 40
        guard day.totalTime > 0 else { return nil }
        let end = Double(day.totalTime)
        func slice(_ time: Int64) -> Int { min(slices - 1, max(0, Int(Double(time) / end * Double(slices)))) }
        let (points, _) = Occupancy.bounded(day, maxPoints: 400)
        var values = [Double](repeating: 0, count: slices)
        for (index, point) in points.enumerated() {
            let next = index + 1 < points.count ? points[index + 1].time : day.totalTime
            let first = slice(point.time)
            for at in first...max(first, slice(next - 1)) { values[at] = max(values[at], Double(point.waiting)) }
        }
        return ReportCard.Trend(label: BankLabel.cardTrend.text(NumberText.grouped(Int(values.max() ?? 0))), values: values)
    }

    /// What the figures show: one day, or the means of several.
    static func scope(_ run: BankRun) -> String {
        let days = run.replications.days.count
        guard days > 1 else { return BankLabel.figuresOneDay.text(String(run.seed)) }
        return BankLabel.figuresMeans.text(String(days), String(run.seed), String(run.seed &+ UInt64(days - 1)))
    }

    /// Customers served, times, waits and utilisation: the day's, or with several days their
    /// means, the waits with their intervals.
    static func figures(_ run: BankRun, clock: BankClock) -> [Figure] {
        let day = run.day
        let statistics = run.replications.statistics
        let tellers = day.tellers.count
        let threshold = run.scenario.serviceLevelThreshold
        func seconds(_ estimate: Estimate) -> String { clock.unit.withInterval(estimate) }
        var figures = [
            Figure(BankLabel.customersServed.text, BankLabel.peopleCount.text(BankSweepDocument.customers(statistics.customers.mean))),
            Figure(BankLabel.businessTime.text, clock.long(statistics.businessTime.mean)),
            Figure(BankLabel.closingTime.text, clock.closing(statistics.closingTime.mean)),
        ]
        if let overall = statistics.overall {
            figures += [
                Figure(BankLabel.meanWait.text, seconds(overall.meanWait)),
                Figure(BankLabel.serviceLevelFigure.text(clock.threshold(threshold)), FigureUnit.share.withInterval(overall.serviceLevel)),
                Figure(BankLabel.percentileFigure.text("90"), seconds(overall.percentileWaits[1])),
                Figure(BankLabel.maxWait.text, clock.unit.text(overall.maxWait.mean)),
            ]
        }
        if run.scenario.hasPatience, let abandoned = statistics.abandonment(nil) {
            figures.append(Figure(BankLabel.abandonedFigure.text, FigureUnit.share.withInterval(abandoned)))
        }
        if day.services.count > 1 && day.services.count <= 4 {
            for (index, service) in day.services.enumerated() {
                if let waits = statistics.service(index) {
                    figures.append(Figure(BankLabel.meanWaitOfService.text(service.name), seconds(waits.meanWait)))
                }
            }
        }
        if tellers <= 6 {
            for (index, teller) in day.tellers.enumerated() {
                figures.append(Figure(BankLabel.utilisationOfTeller.text(teller.label), NumberText.percent(statistics.tellerUtilization(index).mean)))
            }
        } else if tellers > 0 {
            let mean = day.tellers.indices.reduce(0.0) { $0 + statistics.tellerUtilization($1).mean } / Double(tellers)
            figures.append(Figure(BankLabel.meanUtilisation.text, NumberText.percent(mean)))
        }
        return figures
    }

    /// The console log, collapsed: its first ``logLineLimit`` lines and the closing sentence.
    static func log(_ day: Day, closing: String) -> ReportNode {
        let allLines = day.servedCustomers * 2
        let complete = allLines <= logLineLimit
        let summary = complete
            ? (allLines == 0 ? BankLabel.logSummaryOneLine : .logSummary).text(NumberText.grouped(allLines + 1))
            : BankLabel.logSummaryPartial.text(String(logLineLimit), NumberText.grouped(allLines))
        let lines = DayLog.lines(day, limit: logLineLimit) + (complete ? [closing] : ["…", closing])
        return .collapsible(Collapsible(summary: summary, className: "log", body: [.preformatted(Preformatted(lines: lines, lang: "ko"))]))
    }
}
