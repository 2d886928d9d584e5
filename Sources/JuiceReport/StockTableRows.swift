import JuiceMaker

/// The rows the stock table shows: the opening stock, then the steps — all of them up to
/// ``limit``, else the first and last ``limit``/2 with a gap row between, so a large random stream
/// keeps the page light (every step is in the CSV and JSON).
struct StockTableRows {
    /// Most step rows shown.
    static let limit = 200

    enum Row {
        case opening(Stock)
        /// A step, with the stock before it for the change marks.
        case step(StepOutcome, before: Stock)
        /// Steps `first...last` left out.
        case gap(first: Int, last: Int)
    }

    let rows: [Row]
    /// True when some steps are left out.
    let isBounded: Bool

    init(_ run: JuiceRun) {
        var rows: [Row] = [.opening(run.openingStock)]
        let steps = run.steps
        func stepRow(_ index: Int) -> Row {
            .step(steps[index], before: index == 0 ? run.openingStock : steps[index - 1].stock)
        }
        if steps.count <= Self.limit {
            rows += steps.indices.map(stepRow)
            isBounded = false
        } else {
            let half = Self.limit / 2
            rows += (0..<half).map(stepRow)
            rows.append(.gap(first: half + 1, last: steps.count - half))
            rows += (steps.count - half..<steps.count).map(stepRow)
            isBounded = true
        }
        self.rows = rows
    }
}
