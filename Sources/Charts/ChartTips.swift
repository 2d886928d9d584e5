/// What a chart reads as at each position along its x axis, for the page's chart script
/// (`assets/charts.js`): pointed at, tapped, or stepped through with the arrow keys, the chart
/// shows a rule at the nearest position, a dot on each series and a box with the values as text.
///
/// The chart carries them in one attribute of its root, `data-tips`, as JSON: `{"t": plot top,
/// "b": plot bottom, "n": [series names], "c": [series colours], "k": [[percent across the plot,
/// "x as text", entry, entry, …], …]}` where an entry is `[y in px, "value as text"]`, or null where the series
/// has no value there. Text is data: the JSON is escaped for a single-quoted attribute.
public struct ChartTips: Sendable, Equatable {
    /// One position along the x axis.
    public struct Column: Sendable, Equatable {
        /// Where it lies across the plot, 0 at the left edge and 1 at the right.
        public var fraction: Double
        /// The x value as the reader reads it (`Step 12`, `3 tellers`).
        public var label: String
        /// Per series: its y position and value text, or nil for no value here.
        public var entries: [Entry?]

        public init(fraction: Double, label: String, entries: [Entry?]) {
            self.fraction = fraction
            self.label = label
            self.entries = entries
        }
    }

    /// A series' value at a column.
    public struct Entry: Sendable, Equatable {
        public var y: Double
        public var text: String

        public init(y: Double, text: String) {
            self.y = y
            self.text = text
        }
    }

    /// At most this many columns are kept (every n-th and the last), so a long run stays light.
    public static let columnLimit = 400

    public var plotTop: Double
    public var plotBottom: Double
    public var names: [String]
    public var colors: [String]
    public var columns: [Column]

    public init(plotTop: Double, plotBottom: Double, names: [String], colors: [String], columns: [Column]) {
        self.plotTop = plotTop
        self.plotBottom = plotBottom
        self.names = names
        self.colors = colors
        self.columns = Self.thinned(columns)
    }

    /// The columns, every n-th of them and the last when there are more than ``columnLimit``.
    static func thinned(_ columns: [Column]) -> [Column] {
        guard columns.count > columnLimit else { return columns }
        let every = (columns.count + columnLimit - 2) / (columnLimit - 1)
        var kept = stride(from: 0, to: columns.count, by: every).map { columns[$0] }
        if let last = columns.last, kept.last != last { kept.append(last) }
        return kept
    }

    /// ` data-tips='…'`, or nothing when there are no columns.
    public var attribute: String {
        guard !columns.isEmpty else { return "" }
        func string(_ text: String) -> String { SVGText.jsonString(text) }
        var json = "{\"t\":\(SVGText.number(plotTop)),\"b\":\(SVGText.number(plotBottom))"
        json += ",\"n\":[\(names.map(string).joined(separator: ","))]"
        json += ",\"c\":[\(colors.map(string).joined(separator: ","))]"
        json += ",\"k\":["
        json += columns.map { column in
            let entries = column.entries.map { entry in
                entry.map { "[\(SVGText.number($0.y)),\(string($0.text))]" } ?? "null"
            }
            return "[" + ([SVGText.number(column.fraction * 100), string(column.label)] + entries).joined(separator: ",") + "]"
        }.joined(separator: ",")
        json += "]}"
        return " data-tips='\(SVGText.attributeText(json))'"
    }
}
