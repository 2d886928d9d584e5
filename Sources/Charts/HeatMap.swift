import Basics
import Foundation

/// A heat map: a grid of cells, rows by one setting and columns by another, each cell filled on a
/// sequential colour scale by its value and showing that value as text, written as an SVG document
/// that is inlined in a page and also stands alone.
///
/// The scale is viridis (``color(fraction:)``), even in lightness and readable with every common
/// colour-vision deficiency; each cell's text is black or white, whichever stands out more against
/// its fill (``textColor(onFill:)``), so every fill carries readable text in light and dark mode
/// alike. Colour is never the only carrier of meaning: the value is written in each cell, the
/// best cell has ★ and a thick outline, a cell that misses the target has ✗, and every cell has
/// a `<title>` naming its row, its column, its value and its marks (hover, without script). A
/// legend under the grid shows the scale from its lowest to its highest value and what the marks
/// mean. Cells without a value (nil or not finite) are left unfilled.
///
/// The drawing keeps its natural size (text 12 px, no `viewBox`): on a page it stands in a box
/// that scrolls sideways when the grid is wider than the screen. The SVG has `role="img"`, a
/// `<title>` and a `<desc>` with ids made unique on the page by ``idPrefix``. The output depends
/// only on the input.
public struct HeatMap: Sendable {
    /// One cell.
    public struct Cell: Sendable, Equatable {
        /// What sets the fill; nil (or not finite) for a cell without a value.
        public var value: Double?
        /// The value as the reader reads it (`₩1,650,000`, `82.5%`).
        public var text: String
        /// Marked ✗: the cell misses the target.
        public var missesTarget: Bool

        public init(value: Double?, text: String, missesTarget: Bool = false) {
            self.value = value
            self.text = text
            self.missesTarget = missesTarget
        }
    }

    public var title: String
    public var description: String
    /// What the rows are (`예금 tellers`), written down the left side.
    public var rowTitle: String
    /// What the columns are (`대출 tellers`), written above them.
    public var columnTitle: String
    /// The rows' labels, top to bottom.
    public var rows: [String]
    /// The columns' labels, left to right.
    public var columns: [String]
    /// The cells row by row (`rows.count × columns.count`); a missing one is drawn empty.
    public var cells: [Cell]
    /// The index in ``cells`` of the best cell, marked ★ and outlined; nil for none.
    public var best: Int?
    /// What the values are (`Cost a day (KRW)`), over the legend's scale.
    public var legendTitle: String
    /// Formats the scale's lowest and highest values in the legend.
    public var legendLabel: @Sendable (Double) -> String
    /// What ★ means (`best`), in the legend and the best cell's title.
    public var bestName: String
    /// What ✗ means (`misses the target`), in the legend and the titles of the cells marked so.
    public var missName: String
    /// Prefix for the ids of `<title>`, `<desc>` and the legend's gradient, unique on the page.
    public var idPrefix: String

    public init(
        title: String, description: String, rowTitle: String, columnTitle: String, rows: [String], columns: [String],
        cells: [Cell], best: Int? = nil, legendTitle: String, legendLabel: @escaping @Sendable (Double) -> String = SVGText.number,
        bestName: String, missName: String, idPrefix: String
    ) {
        self.title = title
        self.description = description
        self.rowTitle = rowTitle
        self.columnTitle = columnTitle
        self.rows = rows
        self.columns = columns
        self.cells = cells
        self.best = best
        self.legendTitle = legendTitle
        self.legendLabel = legendLabel
        self.bestName = bestName
        self.missName = missName
        self.idPrefix = idPrefix
    }

    // MARK: Colours

    /// Viridis at 0, ¼, ½, ¾ and 1, as sRGB; the scale runs straight between them.
    static let stops: [(red: Double, green: Double, blue: Double)] = [
        (0x44, 0x01, 0x54), (0x3B, 0x52, 0x8B), (0x21, 0x91, 0x8C), (0x5E, 0xC9, 0x62), (0xFD, 0xE7, 0x25),
    ]

    /// The scale's colour at `fraction` (0 the lowest value, dark violet; 1 the highest, yellow),
    /// as `#rrggbb`; a fraction outside 0…1 (or not a number) is taken as the nearer end (0).
    public static func color(fraction: Double) -> String {
        let t = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        let position = t * Double(stops.count - 1)
        let index = min(Int(position), stops.count - 2)
        let share = position - Double(index)
        let low = stops[index], high = stops[index + 1]
        func channel(_ a: Double, _ b: Double) -> String {
            let value = Int((a + (b - a) * share).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16)
        }
        return "#" + channel(low.red, high.red) + channel(low.green, high.green) + channel(low.blue, high.blue)
    }

    /// The colour of text on a `#rrggbb` fill: `#000` or `#fff`, whichever has the higher contrast
    /// ratio against it (WCAG's relative luminance; the worse of the two best choices is 4.58:1).
    public static func textColor(onFill fill: String) -> String {
        let luminance = relativeLuminance(fill)
        let againstBlack = (luminance + 0.05) / 0.05
        let againstWhite = 1.05 / (luminance + 0.05)
        return againstBlack >= againstWhite ? "#000" : "#fff"
    }

    /// WCAG's relative luminance of a `#rrggbb` colour (0 black, 1 white; 0 for anything else).
    static func relativeLuminance(_ hex: String) -> Double {
        let digits = Array(hex.dropFirst())
        guard hex.first == "#", digits.count == 6 else { return 0 }
        func channel(_ offset: Int) -> Double {
            let value = Double(Int(String(digits[offset..<offset + 2]), radix: 16) ?? 0) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
    }

    // MARK: Layout

    /// A cell's height: its value on the first line, its marks on the second.
    public static let cellHeight = 46.0
    /// The narrowest a cell gets; it widens to hold the widest text (bold, with 12 px either side).
    public static let minimumCellWidth = 52.0
    /// The strip on the left holding the rows' title, turned to run upwards.
    static let titleStrip = 18.0
    /// The band above the cells: the columns' title, then their labels.
    static let headerHeight = 40.0
    static let legendBarHeight = 12.0
    static let margin = 8.0
    static let lineHeight = 16.0

    /// `text` cut at spaces into lines at most `width` px wide (a longer word stands alone).
    static func lines(_ text: String, width: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty && SVGText.textWidth(candidate) > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Where everything goes, worked out once.
    struct Layout {
        let cellsLeft: Double
        let cellWidth: Double
        let cellsBottom: Double
        let legendTop: Double
        let legendWidth: Double
        /// The legend's title in lines that fit over the scale.
        let legendLines: [String]
        let width: Double
        let height: Double
        /// The lowest and highest finite values, or nil when no cell has one.
        let range: (low: Double, high: Double)?

        init(_ map: HeatMap) {
            let values = map.cells.compactMap(\.value).filter(\.isFinite)
            range = values.min().map { ($0, values.max() ?? $0) }
            let rowLabels = map.rows.map(SVGText.textWidth).max() ?? 0
            cellsLeft = HeatMap.titleStrip + rowLabels + 10
            let widest = (map.cells.map(\.text) + map.columns).map(SVGText.textWidth).max() ?? 0
            cellWidth = max(HeatMap.minimumCellWidth, (widest + 24).rounded(.up))
            let cellsWidth = cellWidth * Double(map.columns.count)
            // The rows' title runs up beside the rows; a title longer than them makes room below.
            let rowsBand = max(HeatMap.cellHeight * Double(map.rows.count), SVGText.textWidth(map.rowTitle) + 8)
            cellsBottom = HeatMap.headerHeight + rowsBand
            legendTop = cellsBottom + 14
            var legendWidth = 0.0
            if let range {
                let labels = range.high > range.low
                    ? SVGText.textWidth(map.legendLabel(range.low)) + SVGText.textWidth(map.legendLabel(range.high)) + 16
                    : SVGText.textWidth(map.legendLabel(range.low))
                legendWidth = max(min(max(cellsWidth, 120), 240), labels)
            }
            self.legendWidth = legendWidth
            legendLines = range == nil ? [] : HeatMap.lines(map.legendTitle, width: max(cellsWidth, 240))
            let extraLines = Double(max(legendLines.count - 1, 0)) * HeatMap.lineHeight
            let keyWidth = map.keyItems().reduce(0) { $0 + SVGText.textWidth($1) + 16 }
            let contentRight = [
                cellsLeft + cellsWidth, cellsLeft + SVGText.textWidth(map.columnTitle),
                cellsLeft + max(legendWidth, legendLines.map(SVGText.textWidth).max() ?? 0), cellsLeft + keyWidth,
            ].max() ?? 0
            width = (contentRight + HeatMap.margin).rounded(.up)
            height = legendTop + (range == nil ? 0 : 54 + extraLines) + (keyWidth > 0 ? 20 : 0) + HeatMap.margin
        }

        func cellX(_ column: Int) -> Double { cellsLeft + Double(column) * cellWidth }
        func cellY(_ row: Int) -> Double { HeatMap.headerHeight + Double(row) * HeatMap.cellHeight }

        /// Where a value falls on the scale: 0 at the lowest, 1 at the highest, ½ when all are equal.
        func fraction(_ value: Double) -> Double {
            guard let range, range.high > range.low else { return 0.5 }
            return (value - range.low) / (range.high - range.low)
        }
    }

    /// The marks the legend explains: ★ when a cell is best, ✗ when any misses the target.
    func keyItems() -> [String] {
        var items: [String] = []
        if let best, cells.indices.contains(best), best < rows.count * columns.count { items.append("★ " + bestName) }
        if cells.prefix(rows.count * columns.count).contains(where: \.missesTarget) { items.append("✗ " + missName) }
        return items
    }

    // MARK: Drawing

    /// The SVG document (inlined on a page and written as its file).
    public func svg() -> String {
        let layout = Layout(self)
        var out = SVGText.documentStart(
            className: "heat-map", width: layout.width, height: layout.height, scalable: false,
            idPrefix: idPrefix, title: title, description: description)
        out += axes(layout)
        out += cellGroup(layout)
        out += legend(layout)
        return out + "</svg>\n"
    }

    private func axes(_ layout: Layout) -> String {
        let cellsWidth = layout.cellWidth * Double(columns.count)
        let titleWidth = SVGText.textWidth(columnTitle)
        var out = "<g class=\"axes\">\n"
        // The columns' title over them (from the left edge when it is wider than they are).
        let (x, anchor) = titleWidth > cellsWidth ? (layout.cellsLeft, "start") : (layout.cellsLeft + cellsWidth / 2, "middle")
        out += "<text class=\"axis-label\" x=\"\(n(x))\" y=\"14\" text-anchor=\"\(anchor)\" style=\"fill: var(--fg, #18181b)\">"
        out += "\(HTML.escape(columnTitle)) →</text>\n"
        for (index, label) in columns.enumerated() {
            out += "<text x=\"\(n(layout.cellX(index) + layout.cellWidth / 2))\" y=\"33\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">"
            out += "\(HTML.escape(label))</text>\n"
        }
        for (index, label) in rows.enumerated() {
            out += "<text x=\"\(n(layout.cellsLeft - 6))\" y=\"\(n(layout.cellY(index) + Self.cellHeight / 2 + 4))\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">"
            out += "\(HTML.escape(label))</text>\n"
        }
        // The rows' title runs upwards beside them, centred on their band.
        let middle = (Self.headerHeight + layout.cellsBottom) / 2
        out += "<text class=\"axis-label\" x=\"13\" y=\"\(n(middle))\" text-anchor=\"middle\" transform=\"rotate(-90 13 \(n(middle)))\" style=\"fill: var(--fg, #18181b)\">"
        out += "\(HTML.escape(rowTitle))</text>\n"
        return out + "</g>\n"
    }

    private func cellGroup(_ layout: Layout) -> String {
        var out = "<g class=\"plot\">\n"
        for row in rows.indices {
            for column in columns.indices {
                let index = row * columns.count + column
                let cell = cells.indices.contains(index) ? cells[index] : Cell(value: nil, text: "")
                out += self.cell(cell, isBest: index == best, row: row, column: column, layout: layout)
            }
        }
        return out + "</g>\n"
    }

    private func cell(_ cell: Cell, isBest: Bool, row: Int, column: Int, layout: Layout) -> String {
        let x = layout.cellX(column), y = layout.cellY(row), width = layout.cellWidth, height = Self.cellHeight
        var classes = ["cell"]
        if isBest { classes.append("best") }
        if cell.missesTarget { classes.append("misses") }
        var name = "\(rowTitle) \(rows[row]) · \(columnTitle) \(columns[column]): \(cell.text)"
        if isBest { name += " (\(bestName))" }
        if cell.missesTarget { name += " (\(missName))" }
        var out = "<g class=\"\(classes.joined(separator: " "))\"><title>\(HTML.escape(name))</title>"
        let text: String
        if let value = cell.value, value.isFinite {
            let fill = Self.color(fraction: layout.fraction(value))
            text = Self.textColor(onFill: fill)
            out += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" style=\"fill: \(fill); stroke: var(--card, #fff); stroke-width: 2\"/>"
        } else {
            text = "var(--fg, #18181b)"
            out += "<rect x=\"\(n(x + 1))\" y=\"\(n(y + 1))\" width=\"\(n(width - 2))\" height=\"\(n(height - 2))\" style=\"fill: none; stroke: var(--border, #d4d4d8); stroke-width: 1; stroke-dasharray: 3 3\"/>"
        }
        if isBest {
            // A dark ring with a light one inside (the page's colours): clear on any fill, in either scheme.
            out += "<rect class=\"outline\" x=\"\(n(x + 1.5))\" y=\"\(n(y + 1.5))\" width=\"\(n(width - 3))\" height=\"\(n(height - 3))\" style=\"fill: none; stroke: var(--fg, #18181b); stroke-width: 3\"/>"
            out += "<rect x=\"\(n(x + 4))\" y=\"\(n(y + 4))\" width=\"\(n(width - 8))\" height=\"\(n(height - 8))\" style=\"fill: none; stroke: var(--card, #fff); stroke-width: 1.5\"/>"
        }
        let middle = n(x + width / 2)
        out += "<text x=\"\(middle)\" y=\"\(n(y + 20))\" text-anchor=\"middle\" style=\"fill: \(text); font-weight: 600\">\(HTML.escape(cell.text))</text>"
        let marks = (isBest ? ["★"] : []) + (cell.missesTarget ? ["✗"] : [])
        if !marks.isEmpty {
            out += "<text x=\"\(middle)\" y=\"\(n(y + 36))\" text-anchor=\"middle\" style=\"fill: \(text)\">\(marks.joined(separator: " "))</text>"
        }
        return out + "</g>\n"
    }

    /// The scale as a bar from its lowest to its highest colour with both values under its ends,
    /// then what ★ and ✗ mean.
    private func legend(_ layout: Layout) -> String {
        var out = "<g class=\"legend\">\n"
        var y = layout.legendTop
        if let range = layout.range {
            let gradient = HTML.escape("\(idPrefix)-scale")
            if range.high > range.low {
                out += "<defs><linearGradient id=\"\(gradient)\">"
                for index in Self.stops.indices {
                    let offset = Double(index) / Double(Self.stops.count - 1)
                    out += "<stop offset=\"\(SVGText.percent(offset))\" stop-color=\"\(Self.color(fraction: offset))\"/>"
                }
                out += "</linearGradient></defs>\n"
            }
            for (index, line) in layout.legendLines.enumerated() {
                out += "<text x=\"\(n(layout.cellsLeft))\" y=\"\(n(y + 12 + Double(index) * Self.lineHeight))\" style=\"fill: var(--fg, #18181b)\">\(HTML.escape(line))</text>\n"
            }
            y += Double(layout.legendLines.count - 1) * Self.lineHeight
            let barTop = y + 20
            let fill = range.high > range.low ? "url(#\(gradient))" : Self.color(fraction: 0.5)
            out += "<rect x=\"\(n(layout.cellsLeft))\" y=\"\(n(barTop))\" width=\"\(n(layout.legendWidth))\" height=\"\(n(Self.legendBarHeight))\""
            out += " style=\"fill: \(fill); stroke: var(--border, #d4d4d8); stroke-width: 1\"/>\n"
            let labelY = n(barTop + Self.legendBarHeight + 14)
            out += "<text x=\"\(n(layout.cellsLeft))\" y=\"\(labelY)\" style=\"fill: var(--muted, #52525b)\">\(HTML.escape(legendLabel(range.low)))</text>\n"
            if range.high > range.low {
                out += "<text x=\"\(n(layout.cellsLeft + layout.legendWidth))\" y=\"\(labelY)\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">"
                out += "\(HTML.escape(legendLabel(range.high)))</text>\n"
            }
            y += 54
        }
        var x = layout.cellsLeft
        for item in keyItems() {
            out += "<text x=\"\(n(x))\" y=\"\(n(y + 14))\" style=\"fill: var(--fg, #18181b)\">\(HTML.escape(item))</text>\n"
            x += SVGText.textWidth(item) + 16
        }
        return out + "</g>\n"
    }

    private func n(_ value: Double) -> String { SVGText.number(value) }
}
