import Basics
import Foundation
import ReportKit

/// A `table` block: rows of a data file, its columns chosen, renamed, ordered and formatted,
/// sorted, filtered, grouped with totals, rows highlighted by a rule.
struct TableBlock: Sendable {
    static let keys = DataSourceOptions.keys + ["title", "columns", "sort", "group", "totals", "highlight", "highlight_label", "max_rows"]

    var source: DataSourceOptions
    var title: String?
    /// nil: every column of the file, in its order.
    var columns: [TableColumn]?
    var sort: [SortKey] = []
    var group: (name: String, line: Int?)?
    var totals = false
    var highlight: RowCondition?
    var highlightLabel: String?
    /// Rows shown on the page; the downloads hold all of them.
    var maxRows = 1000

    /// Reads a block's YAML; every problem at once.
    static func parse(_ block: ReportBlock, contentDirectory: URL) throws -> TableBlock {
        var problems = DiagnosticCollector()
        let root = try ScenarioNode.parse(block.source, lineOffset: block.lineOffset, problems: &problems)
        let map = try root.mapping(allowed: keys, problems: &problems)
        let source = DataSourceOptions.parse(map, pagePath: block.pagePath, contentDirectory: contentDirectory, problems: &problems)
        var options = source.map { TableBlock(source: $0) }
        if let node = map["title"] { problems.attempt { options?.title = try node.string() } }
        if let node = map["columns"], let items = problems.attempt({ try node.list() }) {
            let columns = items.compactMap { TableColumn.parse($0, problems: &problems) }
            if columns.isEmpty { problems.add(node.error("must list at least one column")) }
            options?.columns = columns
        }
        if let node = map["sort"] { options?.sort = SortKey.parse(node, problems: &problems) }
        if let node = map["group"] { problems.attempt { options?.group = (try node.string(), node.line) } }
        if let node = map["totals"] { problems.attempt { options?.totals = try node.bool() } }
        if let node = map["highlight"] {
            options?.highlight = problems.attempt { try RowCondition(try node.string(), line: node.line, key: "highlight") }
        }
        if let node = map["highlight_label"] { problems.attempt { options?.highlightLabel = try node.string() } }
        if let node = map["max_rows"] { problems.attempt { options?.maxRows = try node.int(in: 1...100_000) } }
        try problems.check()
        guard let options else { throw Diagnostic(line: block.line, "source is required") }
        return options
    }

    /// What the block reads.
    var request: DataRequest {
        var uses = (columns ?? []).map { DataRequest.Use($0.name, line: $0.line) }
        uses += sort.map { .init($0.column, line: $0.line) }
        if let group { uses.append(.init(group.name, line: group.line)) }
        if let highlight { uses.append(.init(highlight.column, line: highlight.line)) }
        return DataRequest(uses: uses, everyColumn: columns == nil)
    }

    /// The report of block `id`.
    func document(id: String) throws -> ReportDocument {
        let table = try source.read(request)
        var problems = DiagnosticCollector()
        if let highlight, let column = table[highlight.column] { problems.attempt { try highlight.check(against: column) } }
        let filtered = try source.rows(of: table)
        try problems.check()
        let rows = SortKey.sorted(filtered, by: sort, in: table)
        let shown = (columns ?? table.columns.map { TableColumn(name: $0.name, title: $0.name) }).compactMap { choice in
            table[choice.name].map { (choice: choice, column: $0, places: ValueFormat.decimals(of: $0)) }
        }
        let title = self.title ?? DataLabel.tableTitle.text(source.url.lastPathComponent)
        var body: [ReportNode] = []
        let downloads: DataDownloads
        if let group, let key = table[group.name] {
            let grouped = Self.grouped(rows, by: key, shown: shown.filter { $0.column.name != key.name }, sort: sort)
            body.append(.table(grouped))
            downloads = DataDownloads(columns: [key] + shown.map(\.column).filter { $0.name != key.name }, rows: rows)
        } else {
            body.append(.table(plainTable(rows, shown: shown, highlightColumn: highlight.flatMap { table[$0.column] })))
            downloads = DataDownloads(columns: shown.map(\.column), rows: rows)
        }
        if rows.count > maxRows {
            body.append(.paragraph(Paragraph(DataLabel.rowsShown.text(NumberText.grouped(maxRows), NumberText.grouped(rows.count)), className: "note")))
        }
        body.append(.downloads([Download(DataLabel.csv.text, file: "\(id).csv"), Download(DataLabel.json.text, file: "\(id).json")]))
        return ReportDocument(
            kind: "table", id: id, title: title, body: body,
            headlines: [Self.countText(rows.count)],
            files: [ReportFile(name: "\(id).csv", text: downloads.csv()), ReportFile(name: "\(id).json", text: try downloads.json())]
        )
    }

    /// `3 rows`.
    static func countText(_ count: Int) -> String {
        count == 1 ? DataLabel.oneRow.text : DataLabel.rows.text(NumberText.grouped(count))
    }

    private typealias Shown = (choice: TableColumn, column: DataColumn, places: Int)

    private static func kind(_ shown: Shown) -> Table.Kind {
        (shown.choice.format ?? .automatic(decimals: nil)).isNumeric(for: shown.column.type) ? .number : .text
    }

    /// Whether a column is summed in totals: numbers shown as numbers or money.
    private static func isSummed(_ shown: Shown) -> Bool {
        guard shown.column.type == .integer || shown.column.type == .decimal else { return false }
        switch shown.choice.format ?? .automatic(decimals: nil) {
        case .automatic, .number, .currency: return true
        case .percent, .date, .text: return false
        }
    }

    private func plainTable(_ rows: [Int], shown: [Shown], highlightColumn: DataColumn?) -> Table {
        var table = Table(
            caption: Self.countText(rows.count),
            columns: shown.map { Table.Column($0.choice.title, Self.kind($0)) },
            rows: rows.prefix(maxRows).map { row in
                let marked = highlight.map { rule in highlightColumn.map { rule.matches($0, row: row) } ?? false } ?? false
                return shown.enumerated().map { index, item in
                    let text = (item.choice.format ?? .automatic(decimals: nil)).text(item.column, row: row, places: item.places)
                    guard marked else { return Table.Cell(text) }
                    var content: [Inline] = [.text(text)]
                    if index == 0 {
                        content = [.decoration("▲ ", className: "data-mark"), .spoken((highlightLabel ?? DataLabel.highlighted.text) + ": ")] + content
                    }
                    return Table.Cell(content, classes: ["data-highlight"])
                }
            },
            hasRowHeaders: false,
            className: "data-table"
        )
        if totals && shown.contains(where: Self.isSummed) {
            table.footer = [Self.totalRow(DataLabel.total.text, rows: rows, shown: shown)]
        }
        return table
    }

    /// One row per value of `key`, numeric columns summed and the rows counted, captioned with
    /// the rows and groups; a total row at the foot. Groups come in order of first appearance among `rows`, or by their sums when the
    /// first sort key is a summed column.
    private static func grouped(_ rows: [Int], by key: DataColumn, shown: [Shown], sort: [SortKey]) -> Table {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for row in rows {
            let value = key.texts[row]
            if members[value] == nil { order.append(value) }
            members[value, default: []].append(row)
        }
        let summed = shown.filter(isSummed)
        if let first = sort.first, let column = summed.first(where: { $0.column.name == first.column })?.column {
            let totals = Dictionary(uniqueKeysWithValues: order.map { value in
                (value, (members[value] ?? []).reduce(0.0) { $0 + (column.numbers[$1].isNaN ? 0 : column.numbers[$1]) })
            })
            order = order.enumerated().sorted { a, b in
                let x = totals[a.element] ?? 0, y = totals[b.element] ?? 0
                return x == y ? a.offset < b.offset : (first.descending ? x > y : x < y)
            }.map(\.element)
        }
        let caption = order.count == 1 ? DataLabel.inOneGroup.text(countText(rows.count))
            : DataLabel.inGroups.text(countText(rows.count), NumberText.grouped(order.count))
        var table = Table(
            caption: caption,
            columns: [Table.Column(key.name)] + summed.map { Table.Column($0.choice.title, .number) } + [Table.Column(DataLabel.count.text, .number)],
            rows: order.map { value in
                let groupRows = members[value] ?? []
                let label = value.isEmpty ? "—" : (key.type == .date ? ValueFormat.dateText(Int(key.numbers[groupRows[0]])) : value)
                return [Table.Cell(label)] + summed.map { Table.Cell(sumText($0, rows: groupRows)) } + [Table.Cell(NumberText.grouped(groupRows.count))]
            },
            hasRowHeaders: true,
            className: "data-table"
        )
        table.footer = [[Table.Cell(DataLabel.total.text)] + summed.map { Table.Cell(sumText($0, rows: rows)) } + [Table.Cell(NumberText.grouped(rows.count))]]
        return table
    }

    private static func totalRow(_ label: String, rows: [Int], shown: [Shown]) -> [Table.Cell] {
        shown.enumerated().map { index, item in
            if isSummed(item) { return Table.Cell(sumText(item, rows: rows)) }
            return Table.Cell(index == 0 ? label : "")
        }
    }

    private static func sumText(_ item: Shown, rows: [Int]) -> String {
        let total = rows.reduce(0.0) { sum, row in
            let value = item.column.numbers[row]
            return value.isNaN ? sum : sum + value
        }
        return (item.choice.format ?? .automatic(decimals: nil)).text(total, type: item.column.type, places: item.places)
    }
}
