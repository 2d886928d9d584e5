/// One setting of a grid and the values it takes, in the order written.
public struct SweepAxis: Sendable, Equatable {
    public let setting: SweepSetting
    public let values: [Double]

    public init(setting: SweepSetting, values: [Double]) {
        self.setting = setting
        self.values = values
    }
}

/// Two settings varied at once (`sweep: {tellers.deposit: [2, 3, 4], tellers.loan: [1, 2, 3]}`):
/// the day once for every pair of values, every cell with the same seed (and the same
/// replications), so the customers are the same and only the settings differ.
///
/// Its cells are in row-major order: the first setting's values are the rows, the second's the
/// columns, and cell `row × columns + column` has the row's value then the column's.
public struct SweepGrid: Sendable {
    /// Most cells one grid may have.
    public static let maxCells = 100

    /// The first setting (the table's rows) and the second (its columns).
    public let rows: SweepAxis
    public let columns: SweepAxis
    /// The seed of every cell's first day; replication k uses `seed + k − 1`.
    public let seed: UInt64
    /// One point per cell, row by row.
    public let cells: [SweepPoint]
    /// The first cell's days, its first day kept in full (a report shows it).
    public let first: Replications

    /// Runs `scenario` at every pair of values of `rows` and `columns`.
    /// - Throws: the first problem a value or the size makes (see ``cells(_:rows:columns:)``).
    public init(
        _ scenario: Scenario, rows: SweepAxis, columns: SweepAxis, seed: UInt64, threads: Threads = .allCores
    ) throws(ScenarioProblem) {
        let cells = try Self.cells(scenario, rows: rows, columns: columns)
        let run = SweepCell.run(cells, seed: seed, threads: threads)
        self.init(rows: rows, columns: columns, seed: seed, first: run.first, cells: run.points)
    }

    /// A grid whose cells were run already (``SweepCell/run(seed:)``, e.g. in parallel or in
    /// shards): `cells` in the order of ``cells(_:rows:columns:)``, `first` the first cell's days.
    public init(rows: SweepAxis, columns: SweepAxis, seed: UInt64, first: Replications, cells: [SweepPoint]) {
        self.rows = rows
        self.columns = columns
        self.seed = seed
        self.first = first
        self.cells = cells
    }

    /// The cells of the grid, row by row, checked but not run: the two settings must differ, each
    /// list 1…``Sweep/maxValues`` values, and the grid have at most ``maxCells`` cells; a problem
    /// with a value is named by its setting's key.
    public static func cells(_ scenario: Scenario, rows: SweepAxis, columns: SweepAxis) throws(ScenarioProblem) -> [SweepCell] {
        guard rows.setting != columns.setting else {
            throw ScenarioProblem(key: columns.setting.key, "is named twice; a grid varies two different settings")
        }
        let count = rows.values.count * columns.values.count
        guard count <= maxCells else {
            throw ScenarioProblem(key: "\(rows.setting.key) × \(columns.setting.key)",
                "make \(rows.values.count) × \(columns.values.count) = \(count) cells; a grid may have at most \(maxCells): list fewer values")
        }
        for axis in [rows, columns] where !(1...Sweep.maxValues).contains(axis.values.count) {
            throw ScenarioProblem(key: axis.setting.key, "must list 1 to \(Sweep.maxValues) values, got \(axis.values.count)")
        }
        var cells: [SweepCell] = []
        for row in rows.values {
            for column in columns.values {
                let applied = try columns.setting.apply(column, to: try rows.setting.apply(row, to: scenario))
                if let problem = applied.problems().first {
                    // Named by the setting the problem is about, else by the pair.
                    let (axis, value) = problem.key == columns.setting.key ? (columns, SweepPoint.text(column))
                        : problem.key == rows.setting.key ? (rows, SweepPoint.text(row))
                        : (rows, "\(SweepPoint.text(row)) with \(columns.setting.key) \(SweepPoint.text(column))")
                    throw ScenarioProblem(key: axis.setting.key, "value \(value) does not work: \(problem)")
                }
                cells.append(SweepCell(values: [row, column], scenario: applied))
            }
        }
        return cells
    }

    /// The services, as in every cell.
    public var services: [Service] { cells.first?.scenario.services ?? [] }

    /// The point at a row and a column.
    public func cell(row: Int, column: Int) -> SweepPoint {
        cells[row * columns.values.count + column]
    }
}
