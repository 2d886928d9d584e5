import Basics

/// A column a `table` block shows: which data column, under what title, in what format.
struct TableColumn: Sendable, Equatable {
    /// The data column's name.
    var name: String
    /// The header shown (the name unless `title:` says otherwise).
    var title: String
    /// nil: chosen by the column's type.
    var format: ValueFormat?
    /// The line in the page.
    var line: Int?

    /// The keys of a column given as a mapping.
    static let keys = ["column", "title", "format", "currency", "decimals"]

    /// Reads `- product` or `- {column: price, title: 가격, format: currency, currency: KRW}`.
    static func parse(_ node: ScenarioNode, problems: inout DiagnosticCollector) -> TableColumn? {
        if case .scalar = node.node {
            guard let name = problems.attempt({ try node.string() }) else { return nil }
            return TableColumn(name: name, title: name, line: node.line)
        }
        let map: ScenarioMapping
        do {
            map = try node.mapping(allowed: keys, problems: &problems)
        } catch {
            Diagnostics.from(error).forEach { problems.add($0) }
            return nil
        }
        guard let name = problems.attempt({ try map.required("column").string() }) else { return nil }
        var column = TableColumn(name: name, title: name, line: map["column"]?.line ?? node.line)
        if let title = map["title"] { problems.attempt { column.title = try title.string() } }
        column.format = ValueFormatOption.parse(map, problems: &problems)
        return column
    }
}

/// `format:`, `currency:` and `decimals:`, as a column or a figure writes them.
enum ValueFormatOption {
    static func parse(_ map: ScenarioMapping, problems: inout DiagnosticCollector) -> ValueFormat? {
        let decimals = map["decimals"].flatMap { node in problems.attempt { try node.int(in: 0...6) } }
        let currency = map["currency"].flatMap { node in problems.attempt { try node.string() } }
        guard let formatNode = map["format"] else {
            if let currency {
                return problems.attempt { try ValueFormat.parse("currency", currency: currency, decimals: decimals, line: map["currency"]?.line) }
            }
            return decimals.map { .automatic(decimals: $0) }
        }
        guard let name = problems.attempt({ try formatNode.string() }) else { return nil }
        return problems.attempt { try ValueFormat.parse(name, currency: currency, decimals: decimals, line: formatNode.line) }
    }
}
