/// One cell of a sweep or a grid: the value of each swept setting and the scenario with them
/// applied. A sweep is an ordered list of cells, each simulated on its own with the same seed
/// (common random numbers), and its report is built from the list of their results
/// (``SweepPoint``, in the cells' order); so the cells can run in any order, on any core or
/// machine, and be put back together.
public struct SweepCell: Sendable, Equatable {
    /// The value of each swept setting, in the sweep's order (a grid: the row's, then the column's).
    public let values: [Double]
    /// The scenario with the settings at ``values``.
    public let scenario: Scenario

    public init(values: [Double], scenario: Scenario) {
        self.values = values
        self.scenario = scenario
    }

    /// Runs the cell's days (``DayPlan``) with seeds `seed`, `seed + 1`, ….
    public func run(seed: UInt64) -> SweepPoint {
        SweepPoint(values: values, scenario: scenario, days: DayPlan.run(scenario, seed: seed).days)
    }

    /// The cell whose days were run already as `replications` (the first cell, kept in full).
    public func point(_ replications: Replications) -> SweepPoint {
        SweepPoint(values: values, scenario: scenario, days: replications.days)
    }

    /// Runs every cell's days at once on `threads` (each day one piece of work, see
    /// ``DayPlan/run(_:seed:threads:keepingFirstDay:)``), the points in the cells' order and the
    /// first cell's days with its first day in full. `cells` is not empty.
    static func run(_ cells: [SweepCell], seed: UInt64, threads: Threads) -> (first: Replications, points: [SweepPoint]) {
        let run = DayPlan.run(cells.map(\.scenario), seed: seed, threads: threads, keepingFirstDay: true)
        let points = zip(cells, run.days).map { SweepPoint(values: $0.values, scenario: $0.scenario, days: $1) }
        // The first day of the first cell is always run and kept when asked.
        return (Replications(first: run.first!, days: run.days[0]), points)
    }
}
