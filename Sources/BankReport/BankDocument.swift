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
        let timeline = BankCharts.timeline(day, id: id)
        let occupancy = BankCharts.occupancy(day, id: id)
        let days = run.replications.days.count
        let closing = DayLog.closingSentence(day)

        var body: [ReportNode] = [
            .paragraph(Paragraph(BankLabel.intro.text(run.arrivalSentence, run.serviceSentences.joined(separator: "; "), String(run.seed)))),
            .figures(figures(run)),
            .paragraph(Paragraph(closing, className: "closing", lang: "ko", isStrong: true)),
            .heading(BankLabel.timelineHeading.text),
            .chart(Chart(
                file: "\(id)-timeline.svg", svg: timeline.svg, alt: BankLabel.timelineHeading.text,
                caption: timeline.isComplete
                    ? BankLabel.timelineCaption.text
                    : BankLabel.timelineCaptionPartial.text(
                        BankFormat.seconds(timeline.windowEnd), NumberText.grouped(timeline.shown), NumberText.grouped(day.customers.count)),
                classes: ["timeline"], scrolls: true)),
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
                          .init(BankLabel.busyColumn.text, .time), .init(BankLabel.utilisationColumn.text, .number)],
                textRows: BankTables.tellerRows(day))),
        ]
        let erlangRows = BankTables.erlangRows(run)
        if !erlangRows.isEmpty {
            let numbers: [BankLabel] = [.rateColumn, .serversColumn, .loadColumn, .waitProbabilityColumn, .theoryColumn, .simulatedColumn, .differenceColumn]
            body += [
                .heading(BankLabel.erlangHeading.text),
                .table(Table(
                    caption: BankLabel.erlangCaption.text,
                    columns: [.init(BankLabel.serviceColumn.text)] + numbers.map { .init($0.text, .number) },
                    textRows: erlangRows)),
                .paragraph(Paragraph(BankLabel.erlangNote.text(days > 1 ? BankLabel.erlangNoteDays.text(String(days)) : BankLabel.erlangNoteOneDay.text), className: "note")),
            ]
        }
        if days > 1 {
            body += [
                .heading(BankLabel.replicationsHeading.text),
                .table(Table(
                    caption: BankLabel.replicationsCaption.text,
                    columns: [.init(BankLabel.measureColumn.text)]
                        + [BankLabel.meanColumn, .intervalColumn, .minColumn, .maxColumn].map { .init($0.text, .number) },
                    textRows: BankTables.replicationRows(run))),
                .paragraph(Paragraph(BankLabel.replicationsNote.text(
                    String(days), String(run.seed), String(run.seed &+ UInt64(days - 1)), String(days - 1)), className: "note")),
            ]
        }
        var customers = Table(
            caption: day.customers.count > tableRowLimit
                ? BankLabel.customersCaptionPartial.text(String(tableRowLimit), NumberText.grouped(day.customers.count))
                : BankLabel.customersCaption.text(NumberText.grouped(day.customers.count)),
            columns: [.init(BankLabel.numberColumn.text, .number), .init(BankLabel.serviceColumn.text)]
                + [BankLabel.arrivalColumn, .startColumn, .finishColumn, .waitColumn].map { .init($0.text, .time) }
                + [.init(BankLabel.tellerColumn.text)],
            textRows: BankTables.customerRows(day, limit: tableRowLimit),
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
                BankLabel.seconds.text(BankFormat.seconds(day.totalTime)),
            ],
            files: files
                ? [ReportFile(name: "\(id).csv", text: BankData.csv(day)), ReportFile(name: "\(id).json", text: try BankData.json(run))]
                : []
        )
    }

    /// Customers served, times, waits, utilisation, and the days simulated when replicated.
    static func figures(_ run: BankRun) -> [Figure] {
        let day = run.day
        let tellers = day.tellers.count
        var figures = [
            Figure(BankLabel.customersServed.text, NumberText.grouped(day.servedCustomers)),
            Figure(BankLabel.businessTime.text, BankLabel.seconds.text(BankFormat.seconds(day.businessTime))),
            Figure(BankLabel.closingTime.text, BankLabel.seconds.text(BankFormat.seconds(day.closingTime))),
            Figure(BankLabel.meanWait.text, BankFormat.secondsText(day.meanWait)),
            Figure(BankLabel.maxWait.text, BankLabel.seconds.text(BankFormat.seconds(day.maxWait))),
        ]
        if day.services.count > 1 && day.services.count <= 4 {
            for (index, service) in day.services.enumerated() {
                if let wait = day.meanWait(service: index) {
                    figures.append(Figure(BankLabel.meanWaitOfService.text(service.name), BankFormat.secondsText(wait)))
                }
            }
        }
        let utilization = day.utilization
        if tellers <= 6 {
            for (index, teller) in day.tellers.enumerated() {
                figures.append(Figure(BankLabel.utilisationOfTeller.text(teller.label), NumberText.percent(utilization[index])))
            }
        } else if tellers > 0 {
            figures.append(Figure(BankLabel.meanUtilisation.text, NumberText.percent(utilization.reduce(0, +) / Double(tellers))))
        }
        if run.replications.days.count > 1 {
            figures.append(Figure(BankLabel.daysSimulated.text, NumberText.grouped(run.replications.days.count)))
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
