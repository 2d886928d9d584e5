extension ReportDocument {
    /// What a site search finds a report by, in reading order and each string once: the title,
    /// headings, summary figures (`label value`), table captions and column headers, chart
    /// captions, the summaries of collapsed parts and short paragraphs. Table cells, logs and
    /// downloads are left out: they are many and say little a reader would type.
    public var searchText: [String] {
        var out: [String] = []
        var seen = Set<String>()
        func add(_ text: String) {
            let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !line.isEmpty, seen.insert(line).inserted { out.append(line) }
        }
        if container == .section { add(title) }
        // Walked with a stack (collapsed parts hold nodes), in reading order.
        var stack = Array(body.reversed())
        while let node = stack.popLast() {
            switch node {
            case .paragraph(let paragraph):
                let text = ReportRenderer.plain(paragraph.content)
                if text.count <= Self.longestSearchedParagraph { add(text) }
            case .heading(let text): add(text)
            case .figures(let figures): figures.forEach { add("\($0.label) \($0.value)") }
            case .table(let table):
                add(table.caption)
                table.columns.forEach { add($0.header) }
            case .chart(let chart): add(chart.caption)
            case .collapsible(let collapsible):
                add(collapsible.summary)
                stack.append(contentsOf: collapsible.body.reversed())
            case .component(let component): stack.append(contentsOf: component.fallback.reversed())
            case .cards, .preformatted, .downloads, .pager, .images: break
            }
        }
        return out
    }

    /// Paragraphs longer than this (a product's description) are left out of ``searchText``.
    static let longestSearchedParagraph = 200
}
