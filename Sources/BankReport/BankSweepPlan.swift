import BankSimulation
import Basics
import ReportKit

/// A scenario's `sweep: {KEY: [values]}` as read from YAML: the setting, its values and the line
/// of the key, for messages; with a second key, the grid's columns.
public struct BankSweepPlan: Sendable, Equatable {
    public var setting: SweepSetting
    /// The values in the order written.
    public var values: [Double]
    /// The line of the sweep's key in the page (or file).
    public var line: Int?
    /// The second setting of a grid (its columns; ``setting`` gives the rows), nil for a sweep of one.
    public var columns: SweepAxis?

    public init(setting: SweepSetting, values: [Double], line: Int?, columns: SweepAxis? = nil) {
        self.setting = setting
        self.values = values
        self.line = line
        self.columns = columns
    }

    /// The first setting and its values: a sweep's only one, a grid's rows.
    public var rows: SweepAxis { SweepAxis(setting: setting, values: values) }

    /// The keys the plan varies, which the scenario's own checks leave to it.
    var keys: [String] { [setting.key] + (columns.map { [$0.setting.key] } ?? []) }

    /// The cells the plan makes of `scenario`, checked but not run. Problems name the line and
    /// the key: `line 7: sweep.tellers.loan value 0 does not work: …`.
    public func cells(_ scenario: Scenario) throws -> [SweepCell] {
        do {
            if let columns { return try SweepGrid.cells(scenario, rows: rows, columns: columns) }
            return try Sweep.cells(scenario, setting: setting, values: values)
        } catch {
            throw Diagnostic(line: line, "sweep.\(error.description)")
        }
    }

    /// Checks every value against `scenario` and the limits and returns the scenario of the
    /// first value. Problems name the line and the key: `line 7: sweep.tellers.loan value 0 does not work: …`.
    func firstScenario(_ scenario: Scenario, limits: BankLimits) throws -> Scenario {
        let scenarios = try cells(scenario).map(\.scenario)
        var simulated = 0
        for scenario in scenarios {
            let days = scenario.arrivals.maximumCustomers.multipliedReportingOverflow(by: scenario.replications)
            let sum = simulated.addingReportingOverflow(days.partialValue)
            guard !days.overflow, !sum.overflow, sum.partialValue <= limits.maxSimulatedCustomers else {
                let key = columns.map { "\(setting.key) × \($0.setting.key): cells" } ?? "\(setting.key): values"
                throw Diagnostic(line: line,
                    "sweep.\(key) × replications × customers must be at most \(NumberText.grouped(limits.maxSimulatedCustomers)) \(limits.context)")
            }
            simulated = sum.partialValue
        }
        return scenarios[0]
    }

    /// Runs the grid over `scenario` (any value of its settings already in it is replaced); nil
    /// for a sweep of one setting.
    public func runGrid(_ scenario: Scenario, seed: UInt64, threads: Threads = .allCores) throws -> SweepGrid? {
        guard let columns else { return nil }
        do {
            return try SweepGrid(scenario, rows: rows, columns: columns, seed: seed, threads: threads)
        } catch {
            throw Diagnostic(line: line, "sweep.\(error.description)")
        }
    }

    /// Runs the sweep over `scenario` (any value of the setting already in it is replaced).
    public func run(_ scenario: Scenario, seed: UInt64, threads: Threads = .allCores) throws -> Sweep {
        do {
            return try Sweep(scenario, setting: setting, values: values, seed: seed, threads: threads)
        } catch {
            throw Diagnostic(line: line, "sweep.\(error.description)")
        }
    }
}
