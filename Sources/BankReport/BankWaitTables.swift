import BankSimulation
import Basics
import ReportKit

/// The waiting figures of a day (or of its replications): per service and for everyone, with
/// Erlang C's closed forms beside them where the day is M/M/c, and the notes that say what they
/// count, whether the steady state applies, and how the intervals are made.
enum BankWaitTables {
    static func section(_ run: BankRun) -> [ReportNode] {
        let statistics = run.replications.statistics
        let days = statistics.days.count
        let services = run.scenario.services
        let groups: [(name: String, waits: WaitEstimates?, service: Int?)] =
            services.indices.compactMap { index in statistics.service(index).map { (services[index].name, $0, index) } }
            + [(BankLabel.everyoneColumn.text, statistics.overall, nil)]
        guard statistics.overall != nil else { return [] }
        let predictions = run.predictions
        let clock = BankClock(run.scenario)
        let table = Table(
            caption: days > 1 ? BankLabel.waitsCaptionDays.text(String(days), clock.timesNote) : BankLabel.waitsCaptionOneDay.text(clock.timesNote),
            columns: [.init(BankLabel.measureColumn.text)] + groups.map { .init($0.name, .number) },
            rows: rows(run, groups: groups, predictions: predictions),
            className: "waits")
        var body: [ReportNode] = [.heading(BankLabel.waitsHeading.text), .table(table)]
        var notes = [thresholdNote(run.scenario), BankLabel.percentileNote.text]
        switch run.scenario.warmup {
        case .customers(let count): notes.append(BankLabel.warmupCustomers.text(NumberText.grouped(count)))
        case .seconds(let seconds): notes.append(BankLabel.warmupSeconds.text(clock.threshold(seconds)))
        case nil: break
        }
        if run.scenario.hasPatience {
            notes.append(ErlangA.predictions(for: run.scenario).isEmpty
                ? (run.scenario.steadyArrivalRate == nil ? BankLabel.erlangAVaries.text : "")
                : BankLabel.erlangANote.text)
        }
        body.append(.paragraph(Paragraph(notes.filter { !$0.isEmpty }.joined(separator: " "), className: "note")))
        if days > 1 { body += methodNotes(run) }
        if !predictions.isEmpty { body += erlang(run, predictions: predictions) }
        return body
    }

    /// The service level's threshold: the target's, or the default and why.
    static func thresholdNote(_ scenario: Scenario) -> String {
        if let target = scenario.target {
            return BankLabel.thresholdTarget.text(BankTarget.phrase(target, services: scenario.services, scale: scenario.timeScale))
        }
        return BankLabel.thresholdDefault.text(BankClock(scenario).threshold(scenario.serviceLevelThreshold))
    }

    /// Rows of measures; each simulated row is followed by Erlang C's where some service has it.
    static func rows(
        _ run: BankRun, groups: [(name: String, waits: WaitEstimates?, service: Int?)], predictions: [ErlangC.Prediction]
    ) -> [[Table.Cell]] {
        let clock = BankClock(run.scenario)
        let threshold = clock.threshold(run.scenario.serviceLevelThreshold)
        let time = clock.unit
        let statistics = run.replications.statistics
        func prediction(_ service: Int?) -> ErlangC.Prediction? {
            service.flatMap { index in predictions.first { $0.service == index } }
        }
        /// A row of Erlang C's values, for the services that have one; everyone's by `overall`.
        func erlangRow(_ label: String, _ value: (ErlangC.Prediction) -> Double?, unit: FigureUnit, overall: Double?) -> [Table.Cell] {
            [Table.Cell(BankLabel.erlangRow.text(label))] + groups.map { group in
                guard let service = group.service else { return Table.Cell(overall.map(unit.bare) ?? "—") }
                guard let found = prediction(service) else { return Table.Cell("—") }
                return erlangCell(value(found), unit: unit, prediction: found)
            }
        }
        let meanLabel = BankLabel.meanWaitRow.text(clock.unitName)
        let levelLabel = BankLabel.serviceLevelRow.text(threshold)
        var rows: [[Table.Cell]] = [
            [Table.Cell(BankLabel.customersRow.text)] + groups.map { group in
                Table.Cell(group.waits.map { _ in BankSweepDocument.customers(meanCustomers(run, group.service)) } ?? "—")
            },
            [Table.Cell(meanLabel)] + groups.map { cell($0.waits?.meanWait, time) },
        ]
        let everyone = ErlangOverall(predictions: predictions, services: run.scenario.services.count)
        if !predictions.isEmpty {
            rows.append(erlangRow(meanLabel, \.meanWait, unit: time, overall: everyone.mean(\.meanWait)))
        }
        rows.append([Table.Cell(levelLabel)] + groups.map { cell($0.waits?.serviceLevel, .share) })
        if !predictions.isEmpty {
            rows.append(erlangRow(levelLabel, \.serviceLevel, unit: .share, overall: everyone.mean(\.serviceLevel)))
        }
        for (index, percent) in WaitFigures.percentiles.enumerated() {
            let label = BankLabel.percentileRow.text(String(percent), clock.unitName)
            rows.append([Table.Cell(label)] + groups.map { cell($0.waits?.percentileWaits[index], time) })
            if !predictions.isEmpty {
                rows.append(erlangRow(label, { $0.percentileWaits?[index] }, unit: time, overall: nil))
            }
        }
        rows.append([Table.Cell(BankLabel.maxWaitRow.text(clock.unitName))] + groups.map { cell($0.waits?.maxWait, time) })
        rows.append([Table.Cell(BankLabel.utilisationRow.text)] + groups.map { group in
            cell(group.service.flatMap { statistics.serviceUtilization($0) }, .share)
        })
        if run.scenario.hasPatience {
            let label = BankLabel.abandonedRow.text
            rows.append([Table.Cell(label)] + groups.map { cell(statistics.abandonment($0.service), .share) })
            let erlangA = ErlangA.predictions(for: run.scenario)
            if !erlangA.isEmpty {
                rows.append([Table.Cell(BankLabel.erlangARow.text(label))] + groups.map { group in
                    let found = group.service.flatMap { index in erlangA.first { $0.service == index } }
                    return Table.Cell(found.map { FigureUnit.share.bare($0.figures.abandonment) } ?? "—")
                })
            }
        }
        return rows
    }

    /// The mean number of counted customers of a group a day.
    static func meanCustomers(_ run: BankRun, _ service: Int?) -> Double {
        let days = run.replications.days
        let counts = days.map { day -> Int in
            (service.map { index in day.serviceWaits[index] } ?? day.waits)?.customers ?? 0
        }
        return days.isEmpty ? 0 : Double(counts.reduce(0, +)) / Double(days.count)
    }

    static func cell(_ estimate: Estimate?, _ unit: FigureUnit) -> Table.Cell {
        estimate.map { unit.cell($0) } ?? Table.Cell("—")
    }

    /// An Erlang C value, marked † where its steady state does not describe the day.
    static func erlangCell(_ value: Double?, unit: FigureUnit, prediction: ErlangC.Prediction) -> Table.Cell {
        Table.Cell([.text(unit.bare(value ?? unit.withoutSteadyState))] + steadyMark(prediction))
    }

    /// `†` (and its words for screen readers) where Erlang C does not apply.
    static func steadyMark(_ prediction: ErlangC.Prediction) -> [Inline] {
        prediction.steadyState.applies ? [] : [
            .decoration(BankLabel.steadyMark.text, className: "mark"), .spoken(BankLabel.steadyMarkSpoken.text),
        ]
    }

    /// The method footnote, the precision reached, and a warning when few, skewed days may make
    /// the intervals too narrow.
    static func methodNotes(_ run: BankRun) -> [ReportNode] {
        let days = run.replications.days
        let scenario = run.scenario
        var notes = [BankLabel.methodNote.text(
            String(days.count), String(run.seed), String(run.seed &+ UInt64(days.count - 1)), String(days.count - 1))]
        if let precision = scenario.precision, let figure = DayPlan.decidingFigure(days, scenario: scenario),
           let reached = figure.relativeHalfWidth {
            let name = BankTarget.decidingName(scenario)
            let wanted = NumberText.percent(precision.relativeHalfWidth)
            notes.append(reached <= precision.relativeHalfWidth
                ? BankLabel.precisionNote.text(name, wanted, String(days.count))
                : BankLabel.precisionNoteCapped.text(name, wanted, String(days.count), reached.isFinite ? NumberText.percent(reached) : "∞"))
        } else if let skew = skewness(days.map(\.meanWait)), skew > 1, days.count < 30 {
            notes.append(BankLabel.skewWarning.text(NumberText.fixed(skew, places: 1), String(days.count)))
        }
        return [.paragraph(Paragraph(notes.joined(separator: " "), className: "note method"))]
    }

    /// The sample skewness (the third central moment over the cubed deviation, both over n); nil
    /// without spread.
    static func skewness(_ values: [Double]) -> Double? {
        guard values.count > 2 else { return nil }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let second = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
        let third = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) * ($1 - mean) } / n
        guard second > 0 else { return nil }
        return third / (second * second.squareRoot())
    }

    /// The M/M/c table (λ, c, ρ, P(wait), steady state) and a note per service it does not describe.
    static func erlang(_ run: BankRun, predictions: [ErlangC.Prediction]) -> [ReportNode] {
        let services = run.scenario.services
        let clock = BankClock(run.scenario)
        func row(_ label: String, _ value: (ErlangC.Prediction) -> String) -> [String] {
            [label] + predictions.map(value)
        }
        let rows = [
            row(BankLabel.rateColumn.text(clock.rateUnitName)) { clock.rate($0.arrivalRate) },
            row(BankLabel.serversColumn.text) { String($0.servers) },
            row(BankLabel.loadColumn.text) { $0.utilization.isFinite ? NumberText.fixed($0.utilization, places: 3) : "∞" },
            row(BankLabel.waitProbabilityColumn.text) { $0.probabilityOfWaiting.map { NumberText.fixed($0, places: 3) } ?? "—" },
            row(BankLabel.steadyStateRow.text) { $0.steadyState.applies ? BankLabel.steadyApplies.text : BankLabel.steadyFails.text },
        ]
        var notes = predictions.filter { !$0.steadyState.applies }.map { steadyNote($0, service: services[$0.service]) }
        notes.append(BankLabel.steadyRule.text)
        return [
            .heading(BankLabel.erlangHeading.text),
            .table(Table(
                caption: BankLabel.erlangTableCaption.text,
                columns: [.init(BankLabel.measureColumn.text)] + predictions.map { .init(services[$0.service].name, .number) },
                textRows: rows)),
            .paragraph(Paragraph(notes.joined(separator: " "), className: "note")),
        ]
    }

    /// Why Erlang C does not describe one service's day.
    static func steadyNote(_ prediction: ErlangC.Prediction, service: Service) -> String {
        let check = prediction.steadyState
        guard check.settlingCustomers.isFinite else { return BankLabel.steadyNoteUnstable.text(service.name) }
        let settling = NumberText.grouped(Int(check.settlingCustomers.rounded()))
        let measured = NumberText.grouped(Int(check.measuredCustomers.rounded()))
        let load = NumberText.fixed(prediction.utilization, places: 3)
        guard check.expectedShortfall < 1 else { return BankLabel.steadyNoteFar.text(service.name, load, settling, measured) }
        return BankLabel.steadyNote.text(service.name, load, settling, measured, NumberText.fixed(check.expectedShortfall * 100, places: 0) + "%")
    }
}

/// Erlang C for everyone: each service's figure weighted by its arrival rate, when every service
/// has a bounded M/M/c line.
struct ErlangOverall {
    let predictions: [ErlangC.Prediction]
    let services: Int

    func mean(_ value: (ErlangC.Prediction) -> Double?) -> Double? {
        guard !predictions.isEmpty, predictions.count == services else { return nil }
        var rate = 0.0, weighted = 0.0
        for prediction in predictions {
            guard let figure = value(prediction) else { return nil }
            rate += prediction.arrivalRate
            weighted += prediction.arrivalRate * figure
        }
        return rate > 0 ? weighted / rate : nil
    }
}
