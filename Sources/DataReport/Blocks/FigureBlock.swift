import Basics
import Foundation
import ReportKit

/// A `figure` block: one headline number from a data file — the sum, mean, count, minimum,
/// maximum or last value of a column — with its change against the previous value or the
/// previous period; it is the page's figure on the home dashboard.
struct FigureBlock: Sendable {
    static let keys = DataSourceOptions.keys + ["value", "stat", "label", "format", "currency", "decimals", "date", "period", "compare"]

    var source: DataSourceOptions
    /// The column; nil only for `stat: count`.
    var value: (name: String, line: Int?)?
    var stat: FigureStat = .sum
    var label: String?
    var format: ValueFormat?
    /// The date column that orders the rows and places them in periods.
    var date: (name: String, line: Int?)?
    var period: FigurePeriod?
    /// Show the change against the previous value (`last`) or period.
    var compare = false

    static func parse(_ block: ReportBlock, contentDirectory: URL) throws -> FigureBlock {
        var problems = DiagnosticCollector()
        let root = try ScenarioNode.parse(block.source, lineOffset: block.lineOffset, problems: &problems)
        let map = try root.mapping(allowed: keys, problems: &problems)
        let source = DataSourceOptions.parse(map, pagePath: block.pagePath, contentDirectory: contentDirectory, problems: &problems)
        var figure = source.map { FigureBlock(source: $0) }
        if let node = map["stat"] {
            problems.attempt {
                guard let stat = FigureStat(rawValue: try node.string()) else {
                    throw node.error("must be one of \(FigureStat.allCases.map(\.rawValue).joined(separator: ", ")), got \(node.shownValue)")
                }
                figure?.stat = stat
            }
        }
        if let node = map["value"] { problems.attempt { figure?.value = (try node.string(), node.line) } }
        if map["value"] == nil, figure?.stat != .count {
            problems.add(root.error("needs value: the column to take the \(figure?.stat.rawValue ?? "sum") of"))
        }
        if let node = map["label"] { problems.attempt { figure?.label = try node.string() } }
        figure?.format = ValueFormatOption.parse(map, problems: &problems)
        if let node = map["date"] { problems.attempt { figure?.date = (try node.string(), node.line) } }
        if let node = map["period"] {
            problems.attempt {
                guard let period = FigurePeriod(rawValue: try node.string()) else {
                    throw node.error("must be one of \(FigurePeriod.allCases.map(\.rawValue).joined(separator: ", ")), got \(node.shownValue)")
                }
                guard map["date"] != nil else { throw node.error("needs date: the column of dates that places rows in periods") }
                figure?.period = period
            }
        }
        if let node = map["compare"] {
            problems.attempt {
                let text = try node.string()
                guard ["previous", "none"].contains(text) else { throw node.error("must be previous or none, got \(node.shownValue)") }
                figure?.compare = text == "previous"
                if figure?.compare == true, map["period"] == nil, figure?.stat != .last {
                    throw node.error("needs period: (day, week, month or year), or stat: last to compare the last value with the one before")
                }
            }
        }
        try problems.check()
        guard let figure else { throw Diagnostic(line: block.line, "source is required") }
        return figure
    }

    var request: DataRequest {
        var uses: [DataRequest.Use] = []
        if let value { uses.append(.init(value.name, line: value.line, numbersFor: stat == .count ? nil : "value")) }
        if let date { uses.append(.init(date.name, line: date.line, numbersFor: "date")) }
        var request = DataRequest(uses: uses)
        if let date { request.types[date.name] = .init(.date, line: date.line) }
        return request
    }

    /// The figure worked out: its value, the previous one to compare with, and what that was.
    struct Result: Equatable {
        var value: Double?
        var previous: Double?
        /// The latest period, when the figure has one.
        var period: Int?
        var previousPeriod: Int?
        /// The figure in each of the latest periods that have rows (at most ``trendLength``), or
        /// for `stat: last` the column's latest values by date; oldest first.
        var trend: [Double] = []
    }

    /// The most values a figure's trend (its dashboard card's sparkline) holds.
    static let trendLength = 12

    func result(_ table: DataTable) throws -> Result {
        var rows = try source.rows(of: table)
        let dates = date.flatMap { table[$0.name] }
        if let dates {
            rows = rows.filter { !dates.isMissing($0) }
            rows = rows.enumerated().sorted { (dates.numbers[$0.element], $0.offset) < (dates.numbers[$1.element], $1.offset) }.map(\.element)
        }
        let column = value.flatMap { table[$0.name] }
        func values(_ rows: some Sequence<Int>) -> [Double] {
            guard let column else { return rows.map { _ in 0 } }
            return rows.map { column.numbers.isEmpty ? (column.isMissing($0) ? .nan : 0) : column.numbers[$0] }
        }
        guard let period, let dates else {
            let all = values(rows)
            let previous: Double? = compare && stat == .last ? all.filter { !$0.isNaN }.dropLast().last : nil
            let trend = stat == .last && dates != nil ? Array(all.filter { !$0.isNaN }.suffix(Self.trendLength)) : []
            return Result(value: stat.value(of: all), previous: previous, trend: trend)
        }
        var byPeriod: [Int: [Int]] = [:]
        for row in rows { byPeriod[period.index(ofDay: Int(dates.numbers[row])), default: []].append(row) }
        guard let latest = byPeriod.keys.max() else { return Result(value: stat.value(of: [])) }
        let before = latest - 1
        return Result(
            value: stat.value(of: values(byPeriod[latest] ?? [])), previous: compare ? byPeriod[before].flatMap { stat.value(of: values($0)) } : nil,
            period: latest, previousPeriod: compare ? before : nil,
            trend: byPeriod.keys.sorted().suffix(Self.trendLength).compactMap { stat.value(of: values(byPeriod[$0] ?? [])) }
        )
    }

    /// The report of block `id`: the figure, its change, and its headline for the dashboard.
    func document(id: String) throws -> ReportDocument {
        try worked(id: id).document
    }

    /// The report of block `id` and the numbers it shows, from one reading of the file.
    func worked(id: String) throws -> (document: ReportDocument, result: Result) {
        let table = try source.read(request)
        let result = try self.result(table)
        let column = value.flatMap { table[$0.name] }
        let type: ColumnType = stat == .count ? .integer : column?.type ?? .integer
        let places = stat == .mean && format == nil ? max(1, column.map(ValueFormat.decimals) ?? 0) : column.map(ValueFormat.decimals) ?? 0
        let shownFormat = format ?? .automatic(decimals: nil)
        func text(_ number: Double) -> String { shownFormat.text(number, type: type, places: places) }
        let label = self.label ?? DataLabel(rawValue: stat.rawValue).map { $0.text(value?.name ?? "") } ?? stat.rawValue
        let valueText = result.value.map(text) ?? DataLabel.noValue.text
        var figures = [Figure(label, valueText)]
        var card = [ReportCard.Figure(key: "value", label: label, value: valueText)]
        var periodFigure: ReportCard.Figure?
        if let period = result.period, let periodFormat = self.period {
            figures.append(Figure(DataLabel.periodLabel.text, periodFormat.text(period)))
            periodFigure = ReportCard.Figure(key: "period", label: DataLabel.periodLabel.text, value: periodFormat.text(period))
        }
        var body: [ReportNode] = [.figures(figures)]
        var headline = "\(label) \(valueText)"
        if compare, let current = result.value {
            let against = result.previousPeriod.flatMap { index in period.map { $0.text(index) } }
            if let previous = result.previous {
                let change = current - previous
                let percent = previous == 0 ? nil : change / abs(previous)
                let amount = (change >= 0 ? "+" : "") + text(change)
                let share = percent.map { ($0 >= 0 ? "+" : "") + NumberText.fixed($0 * 100, places: 1) + "%" }
                let words = [share, amount].compactMap { $0 }.joined(separator: ", ")
                let sentence = against.map { DataLabel.againstPeriod.text(words, $0, text(previous)) } ?? DataLabel.againstPrevious.text(words, text(previous))
                let (mark, className) = change > 0 ? ("▲", "up") : change < 0 ? ("▼", "down") : ("=", "same")
                let direction = (change > 0 ? DataLabel.changeUp : change < 0 ? DataLabel.changeDown : DataLabel.changeSame).text
                body.append(.paragraph(Paragraph([
                    .decoration(mark + " ", className: "data-change-mark"), .spoken(direction + ": "), .text(sentence),
                ], className: "data-change \(className)")))
                headline += " (\(mark)\(share ?? amount))"
                card.append(ReportCard.Figure(key: "change", label: DataLabel.changeLabel.text, value: "\(mark)\(share ?? amount)"))
            } else if let against {
                body.append(.paragraph(Paragraph(DataLabel.noPrevious.text(against), className: "note")))
            }
        }
        card += [periodFigure].compactMap { $0 }
        let trend = result.trend.count < 2 ? nil
            : ReportCard.Trend(label: DataLabel.trend.text(label, NumberText.grouped(result.trend.count)), values: result.trend)
        let document = ReportDocument(
            kind: "figure", id: id, title: self.label ?? DataLabel.figureTitle.text(source.url.lastPathComponent), body: body,
            headlines: [headline], card: ReportCard(figures: card, trend: trend)
        )
        return (document, result)
    }
}
