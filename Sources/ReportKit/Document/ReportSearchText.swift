/// What a site search finds a report by, as plain text (struck-through text left out, each string
/// once, in reading order). Table cells, logs and downloads are left out: they are many and say
/// little a reader would type.
public struct ReportSearchText: Sendable, Equatable {
    /// Ranked above the rest: the title (of a report that is a page section), its headings and
    /// the summaries of its collapsed parts.
    public var headings: [String] = []
    /// What a result's snippet may show: table and chart captions and short paragraphs, then the
    /// summary figures (`label value`).
    public var text: [String] = []
    /// Found but never shown: column headers, which read as a run of single words.
    public var keywords: [String] = []

    public init(headings: [String] = [], text: [String] = [], keywords: [String] = []) {
        self.headings = headings
        self.text = text
        self.keywords = keywords
    }
}

extension ReportDocument {
    /// What a site search finds this report by.
    public var searchText: ReportSearchText {
        var headings: [String] = []
        var sentences: [String] = []
        var figures: [String] = []
        var keywords: [String] = []
        var seen = Set<String>()
        func add(_ text: String, to list: inout [String]) {
            let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !line.isEmpty, seen.insert(line).inserted else { return }
            list.append(line)
        }
        if container == .section { add(title, to: &headings) }
        // Walked with a stack (collapsed parts hold nodes), in reading order.
        var stack = Array(body.reversed())
        while let node = stack.popLast() {
            switch node {
            case .paragraph(let paragraph) where !Self.isNavigation(paragraph):
                let text = ReportRenderer.searchPlain(paragraph.content)
                if text.count <= Self.longestSearchedParagraph { add(text, to: &sentences) }
            case .paragraph: break
            case .heading(let text): add(text, to: &headings)
            case .figures(let items): items.forEach { add("\($0.label) \($0.value)", to: &figures) }
            case .table(let table):
                add(table.caption, to: &sentences)
                table.columns.forEach { add($0.header, to: &keywords) }
            case .chart(let chart): add(chart.caption, to: &sentences)
            case .collapsible(let collapsible):
                add(collapsible.summary, to: &headings)
                stack.append(contentsOf: collapsible.body.reversed())
            case .component(let component): stack.append(contentsOf: component.fallback.reversed())
            case .cards, .preformatted, .downloads, .pager, .images: break
            }
        }
        return ReportSearchText(headings: headings, text: sentences + figures, keywords: keywords)
    }

    /// True for a paragraph of links alone (`← All products`): a way to go, not what a page says.
    static func isNavigation(_ paragraph: Paragraph) -> Bool {
        paragraph.content.contains { if case .link = $0 { true } else { false } } && paragraph.content.allSatisfy { inline in
            switch inline {
            case .link, .lineBreak, .spoken, .decoration: true
            case .text(let text): text.allSatisfy(\.isWhitespace)
            default: false
            }
        }
    }

    /// Paragraphs longer than this (a product's description) are left out of ``searchText``.
    static let longestSearchedParagraph = 200
}
