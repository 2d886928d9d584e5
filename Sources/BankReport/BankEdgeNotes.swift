import BankSimulation
import ReportKit

/// Warnings when the best of a grid's cells or a sweep's values lies at the end of the tellers it
/// tries, where a value just beyond might be better: more tellers might cost less (waiting falls),
/// meet a target nothing meets, or wait less; fewer might cost less, or still meet the target.
enum BankEdgeNotes {
    /// What was tried: a grid's cells, or a one-setting sweep's values; it names the warnings'
    /// words (`At the edge of the grid: the cheapest cell …`, `At the end of the sweep: the
    /// cheapest value …`).
    enum Tried {
        case grid, sweep

        var edge: String { (self == .grid ? BankLabel.edgeOfGrid : .edgeOfSweep).text }
        var choice: String { (self == .grid ? BankLabel.edgeCell : .edgeValue).text }
        var range: String { (self == .grid ? BankLabel.edgeGridTries : .edgeSweepTries).text }
    }

    /// The warnings as paragraphs set apart under the answer (`p.note.edge`).
    static func paragraphs(_ points: [SweepPoint], axes: [SweepAxis], services: [Service], of tried: Tried) -> [ReportNode] {
        notes(points, axes: axes, services: services, of: tried).map { .paragraph(Paragraph($0, className: "note edge")) }
    }

    /// The warnings for `points`, one per point of `axes` (the settings in the order of a
    /// point's values) whose tellers setting puts the best point at an end.
    static func notes(_ points: [SweepPoint], axes: [SweepAxis], services: [Service], of tried: Tried) -> [String] {
        guard let choice = SweepChoice(points, settings: axes.map(\.setting)) else { return [] }
        let point = points[choice.best]
        let scenario = point.scenario
        let clock = BankClock(scenario)
        var notes: [String] = []
        for (axis, value) in zip(axes, point.values) {
            guard case .tellers = axis.setting, let low = axis.values.min(), let high = axis.values.max(), low < high else { continue }
            let header = BankTarget.header(axis.setting, services: services, clock: clock)
            func note(_ label: BankLabel, beyond: Double) -> String {
                label.text(header, BankFormat.number(value), BankTarget.value(beyond, setting: axis.setting, services: services, clock: clock),
                           axis.setting.key, BankFormat.number(beyond), tried.edge, tried.choice, tried.range)
            }
            if value == high {
                if choice.meetsTarget == false {
                    notes.append(note(.edgeMoreTarget, beyond: high + 1))
                } else if scenario.cost != nil {
                    notes.append(note(.edgeMoreCost, beyond: high + 1))
                } else if scenario.target == nil {
                    notes.append(note(.edgeMoreWait, beyond: high + 1))
                }
            } else if value == low, low > 1, choice.meetsTarget != false {
                if scenario.cost != nil {
                    notes.append(note(.edgeFewerCost, beyond: low - 1))
                } else if scenario.target != nil {
                    notes.append(note(.edgeFewerTarget, beyond: low - 1))
                }
            }
        }
        return notes
    }
}
