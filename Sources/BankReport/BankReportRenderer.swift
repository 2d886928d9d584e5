import BankSimulation
import ReportKit

/// Turns a ``BankRun`` into the block's report: HTML, Markdown, data files and headlines.
///
/// Large days stay light: the timeline draws the first ~300 customers to start, the chart keeps
/// ~300 points, the table lists the first 200 customers and the log its first 400 lines; the page
/// says so, and the CSV and JSON downloads hold every customer.
struct BankReportRenderer {
    static let tableRowLimit = 200
    static let logLineLimit = 400

    let run: BankRun
    /// The block id: `bank-1`.
    let id: String

    func report() -> Report {
        let day = run.day
        let timeline = BankCharts.timeline(day, id: id)
        let occupancy = BankCharts.occupancy(day, id: id)
        let files = [
            ReportFile(name: "\(id).csv", text: BankData.csv(day)),
            ReportFile(name: "\(id).json", text: BankData.json(day)),
            ReportFile(name: "\(id)-timeline.svg", text: timeline.svg),
            ReportFile(name: "\(id)-occupancy.svg", text: occupancy.svg),
        ]
        let parts = Parts(run: run, id: id, timeline: timeline, occupancyIsExact: occupancy.isExact)
        return Report(
            html: html(parts, timelineSVG: timeline.svg, occupancySVG: occupancy.svg),
            markdown: markdown(parts),
            files: files,
            headlines: [
                "\(NumberText.grouped(day.servedCustomers)) \(day.servedCustomers == 1 ? "customer" : "customers")",
                "\(BankFormat.seconds(day.totalTime)) s",
            ]
        )
    }

    /// Everything both formats say, computed once.
    struct Parts {
        let title: String
        let intro: String
        let figures: [(label: String, value: String)]
        let closing: String
        let timelineCaption: String
        let occupancyCaption: String
        let tellerRows: [[String]]
        let erlangRows: [[String]]
        let erlangNote: String
        let replicationRows: [[String]]
        let replicationNote: String
        let customerRows: [[String]]
        let customerCaption: String
        let logLines: [String]
        let logSummary: String

        init(run: BankRun, id: String, timeline: BankCharts.Timeline, occupancyIsExact: Bool) {
            let day = run.day
            let tellers = day.tellers.count
            title = "Bank day: \(NumberText.grouped(day.customers.count)) customers, \(tellers) \(tellers == 1 ? "teller" : "tellers")"
            intro = "\(run.arrivalSentence) Services — \(run.serviceSentences.joined(separator: "; ")). Seed \(run.seed)."
            var figures: [(label: String, value: String)] = [
                ("Customers served", NumberText.grouped(day.servedCustomers)),
                ("Total time (총 업무시간)", "\(BankFormat.seconds(day.totalTime)) s"),
                ("Mean wait", BankFormat.secondsText(day.meanWait)),
                ("Max wait", "\(BankFormat.seconds(day.maxWait)) s"),
            ]
            if day.services.count > 1 && day.services.count <= 4 {
                for (index, service) in day.services.enumerated() {
                    if let wait = day.meanWait(service: index) { figures.append(("Mean wait, \(service.name)", BankFormat.secondsText(wait))) }
                }
            }
            let utilization = day.utilization
            if tellers <= 6 {
                for (index, teller) in day.tellers.enumerated() {
                    figures.append(("Utilisation \(teller.label)", NumberText.percent(utilization[index])))
                }
            } else if tellers > 0 {
                figures.append(("Mean utilisation", NumberText.percent(utilization.reduce(0, +) / Double(tellers))))
            }
            if run.replications.days.count > 1 {
                figures.append(("Days simulated", NumberText.grouped(run.replications.days.count)))
            }
            self.figures = figures
            closing = DayLog.closingSentence(day)
            timelineCaption = timeline.isComplete
                ? "Each bar is one customer, labelled with its number, from the start to the end of its business; hover for its times."
                : "Only the first \(BankFormat.seconds(timeline.windowEnd)) s are drawn: the \(NumberText.grouped(timeline.shown)) customers "
                    + "who start by then, of \(NumberText.grouped(day.customers.count)). The whole schedule is in the CSV download."
            occupancyCaption = occupancyIsExact
                ? "Customers waiting in line (대기중) and at a counter (업무중) over the day."
                : "Customers waiting in line (대기중) and at a counter (업무중): the largest counts in each of "
                    + "\(BankCharts.occupancyPointLimit) equal slices of the day."
            tellerRows = BankTables.tellerRows(day)
            erlangRows = BankTables.erlangRows(run)
            let days = run.replications.days.count
            erlangNote = "Erlang C gives the steady-state mean wait W_q of an M/M/c queue: Poisson arrivals at λ (the rate times "
                + "the service's share of the weights), exponential service, c tellers. The simulated wait is the mean over "
                + (days > 1 ? "\(days) days" : "the day") + ", which starts empty, so short days wait a little less."
            replicationRows = days > 1 ? BankTables.replicationRows(run) : []
            replicationNote = "\(days) days with seeds \(run.seed)…\(run.seed &+ UInt64(max(days - 1, 0))); "
                + "the 95% confidence interval uses Student's t with \(max(days - 1, 1)) degrees of freedom. "
                + "Everything else on this page shows the first day."
            customerRows = BankTables.customerRows(day, limit: BankReportRenderer.tableRowLimit)
            customerCaption = day.customers.count > BankReportRenderer.tableRowLimit
                ? "Customers 1–\(BankReportRenderer.tableRowLimit) of \(NumberText.grouped(day.customers.count)); every customer is in the CSV download"
                : "All \(NumberText.grouped(day.customers.count)) customers; times in seconds"
            let allLines = day.servedCustomers * 2
            logLines = DayLog.lines(day, limit: BankReportRenderer.logLineLimit)
                + (allLines <= BankReportRenderer.logLineLimit ? [closing] : ["…", closing])
            logSummary = allLines <= BankReportRenderer.logLineLimit
                ? "Console log (\(NumberText.grouped(allLines + 1)) \(allLines == 0 ? "line" : "lines"))"
                : "Console log (first \(BankReportRenderer.logLineLimit) of \(NumberText.grouped(allLines)) lines, then the closing sentence)"
        }
    }

    // MARK: HTML

    func html(_ parts: Parts, timelineSVG: String, occupancySVG: String) -> String {
        var out = "<section class=\"report report-bank\" id=\"\(HTML.escape(id))\" aria-labelledby=\"\(HTML.escape(id))-title\">\n"
        out += "<h2 id=\"\(HTML.escape(id))-title\">\(HTML.escape(parts.title))</h2>\n"
        out += "<p>\(HTML.escape(parts.intro))</p>\n"
        out += HTML.figures(parts.figures)
        out += "<p class=\"closing\" lang=\"ko\">\(HTML.escape(parts.closing))</p>\n"

        out += "<h3>Teller timeline</h3>\n"
        out += "<figure class=\"chart timeline\">\n\(timelineSVG)<figcaption>\(HTML.escape(parts.timelineCaption))</figcaption>\n</figure>\n"
        out += "<h3>Waiting and in service</h3>\n"
        out += "<figure class=\"chart\">\n\(occupancySVG)<figcaption>\(HTML.escape(parts.occupancyCaption))</figcaption>\n</figure>\n"

        out += "<h3>Tellers</h3>\n"
        out += HTML.table(
            caption: "Work per teller",
            headers: BankTables.tellerHeaders,
            rows: parts.tellerRows.map { row in [.header(row[0])] + row.dropFirst().map { .number($0) } }
        )
        if !parts.erlangRows.isEmpty {
            out += "<h3>Erlang C (M/M/c)</h3>\n"
            out += HTML.table(
                caption: "Mean wait per service: queueing theory beside the simulation",
                headers: BankTables.erlangHeaders,
                rows: parts.erlangRows.map { row in [.header(row[0])] + row.dropFirst().map { .number($0) } }
            )
            out += "<p class=\"note\">\(HTML.escape(parts.erlangNote))</p>\n"
        }
        if !parts.replicationRows.isEmpty {
            out += "<h3>Replications</h3>\n"
            out += HTML.table(
                caption: "Mean and 95% confidence interval over the days",
                headers: BankTables.replicationHeaders,
                rows: parts.replicationRows.map { row in [.header(row[0])] + row.dropFirst().map { .number($0) } }
            )
            out += "<p class=\"note\">\(HTML.escape(parts.replicationNote))</p>\n"
        }

        out += "<h3>Customers</h3>\n"
        out += HTML.table(
            caption: parts.customerCaption,
            headers: BankTables.customerHeaders,
            rows: parts.customerRows.map { row in
                [.header(row[0], classes: "num"), .text(row[1])] + row[2...5].map { .number($0) } + [.text(row[6])]
            },
            className: "customers"
        )
        out += "<details class=\"log\"><summary>\(HTML.escape(parts.logSummary))</summary>\n<pre lang=\"ko\">"
        out += parts.logLines.map(HTML.escape).joined(separator: "\n")
        out += "</pre>\n</details>\n"
        out += HTML.downloads([("CSV", "\(id).csv"), ("JSON", "\(id).json")])
        out += "</section>\n"
        return out
    }

    // MARK: Markdown

    func markdown(_ parts: Parts) -> String {
        var out = "### \(MarkdownText.escape(parts.title))\n\n"
        out += MarkdownText.escape(parts.intro) + "\n\n"
        out += MarkdownText.figures(parts.figures) + "\n"
        out += "**\(MarkdownText.escape(parts.closing))**\n\n"
        out += "#### Teller timeline\n\n![Teller timeline](\(id)-timeline.svg)\n\n\(MarkdownText.escape(parts.timelineCaption))\n\n"
        out += "#### Waiting and in service\n\n![Waiting and in service](\(id)-occupancy.svg)\n\n"
        out += MarkdownText.escape(parts.occupancyCaption) + "\n\n"
        out += "#### Tellers\n\n" + MarkdownText.table(headers: BankTables.tellerHeaders, rows: parts.tellerRows, alignRight: [1, 2, 3]) + "\n"
        if !parts.erlangRows.isEmpty {
            out += "#### Erlang C (M/M/c)\n\n"
            out += MarkdownText.table(headers: BankTables.erlangHeaders, rows: parts.erlangRows, alignRight: Set(1...7)) + "\n"
            out += MarkdownText.escape(parts.erlangNote) + "\n\n"
        }
        if !parts.replicationRows.isEmpty {
            out += "#### Replications\n\n"
            out += MarkdownText.table(headers: BankTables.replicationHeaders, rows: parts.replicationRows, alignRight: [1, 3, 4]) + "\n"
            out += MarkdownText.escape(parts.replicationNote) + "\n\n"
        }
        out += "#### Customers\n\n\(MarkdownText.escape(parts.customerCaption)).\n\n"
        out += MarkdownText.table(headers: BankTables.customerHeaders, rows: parts.customerRows, alignRight: [0, 2, 3, 4, 5]) + "\n"
        out += "#### \(MarkdownText.escape(parts.logSummary))\n\n```text\n" + parts.logLines.joined(separator: "\n") + "\n```\n\n"
        out += "Download: [CSV](\(id).csv) · [JSON](\(id).json)\n"
        return out
    }
}
