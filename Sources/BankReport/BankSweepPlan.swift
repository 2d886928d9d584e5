import BankSimulation
import Basics
import ReportKit

/// A scenario's `sweep: {KEY: [values]}` as read from YAML: the setting, its values and the line
/// of the key, for messages.
public struct BankSweepPlan: Sendable, Equatable {
    public var setting: SweepSetting
    /// The values in the order written.
    public var values: [Double]
    /// The line of the sweep's key in the page (or file).
    public var line: Int?

    public init(setting: SweepSetting, values: [Double], line: Int?) {
        self.setting = setting
        self.values = values
        self.line = line
    }

    /// Checks every value against `scenario` and the limits and returns the scenario of the
    /// first value. Problems name the line and the key: `line 7: sweep.tellers.loan value 0 does not work: …`.
    func firstScenario(_ scenario: Scenario, limits: BankLimits) throws -> Scenario {
        let scenarios: [Scenario]
        do {
            scenarios = try Sweep.scenarios(scenario, setting: setting, values: values)
        } catch {
            throw Diagnostic(line: line, "sweep.\(error.description)")
        }
        var simulated = 0
        for scenario in scenarios {
            let days = scenario.arrivals.maximumCustomers.multipliedReportingOverflow(by: scenario.replications)
            let sum = simulated.addingReportingOverflow(days.partialValue)
            guard !days.overflow, !sum.overflow, sum.partialValue <= limits.maxSimulatedCustomers else {
                throw Diagnostic(line: line,
                    "sweep.\(setting.key): values × replications × customers must be at most \(NumberText.grouped(limits.maxSimulatedCustomers)) \(limits.context)")
            }
            simulated = sum.partialValue
        }
        return scenarios[0]
    }

    /// Runs the sweep over `scenario` (any value of the setting already in it is replaced).
    public func run(_ scenario: Scenario, seed: UInt64) throws -> Sweep {
        do {
            return try Sweep(scenario, setting: setting, values: values, seed: seed)
        } catch {
            throw Diagnostic(line: line, "sweep.\(error.description)")
        }
    }
}
