extension ReportDocument {
    /// What a site search finds a report by, each string once: first the words — the title,
    /// headings, summary figures (`label value`), column headers and the summaries of collapsed
    /// parts — then the sentences — table and chart captions and short paragraphs —, each in
    /// reading order (an index that cuts an entry short keeps the words). Table cells, logs and
    /// downloads are left out: they are many and say little a reader would type.
    public var searchText: [String] {
        var words: [String] = []
        var sentences: [String] = []
        var seen = Set<String>()
        func add(_ text: String, sentence: Bool = false) {
            let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !line.isEmpty, seen.insert(line).inserted else { return }
            if sentence { sentences.append(line) } else { words.append(line) }
        }
        if container == .section { add(title) }
        // Walked with a stack (collapsed parts hold nodes), in reading order.
        var stack = Array(body.reversed())
        while let node = stack.popLast() {
            switch node {
            case .paragraph(let paragraph):
                let text = ReportRenderer.plain(paragraph.content)
                if text.count <= Self.longestSearchedParagraph { add(text, sentence: true) }
            case .heading(let text): add(text)
            case .figures(let figures): figures.forEach { add("\($0.label) \($0.value)") }
            case .table(let table):
                add(table.caption, sentence: true)
                table.columns.forEach { add($0.header) }
            case .chart(let chart): add(chart.caption, sentence: true)
            case .collapsible(let collapsible):
                add(collapsible.summary)
                stack.append(contentsOf: collapsible.body.reversed())
            case .component(let component): stack.append(contentsOf: component.fallback.reversed())
            case .cards, .preformatted, .downloads, .pager, .images: break
            }
        }
        return words + sentences
    }

    /// Paragraphs longer than this (a product's description) are left out of ``searchText``.
    static let longestSearchedParagraph = 200
}
