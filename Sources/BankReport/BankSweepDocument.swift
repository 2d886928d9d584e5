import BankSimulation
import Basics
import Charts
import ReportKit

/// A block with `sweep:` as a report document (SPEC §5.1): it leads with the comparison — a table
/// with one row per value and a chart of mean wait against the value, the simulation with its 95%
/// confidence interval beside Erlang C — then shows the first value's day in full, with the
/// sweep's CSV and JSON beside the day's downloads.
enum BankSweepDocument {
    static func make(_ sweep: Sweep, first run: BankRun, id: String) throws -> ReportDocument {
        let day = try BankDocument.make(run, id: id)
        let key = sweep.setting.key
        let first = sweep.points.first.map { BankFormat.number($0.value) } ?? ""
        var body: [ReportNode] = [intro(sweep), .heading(BankLabel.sweepHeading.text), .table(table(sweep))]
        if let chart = chart(sweep, id: id) {
            body.append(.chart(Chart(
                file: "\(id)-sweep.svg", svg: chart.inline, standalone: chart.file, alt: BankLabel.sweepChartTitle.text(settingTitle(sweep)),
                caption: BankLabel.sweepChartCaption.text)))
        }
        body += erlangNote(sweep)
        body.append(.downloads([
            Download(BankLabel.sweepCSV.text, file: "\(id)-sweep.csv"), Download(BankLabel.sweepJSON.text, file: "\(id)-sweep.json"),
        ]))
        body.append(.heading(BankLabel.sweepFirstHeading.text(key, first)))
        body += day.body
        let waits = sweep.points.map(\.meanWait.mean)
        return ReportDocument(
            kind: "bank", id: id,
            title: BankLabel.sweepTitle.text(key, String(sweep.points.count)),
            body: body,
            headlines: [
                BankLabel.sweepHeadlineValues.text(String(sweep.points.count)),
                BankLabel.sweepHeadlineWait.text(NumberText.fixed(waits.first ?? 0, places: 2), NumberText.fixed(waits.last ?? 0, places: 2)),
            ],
            files: [
                ReportFile(name: "\(id)-sweep.csv", text: BankSweepOutput.csv(sweep)),
                ReportFile(name: "\(id)-sweep.json", text: try BankSweepJSON(sweep).text()),
            ] + day.files
        )
    }

    /// The comparison alone, for the command line: what was run, the table and the Erlang C note.
    static func comparison(_ sweep: Sweep, id: String) -> ReportDocument {
        ReportDocument(
            kind: "bank", id: id, title: BankLabel.sweepTitle.text(sweep.setting.key, String(sweep.points.count)),
            body: [intro(sweep), .table(table(sweep))] + erlangNote(sweep))
    }

    /// What was run: the values, the seed and the days per value.
    static func intro(_ sweep: Sweep) -> ReportNode {
        let replications = sweep.points.first?.days.count ?? 1
        return .paragraph(Paragraph(BankLabel.sweepIntro.text(
            sweep.setting.key, String(sweep.points.count), String(sweep.seed),
            replications > 1 ? BankLabel.sweepDaysMany.text(String(replications)) : BankLabel.sweepDaysOne.text)))
    }

    /// What Erlang C means, when some value's day is M/M/c.
    static func erlangNote(_ sweep: Sweep) -> [ReportNode] {
        guard sweep.points.contains(where: { !$0.erlangC.isEmpty }) else { return [] }
        return [.paragraph(Paragraph(BankLabel.sweepErlangNote.text, className: "note"))]
    }

    /// One row per value: customers, mean wait (with its interval when replicated), max wait,
    /// closing time, then per service its utilisation and mean wait, and Erlang C where it applies.
    static func table(_ sweep: Sweep) -> Table {
        let replications = sweep.points.first?.days.count ?? 1
        let services = sweep.services
        let erlang = services.indices.filter { index in sweep.points.contains { $0.erlangC.contains { $0.service == index } } }
        var columns: [Table.Column] = [
            .init(settingTitle(sweep), .number), .init(BankLabel.customersMeasure.text, .number),
            .init(BankLabel.meanWaitMeasure.text, .time),
        ]
        if replications > 1 { columns.append(.init(BankLabel.intervalColumn.text, .time)) }
        columns += [.init(BankLabel.maxWaitMeasure.text, .time), .init(BankLabel.sweepClosingColumn.text, .time)]
        columns += services.map { .init(BankLabel.utilisationOfTeller.text($0.name), .number) }
        columns += services.map { .init(BankLabel.meanWaitOfServiceMeasure.text($0.name), .time) }
        columns += erlang.map { .init(BankLabel.sweepErlangColumn.text(services[$0].name), .time) }
        let seconds = { (value: Double) in NumberText.fixed(value, places: 2) }
        let rows = sweep.points.map { point -> [String] in
            var row = [BankFormat.number(point.value), customers(point.customers.mean), seconds(point.meanWait.mean)]
            if replications > 1 {
                row.append(point.meanWait.interval.map { "\(seconds($0.lowerBound)) – \(seconds($0.upperBound))" } ?? "—")
            }
            row += [seconds(point.maxWait.mean), seconds(point.closingTime.mean)]
            row += services.indices.map { point.utilization($0).map { NumberText.percent($0.mean) } ?? "—" }
            row += services.indices.map { point.serviceMeanWait($0).map { seconds($0.mean) } ?? "—" }
            row += erlang.map { index in
                guard let prediction = point.erlangC.first(where: { $0.service == index }) else { return "—" }
                return prediction.meanWait.map(seconds) ?? "∞"
            }
            return row
        }
        return Table(caption: BankLabel.sweepCaption.text(sweep.setting.key), columns: columns, textRows: rows, className: "sweep")
    }

    /// A count, grouped when whole (`10,000`; a mean over days may have decimals).
    static func customers(_ mean: Double) -> String {
        mean == mean.rounded() && abs(mean) < 1e15 ? NumberText.grouped(Int(mean)) : BankFormat.number(mean)
    }

    /// Erlang C's mean wait over all customers: each service's wait weighted by its arrival rate;
    /// nil unless every service is M/M/c with a bounded line.
    static func erlangMeanWait(_ point: SweepPoint) -> Double? {
        let predictions = point.erlangC
        guard !predictions.isEmpty, predictions.count == point.scenario.services.count else { return nil }
        var rate = 0.0, weighted = 0.0
        for prediction in predictions {
            guard let wait = prediction.meanWait else { return nil }
            rate += prediction.arrivalRate
            weighted += prediction.arrivalRate * wait
        }
        return rate > 0 ? weighted / rate : nil
    }

    /// The swept setting as the reader names it, with its unit: `Tellers for 대출`,
    /// `Arrival rate (customers per s)`.
    static func settingTitle(_ sweep: Sweep) -> String {
        let name = { (key: String) in sweep.services.first { $0.key == key }?.name ?? key }
        switch sweep.setting {
        case .tellers(let service): return BankLabel.sweepAxisTellers.text(name(service))
        case .arrivalRate: return BankLabel.sweepAxisArrivalRate.text
        case .customers: return BankLabel.sweepAxisCustomers.text
        case .duration(let service): return BankLabel.sweepAxisDuration.text(name(service))
        }
    }

    /// Mean wait against the value, the values evenly spaced in the order given: the simulation
    /// with its 95% confidence interval as a band, and Erlang C where every service is M/M/c. Nil
    /// with fewer than two values.
    static func chart(_ sweep: Sweep, id: String) -> (inline: String, file: String)? {
        guard sweep.points.count >= 2 else { return nil }
        let points = sweep.points
        let intervals = points.compactMap(\.meanWait.interval)
        var series = [LineChart.Series(
            name: BankLabel.sweepSimulatedSeries.text, color: LineChart.color(0),
            points: points.indices.map { LineChart.Point(x: Double($0), y: points[$0].meanWait.mean) },
            interval: intervals.count == points.count ? intervals : [],
            intervalName: BankLabel.sweepIntervalSeries.text)]
        let erlang = points.indices.compactMap { index in erlangMeanWait(points[index]).map { LineChart.Point(x: Double(index), y: $0) } }
        if !erlang.isEmpty {
            series.append(LineChart.Series(name: BankLabel.sweepErlangSeries.text, color: LineChart.color(1), points: erlang))
        }
        let waits = points.map(\.meanWait.mean)
        let title = settingTitle(sweep)
        return LineChart(
            title: BankLabel.sweepChartTitle.text(title),
            description: BankLabel.sweepChartDescription.text(
                title, BankFormat.number(points.first?.value ?? 0), BankFormat.number(points.last?.value ?? 0),
                NumberText.fixed(waits.first ?? 0, places: 2), NumberText.fixed(waits.last ?? 0, places: 2)),
            xLabel: title,
            yLabel: BankLabel.waitAxis.text,
            series: series,
            idPrefix: "\(id)-sweep",
            xCategories: points.map { BankFormat.number($0.value) },
            yValueText: { BankFormat.secondsText($0) }
        ).drawing()
    }
}
