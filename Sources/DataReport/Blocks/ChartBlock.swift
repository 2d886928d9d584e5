import Basics
import Charts
import Foundation
import ReportKit

/// A `chart` block: a line, step, bar (grouped or stacked) or scatter chart of a data file's
/// columns — `x`, one or more `y`, and optionally a `series` column that splits the rows into
/// lines or bar groups — drawn with the site's chart code.
struct ChartBlock: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case line, step, bar, scatter
    }

    static let keys = DataSourceOptions.keys + ["type", "x", "y", "series", "stacked", "title", "x_title", "y_title", "format", "currency", "decimals"]
    /// Most rows a chart draws; more is an error pointing to `filter:`.
    static let largestRowCount = 20_000
    /// Most series (lines, bar colours) a chart draws.
    static let largestSeriesCount = 12

    var source: DataSourceOptions
    var kind: Kind = .line
    var x: (name: String, line: Int?) = ("", nil)
    var y: [(name: String, line: Int?)] = []
    var series: (name: String, line: Int?)?
    var stacked = false
    var title: String?
    var xTitle: String?
    var yTitle: String?
    var format: ValueFormat?

    static func parse(_ block: ReportBlock, contentDirectory: URL) throws -> ChartBlock {
        var problems = DiagnosticCollector()
        let root = try ScenarioNode.parse(block.source, lineOffset: block.lineOffset, problems: &problems)
        let map = try root.mapping(allowed: keys, problems: &problems)
        let source = DataSourceOptions.parse(map, pagePath: block.pagePath, contentDirectory: contentDirectory, problems: &problems)
        var chart = source.map { ChartBlock(source: $0) }
        if let node = map["type"] {
            problems.attempt {
                guard let kind = Kind(rawValue: try node.string()) else {
                    throw node.error("must be one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")), got \(node.shownValue)")
                }
                chart?.kind = kind
            }
        }
        if let node = problems.attempt({ try map.required("x") }) { problems.attempt { chart?.x = (try node.string(), node.line) } }
        if let node = problems.attempt({ try map.required("y") }) {
            let items: [ScenarioNode] = if case .sequence = node.node { problems.attempt { try node.list() } ?? [] } else { [node] }
            chart?.y = items.compactMap { item in problems.attempt { (try item.string(), item.line) } }
            if items.isEmpty { problems.add(node.error("must name a column, or list columns")) }
        }
        if let node = map["series"] {
            problems.attempt {
                chart?.series = (try node.string(), node.line)
                if (chart?.y.count ?? 0) > 1 { throw node.error("splits one y column into series; with series, y must name one column") }
            }
        }
        if let node = map["stacked"] {
            problems.attempt {
                chart?.stacked = try node.bool()
                if chart?.kind != .bar { throw node.error("applies only to type: bar") }
            }
        }
        if let node = map["title"] { problems.attempt { chart?.title = try node.string() } }
        if let node = map["x_title"] { problems.attempt { chart?.xTitle = try node.string() } }
        if let node = map["y_title"] { problems.attempt { chart?.yTitle = try node.string() } }
        chart?.format = ValueFormatOption.parse(map, problems: &problems)
        try problems.check()
        guard let chart else { throw Diagnostic(line: block.line, "source is required") }
        return chart
    }

    var request: DataRequest {
        var uses = [DataRequest.Use(x.name, line: x.line, numbersFor: kind == .scatter ? "x" : nil)]
        uses += y.map { .init($0.name, line: $0.line, numbersFor: "y") }
        if let series { uses.append(.init(series.name, line: series.line)) }
        return DataRequest(uses: uses)
    }

    /// The report of block `id`: the chart, a table of its values, the downloads.
    func document(id: String) throws -> ReportDocument {
        let table = try source.read(request)
        let rows = try source.rows(of: table)
        guard let xColumn = table[x.name] else { throw Diagnostic(line: x.line, "x names no column") }
        let yColumns = y.compactMap { table[$0.name] }
        guard rows.count <= Self.largestRowCount else {
            throw Diagnostic(line: x.line, "\(source.shown) has \(NumberText.grouped(rows.count)) rows; a chart draws at most \(NumberText.grouped(Self.largestRowCount)) (add filter:, or use a figure)")
        }
        // The lines: one per series value, or one per y column.
        var lines: [(name: String, column: DataColumn, rows: [Int])] = []
        if let series, let key = table[series.name], let column = yColumns.first {
            var order: [String] = []
            var members: [String: [Int]] = [:]
            for row in rows {
                let value = key.texts[row]
                if members[value] == nil { order.append(value) }
                members[value, default: []].append(row)
            }
            guard order.count <= Self.largestSeriesCount else {
                throw Diagnostic(line: series.line, "\(series.name) has \(order.count) different values; a chart shows at most \(Self.largestSeriesCount) series")
            }
            lines = order.map { (name: $0.isEmpty ? "—" : $0, column: column, rows: members[$0] ?? []) }
        } else {
            lines = yColumns.map { (name: $0.name, column: $0, rows: rows) }
        }
        let valueType = yColumns.first?.type ?? .decimal
        let places = yColumns.map(ValueFormat.decimals).max() ?? 0
        let valueFormat = format ?? .automatic(decimals: nil)
        let valueText: @Sendable (Double) -> String = { valueFormat.text($0, type: valueType, places: places) }
        let categorical = !xColumn.type.isNumeric
        // Categories: the x values in order of first appearance (text), or sorted (numbers, dates).
        var categories: [String] = []
        var categoryIndex: [String: Int] = [:]
        for row in (categorical ? rows : rows.sorted { xColumn.numbers[$0] < xColumn.numbers[$1] }) where !xColumn.isMissing(row) {
            let text = xColumn.texts[row]
            if categoryIndex[text] == nil {
                categoryIndex[text] = categories.count
                categories.append(text)
            }
        }
        let xIsDate = xColumn.type == .date
        let labels = categories.map { text in xIsDate ? ValueFormat.dateText(ValueText.day(text) ?? 0) : text }
        let xText: @Sendable (Double) -> String = { [labels] value in
            if categorical {
                let index = Int(value.rounded())
                return labels.indices.contains(index) ? labels[index] : ""
            }
            return xIsDate ? ValueFormat.dateText(Int(value.rounded())) : SVGText.number(value)
        }
        let xTitle = self.xTitle ?? x.name
        let yTitle = self.yTitle ?? (series == nil && y.count > 1 ? "" : y[0].name)
        let title = self.title ?? DataLabel.chartTitle.text(y.map(\.name).joined(separator: ", "), x.name)
        let description = DataLabel.chartDescription.text(DataLabel(rawValue: "kind\(kind.rawValue.capitalized)")?.text ?? kind.rawValue,
                                                          y.map(\.name).joined(separator: ", "), x.name, NumberText.grouped(rows.count), String(lines.count))
        let svg: (inline: String, file: String)
        switch kind {
        case .bar:
            svg = BarChart(
                title: title, description: description, xLabel: xTitle, yLabel: yTitle, categories: labels,
                series: lines.enumerated().map { index, line in
                    var values = [Double?](repeating: nil, count: categories.count)
                    for row in line.rows {
                        guard let slot = categoryIndex[xColumn.texts[row]], !line.column.numbers[row].isNaN else { continue }
                        values[slot] = (values[slot] ?? 0) + line.column.numbers[row]
                    }
                    return BarChart.Series(name: line.name, color: LineChart.color(index), values: values)
                },
                stacked: stacked, idPrefix: "\(id)-chart", valueLabel: valueText
            ).drawing()
        case .scatter:
            svg = ScatterChart(
                title: title, description: description, xLabel: xTitle, yLabel: yTitle,
                series: lines.enumerated().map { index, line in
                    ScatterChart.Series(name: line.name, color: LineChart.color(index), points: points(line.rows, x: xColumn, y: line.column, index: categoryIndex))
                },
                idPrefix: "\(id)-chart", xTickLabel: xText, yTickLabel: valueText
            ).drawing()
        case .line, .step:
            svg = LineChart(
                title: title, description: description, xLabel: xTitle, yLabel: yTitle,
                series: lines.enumerated().map { index, line in
                    LineChart.Series(name: line.name, color: LineChart.color(index),
                                     points: points(line.rows, x: xColumn, y: line.column, index: categoryIndex).sorted { $0.x < $1.x })
                },
                step: kind == .step, idPrefix: "\(id)-chart",
                xMinimumTickStep: categorical || xIsDate || xColumn.type == .integer ? 1 : 0,
                xTickLabel: xText, yTickLabel: valueText
            ).drawing()
        }
        let downloads = DataDownloads(columns: [xColumn] + yColumns + (series.flatMap { table[$0.name] }.map { [$0] } ?? []), rows: rows)
        let valuesTable = Table(
            caption: TableBlock.countText(rows.count),
            columns: downloads.columns.map { Table.Column($0.name, ($0.type == .integer || $0.type == .decimal) ? .number : .text) },
            rows: rows.prefix(500).map { row in
                downloads.columns.map { column in
                    let shownFormat: ValueFormat = yColumns.contains { $0.name == column.name } ? valueFormat : .automatic(decimals: nil)
                    return Table.Cell(shownFormat.text(column, row: row, places: ValueFormat.decimals(of: column)))
                }
            },
            hasRowHeaders: true, className: "data-table"
        )
        let body: [ReportNode] = [
            .chart(Chart(file: "\(id).svg", svg: svg.inline, standalone: svg.file, alt: title, caption: description)),
            .collapsible(Collapsible(summary: DataLabel.chartValues.text, className: "data-values", body: [.table(valuesTable)])),
            .downloads([Download(DataLabel.csv.text, file: "\(id).csv"), Download(DataLabel.json.text, file: "\(id).json")]),
        ]
        return ReportDocument(
            kind: "chart", id: id, title: title, body: body,
            files: [ReportFile(name: "\(id).csv", text: downloads.csv()), ReportFile(name: "\(id).json", text: try downloads.json())]
        )
    }

    /// The points of `rows`: x as a number (a category's index for text), y as a number.
    private func points(_ rows: [Int], x: DataColumn, y: DataColumn, index: [String: Int]) -> [LineChart.Point] {
        rows.compactMap { row in
            let value = y.numbers[row]
            guard !value.isNaN, !x.isMissing(row) else { return nil }
            let position = x.type.isNumeric ? x.numbers[row] : Double(index[x.texts[row]] ?? 0)
            return LineChart.Point(x: position, y: value)
        }
    }
}
