import Basics

/// Turns a ``ReportDocument`` into an HTML fragment, its Markdown twin, and console text. The one
/// place that writes report markup: every string from a document is escaped for its format.
public struct ReportRenderer: Sendable {
    /// Draws a component with the site's template partial; nil when the site has no such partial,
    /// and the component's fallback is shown instead.
    public typealias ComponentRenderer = @Sendable (Component) -> String?

    public var components: ComponentRenderer?

    public init(components: ComponentRenderer? = nil) {
        self.components = components
    }

    // MARK: HTML

    /// The document as an HTML fragment: a `<section>` (or `<div>`) holding the body. A section is
    /// named by its title, or by `name` when given: a page holding several reports of one title
    /// names each apart, so no two of its landmarks share a name.
    public func html(_ document: ReportDocument, name: String? = nil) -> String {
        let classes = (["report", "report-\(document.kind)"] + document.classes).joined(separator: " ")
        let id = HTML.escape(document.id)
        var out: String
        switch document.container {
        case .section:
            let label = name.map { "aria-label=\"\(HTML.escape($0))\"" } ?? "aria-labelledby=\"\(id)-title\""
            out = "<section class=\"\(HTML.escape(classes))\" id=\"\(id)\" \(label)>\n"
            out += "<h2 id=\"\(id)-title\">\(HTML.escape(document.title))</h2>\n"
        case .division:
            out = "<div class=\"\(HTML.escape(classes))\" id=\"\(id)\">\n"
        }
        let level = document.container == .section ? 3 : 2
        for node in document.body { html(node, headingLevel: level, into: &out) }
        out += document.container == .section ? "</section>\n" : "</div>\n"
        return out
    }

    private func html(_ node: ReportNode, headingLevel: Int, into out: inout String) {
        switch node {
        case .paragraph(let paragraph):
            out += "<p\(Self.attribute("class", paragraph.className))\(Self.attribute("lang", paragraph.lang))>"
            out += Self.html(paragraph.content) + "</p>\n"
        case .heading(let text):
            out += "<h\(headingLevel)>\(HTML.escape(text))</h\(headingLevel)>\n"
        case .figures(let figures):
            out += "<dl class=\"figures\">\n"
            for figure in figures {
                out += "<div><dt>\(HTML.escape(figure.label))</dt><dd>\(HTML.escape(figure.value))</dd></div>\n"
            }
            out += "</dl>\n"
        case .table(let table):
            html(table, into: &out)
        case .chart(let chart):
            let classes = (["chart"] + chart.classes).joined(separator: " ")
            let hint = chart.scrollHint.map { "<span class=\"scroll-hint\" aria-hidden=\"true\">\(HTML.escape($0)) </span>" } ?? ""
            out += "<figure class=\"\(HTML.escape(classes))\"\(chart.scrolls ? " tabindex=\"0\"" : "")>\n\(chart.svg)<figcaption>\(hint)\(HTML.escape(chart.caption))</figcaption>\n</figure>\n"
        case .collapsible(let collapsible):
            out += "<details\(Self.attribute("class", collapsible.className))><summary>\(HTML.escape(collapsible.summary))</summary>\n"
            for child in collapsible.body { html(child, headingLevel: headingLevel + 1, into: &out) }
            out += "</details>\n"
        case .preformatted(let block):
            out += "<pre\(Self.attribute("lang", block.lang))>"
            out += block.lines.map(HTML.escape).joined(separator: "\n")
            out += "</pre>\n"
        case .downloads(let downloads):
            let links = downloads.map { "<a href=\"\(HTML.escape($0.file))\" download>\(HTML.escape($0.label))</a>" }
            out += "<p class=\"downloads\">\(HTML.escape(ReportLabel.download.text)): \(links.joined(separator: " · "))</p>\n"
        case .component(let component):
            if let drawn = components?(component) {
                out += drawn
            } else {
                for child in component.fallback { html(child, headingLevel: headingLevel, into: &out) }
            }
        case .cards(let list):
            html(list, headingLevel: headingLevel, into: &out)
        case .pager(let pager):
            html(pager, into: &out)
        case .images(let images):
            for image in images {
                out += "<img src=\"\(HTML.escape(image.source))\" alt=\"\(HTML.escape(image.alt))\">\n"
            }
        }
    }

    private func html(_ table: Table, into out: inout String) {
        // The caption is shown above the scroll box, so it stays in view however far the table
        // scrolls; the table keeps it as its <caption> for screen readers.
        if !table.caption.isEmpty {
            out += "<p class=\"table-caption\" aria-hidden=\"true\">\(HTML.escape(table.caption))</p>\n"
        }
        out += "<div class=\"table-wrap\"><table\(Self.attribute("class", table.className))>\n"
        if !table.caption.isEmpty { out += "<caption class=\"visually-hidden\">\(HTML.escape(table.caption))</caption>\n" }
        out += "<thead><tr>"
        for column in table.columns {
            out += "<th scope=\"col\"\(column.kind.isNumeric ? " class=\"num\"" : "")>\(HTML.escape(column.header))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for (number, row) in table.rows.enumerated() {
            html(row, of: table, id: number < table.rowIDs.count ? table.rowIDs[number] : nil, into: &out)
        }
        out += "</tbody>\n"
        if !table.footer.isEmpty {
            out += "<tfoot>\n"
            for row in table.footer { html(row, of: table, id: nil, into: &out) }
            out += "</tfoot>\n"
        }
        out += "</table></div>\n"
    }

    private func html(_ row: [Table.Cell], of table: Table, id: String?, into out: inout String) {
        out += "<tr\(Self.attribute("id", id))>"
        for (index, cell) in row.enumerated() {
            let numeric = index < table.columns.count && table.columns[index].kind.isNumeric
            let classes = ((numeric ? ["num"] : []) + cell.classes).joined(separator: " ")
            let tag = table.hasRowHeaders && index == 0 ? "th" : "td"
            let scope = tag == "th" ? " scope=\"row\"" : ""
            out += "<\(tag)\(scope)\(Self.attribute("class", classes))>\(Self.html(cell.content))</\(tag)>"
        }
        out += "</tr>\n"
    }

    private func html(_ list: CardList, headingLevel: Int, into out: inout String) {
        let prefix = HTML.escape(list.classPrefix), id = HTML.escape(list.id)
        out += "<div class=\"\(prefix)-view\">\n"
        for (view, icon, label, checked) in [("grid", "▦", ReportLabel.grid.text, " checked"), ("list", "☰", ReportLabel.list.text, "")] {
            out += "<input type=\"radio\" class=\"\(prefix)-toggle \(prefix)-toggle-\(view)\" name=\"\(id)-view\" id=\"\(id)-view-\(view)\"\(checked)>"
            out += "<label for=\"\(id)-view-\(view)\"><span aria-hidden=\"true\">\(icon) </span>\(HTML.escape(label))</label>\n"
        }
        if list.cards.isEmpty {
            out += "<p class=\"note \(prefix)-empty\">\(HTML.escape(list.emptyText))</p>\n"
        } else {
            out += "<ul class=\"\(prefix)-products\">\n"
            for card in list.cards {
                if let drawn = components?(card) {
                    out += drawn
                } else {
                    out += "<li>\n"
                    for child in card.fallback { html(child, headingLevel: headingLevel, into: &out) }
                    out += "</li>\n"
                }
            }
            out += "</ul>\n"
        }
        out += "</div>\n"
    }

    private func html(_ pager: Pager, into out: inout String) {
        guard pager.links.count > 1 else { return }
        let prefix = HTML.escape(pager.classPrefix)
        func href(_ number: Int) -> String { HTML.escape(pager.links[number - 1]) }
        out += "<nav class=\"\(prefix)-pager\" aria-label=\"\(HTML.escape(pager.label))\">"
        if pager.current > 1 {
            out += "<a class=\"\(prefix)-pager-step\" rel=\"prev\" href=\"\(href(pager.current - 1))\">\(HTML.escape(ReportLabel.previous.text))</a>"
        }
        out += "<ol>"
        for number in 1...pager.links.count {
            let current = number == pager.current ? " aria-current=\"page\"" : ""
            out += "<li><a href=\"\(href(number))\"\(current)><span class=\"\(prefix)-vh\">\(HTML.escape(ReportLabel.page.text)) </span>\(number)</a></li>"
        }
        out += "</ol>"
        if pager.current < pager.links.count {
            out += "<a class=\"\(prefix)-pager-step\" rel=\"next\" href=\"\(href(pager.current + 1))\">\(HTML.escape(ReportLabel.next.text))</a>"
        }
        out += "</nav>\n"
    }

    /// Inline content as HTML.
    static func html(_ content: [Inline]) -> String {
        var out = ""
        for inline in content {
            switch inline {
            case .text(let text): out += HTML.escape(text)
            case let .decoration(text, className):
                out += "<span class=\"\(HTML.escape(className))\" aria-hidden=\"true\">\(HTML.escape(text))</span>"
            case let .spoken(text, className):
                out += "<span class=\"\(HTML.escape(className))\">\(HTML.escape(text))</span>"
            case let .styled(inner, className):
                out += "<span class=\"\(HTML.escape(className))\">\(html(inner))</span>"
            case let .link(inner, href, _, className):
                out += "<a\(attribute("class", className)) href=\"\(HTML.escape(href))\">\(html(inner))</a>"
            case let .deleted(inner, className):
                out += "<del\(attribute("class", className))>\(html(inner))</del>"
            case .lineBreak:
                out += "<br>"
            }
        }
        return out
    }

    /// ` name="value"`, or nothing when the value is nil or empty.
    private static func attribute(_ name: String, _ value: String?) -> String {
        guard let value, !value.isEmpty else { return "" }
        return " \(name)=\"\(HTML.escape(value))\""
    }

    // MARK: Markdown

    /// The document as Markdown: blocks separated by blank lines, ending in one newline.
    public func markdown(_ document: ReportDocument) -> String {
        var out = ""
        var level = 3
        if document.container == .section {
            out += "### \(MarkdownText.escape(document.title))\n\n"
            level = 4
        }
        for node in document.body { markdown(node, headingLevel: level, into: &out) }
        while out.hasSuffix("\n") { out.removeLast() }
        return out.isEmpty ? "" : out + "\n"
    }

    private func markdown(_ node: ReportNode, headingLevel: Int, into out: inout String) {
        switch node {
        case .paragraph(let paragraph):
            let text = Self.markdown(paragraph.content)
            guard !text.isEmpty else { return }
            out += (paragraph.isStrong ? "**\(text)**" : text) + "\n\n"
        case .heading(let text):
            out += String(repeating: "#", count: min(headingLevel, 6)) + " \(MarkdownText.escape(text))\n\n"
        case .figures(let figures):
            out += figures.map { "- **\(MarkdownText.escape($0.label)):** \(MarkdownText.escape($0.value))\n" }.joined() + "\n"
        case .table(let table):
            if !table.caption.isEmpty { out += Self.sentence(MarkdownText.escape(table.caption)) + "\n\n" }
            out += "| " + table.columns.map { MarkdownText.escape($0.header) }.joined(separator: " | ") + " |\n"
            out += "|" + table.columns.map { $0.kind.isNumeric ? " ---: |" : " --- |" }.joined() + "\n"
            for row in table.rows + table.footer {
                out += "| " + row.map { Self.markdown($0.content) }.joined(separator: " | ") + " |\n"
            }
            out += "\n"
        case .chart(let chart):
            out += "![\(MarkdownText.escape(chart.alt))](\(MarkdownText.url(chart.file)))\n\n"
            out += MarkdownText.escape(chart.caption) + "\n\n"
        case .collapsible(let collapsible):
            markdown(.heading(collapsible.summary), headingLevel: headingLevel, into: &out)
            for child in collapsible.body { markdown(child, headingLevel: headingLevel + 1, into: &out) }
        case .preformatted(let block):
            let fence = MarkdownText.fence(for: block.lines)
            out += "\(fence)text\n" + block.lines.joined(separator: "\n") + "\n\(fence)\n\n"
        case .downloads(let downloads):
            let links = downloads.map { "[\(MarkdownText.escape($0.label))](\(MarkdownText.url($0.file)))" }
            out += "\(MarkdownText.escape(ReportLabel.download.text)): \(links.joined(separator: " · "))\n\n"
        case .component(let component):
            for child in component.fallback { markdown(child, headingLevel: headingLevel, into: &out) }
        case .cards(let list):
            for child in list.fallback { markdown(child, headingLevel: headingLevel, into: &out) }
        case .pager:
            break
        case .images(let images):
            guard !images.isEmpty else { return }
            out += images.map { "![\(MarkdownText.escape($0.alt))](\(MarkdownText.url($0.source)))\n" }.joined() + "\n"
        }
    }

    /// Inline content as Markdown; words for screen readers only are left out.
    static func markdown(_ content: [Inline]) -> String {
        var out = ""
        for inline in content {
            switch inline {
            case .text(let text), .decoration(let text, _): out += MarkdownText.escape(text)
            case .spoken: break
            case .styled(let inner, _): out += markdown(inner)
            case let .link(inner, _, href, _): out += "[\(markdown(inner))](\(MarkdownText.url(href)))"
            case .deleted(let inner, _): out += "~~\(markdown(inner))~~"
            case .lineBreak: out += " "
            }
        }
        return out
    }

    /// A caption as a sentence: a full stop added unless it ends in punctuation.
    private static func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?:…".contains(last) else { return text }
        return text + "."
    }

    // MARK: Text

    /// The document as console text: the title, then each block, separated by blank lines; tables
    /// with aligned columns, charts by their captions, no download links.
    public func text(_ document: ReportDocument) -> String {
        var blocks: [String] = []
        if document.container == .section { blocks.append(document.title) }
        for node in document.body { text(node, into: &blocks) }
        return blocks.filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
    }

    private func text(_ node: ReportNode, into blocks: inout [String]) {
        switch node {
        case .paragraph(let paragraph): blocks.append(Self.plain(paragraph.content))
        case .heading(let text): blocks.append("\(text)\n" + String(repeating: "-", count: text.count))
        case .figures(let figures): blocks.append(figures.map { "\($0.label): \($0.value)" }.joined(separator: "\n"))
        case .table(let table): blocks.append(Self.text(table))
        case .chart(let chart): blocks.append(chart.caption)
        case .collapsible(let collapsible):
            text(.heading(collapsible.summary), into: &blocks)
            for child in collapsible.body { text(child, into: &blocks) }
        case .preformatted(let block): blocks.append(block.lines.joined(separator: "\n"))
        case .downloads, .pager, .images: break
        case .component(let component): for child in component.fallback { text(child, into: &blocks) }
        case .cards(let list): for child in list.fallback { text(child, into: &blocks) }
        }
    }

    /// Inline content as a search shows it: plain text without what is struck through (a list
    /// price before its discount) or spoken only to screen readers.
    static func searchPlain(_ content: [Inline]) -> String {
        var out = ""
        for inline in content {
            switch inline {
            case .text(let text), .decoration(let text, _): out += text
            case .spoken, .deleted: break
            case .styled(let inner, _), .link(let inner, _, _, _): out += searchPlain(inner)
            case .lineBreak: out += " "
            }
        }
        return out
    }

    /// Inline content as plain text; struck-through text between `~~`.
    static func plain(_ content: [Inline]) -> String {
        var out = ""
        for inline in content {
            switch inline {
            case .text(let text), .decoration(let text, _): out += text
            case .spoken: break
            case .styled(let inner, _), .link(let inner, _, _, _): out += plain(inner)
            case .deleted(let inner, _): out += "~~\(plain(inner))~~"
            case .lineBreak: out += " "
            }
        }
        return out
    }

    private static func text(_ table: Table) -> String {
        let cells = [table.columns.map(\.header)] + (table.rows + table.footer).map { $0.map { plain($0.content) } }
        var widths = Array(repeating: 0, count: table.columns.count)
        for row in cells {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], displayWidth(cell)) }
        }
        func line(_ row: [String]) -> String {
            var parts: [String] = []
            for (index, cell) in row.enumerated() where index < widths.count {
                let pad = String(repeating: " ", count: widths[index] - displayWidth(cell))
                parts.append(table.columns[index].kind.isNumeric ? pad + cell : cell + pad)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        var lines: [String] = []
        if !table.caption.isEmpty { lines.append(table.caption) }
        lines.append(line(cells[0]))
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        lines += cells.dropFirst().map(line)
        return lines.joined(separator: "\n")
    }
}

/// Columns a terminal gives `text`: two for Hangul, CJK and emoji, none for combining marks.
private func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: width
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF: width + 2
        default: width + 1
        }
    }
}

/// The words the renderer itself prints ("Download", "Grid", …), from the `report` section of
/// the current ``Strings`` table.
enum ReportLabel: String, ReportLabelSet {
    case download, grid, list, page, previous, next

    static let section = "report"
    static var builtIn: StringTables { ReportRenderer.builtIn.strings }
}

extension ReportRenderer {
    /// The renderer's own files: the words it prints itself (`report.*`), in
    /// `Sources/ReportKit/Files/i18n/`. Every ``Strings`` table holds them.
    public static let builtIn = BuiltInFiles(EmbeddedFiles.files)
}
