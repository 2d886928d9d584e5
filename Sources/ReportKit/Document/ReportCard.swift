/// What a report shows on its page's dashboard card: its figures, the first of them the big
/// headline, and a small trend where the report has one. A block chooses another headline with
/// `card=KEY` after the kind in its fence (```` ```bank card=max-wait ````).
public struct ReportCard: Sendable, Equatable {
    /// One figure: a stable key to choose it by, its label and its value with the unit.
    public struct Figure: Sendable, Equatable {
        /// `mean-wait`, what `card=` names.
        public var key: String
        /// `Mean wait`.
        public var label: String
        /// `2.16 s`, `12명`.
        public var value: String
        /// True when the figure says something went wrong: orders failed, products sold out,
        /// a line that grows without end. The card shows it in the warning colour, with a sign.
        public var isWarning: Bool

        public init(key: String, label: String, value: String, isWarning: Bool = false) {
            self.key = key
            self.label = label
            self.value = value
            self.isWarning = isWarning
        }
    }

    /// A series drawn as a sparkline under the figures, and what it shows in words
    /// (`Waiting over the day: at most 9`), which is what a screen reader hears.
    public struct Trend: Sendable, Equatable {
        public var label: String
        public var values: [Double]

        public init(label: String, values: [Double]) {
            self.label = label
            self.values = values
        }
    }

    /// The figures, the default headline first.
    public var figures: [Figure]
    public var trend: Trend?

    public init(figures: [Figure], trend: Trend? = nil) {
        self.figures = figures
        self.trend = trend
    }

    /// The card with the figure of `key` as its headline (the others keep their order), or nil
    /// when no figure has that key.
    public func choosing(_ key: String) -> ReportCard? {
        guard let index = figures.firstIndex(where: { $0.key == key }) else { return nil }
        var chosen = self
        chosen.figures.insert(chosen.figures.remove(at: index), at: 0)
        return chosen
    }
}
