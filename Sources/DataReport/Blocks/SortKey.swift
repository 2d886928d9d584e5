import Basics

/// A column to sort by: `sales` ascending, `-sales` descending.
struct SortKey: Sendable, Equatable {
    var column: String
    var descending: Bool
    var line: Int?

    /// Reads `sort: -sales` or `sort: [region, -sales]`.
    static func parse(_ node: ScenarioNode, problems: inout DiagnosticCollector) -> [SortKey] {
        let items: [ScenarioNode]
        if case .sequence = node.node {
            items = problems.attempt { try node.list() } ?? []
        } else {
            items = [node]
        }
        return items.compactMap { item in
            guard let text = problems.attempt({ try item.string() }) else { return nil }
            let descending = text.hasPrefix("-")
            let name = descending ? String(text.dropFirst()) : text
            guard !name.isEmpty else {
                problems.add(item.error("must name a column, with - before it to sort from the largest"))
                return nil
            }
            return SortKey(column: name, descending: descending, line: item.line)
        }
    }

    /// `rows` sorted by `keys` (stable: equal rows keep their order); numbers and dates as
    /// such, text by Unicode order; missing values last either way.
    static func sorted(_ rows: [Int], by keys: [SortKey], in table: DataTable) -> [Int] {
        let columns = keys.compactMap { key in table[key.column].map { (column: $0, descending: key.descending) } }
        guard !columns.isEmpty else { return rows }
        return rows.enumerated().sorted { a, b in
            for (column, descending) in columns {
                let order = compare(column, a.element, b.element)
                if order != 0 {
                    // Missing values sort last in both directions.
                    if column.isMissing(a.element) != column.isMissing(b.element) { return !column.isMissing(a.element) }
                    return descending ? order > 0 : order < 0
                }
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// -1, 0 or 1.
    private static func compare(_ column: DataColumn, _ a: Int, _ b: Int) -> Int {
        let missingA = column.isMissing(a), missingB = column.isMissing(b)
        if missingA || missingB { return missingA == missingB ? 0 : (missingA ? 1 : -1) }
        if column.type.isNumeric {
            let x = column.numbers[a], y = column.numbers[b]
            return x < y ? -1 : x > y ? 1 : 0
        }
        let x = column.texts[a], y = column.texts[b]
        return x < y ? -1 : x > y ? 1 : 0
    }
}
