/// The best cell of a sweep or a grid, and the next-best, by the figure that decides.
///
/// - With costs: the cheapest cell (the lowest mean cost a day) among those that meet the target;
///   with a target that no cell meets, the cheapest of all (``meetsTarget`` is then false); without
///   a target, the cheapest of all. The next-best is the next cheapest of the same cells, and
///   ``saving`` what choosing the cheapest saves against it, day by day.
/// - Without costs, with a target: the cell with the fewest tellers in the swept settings that
///   meets it, the nearer to the target the better on a tie; none meets it: the closest.
/// - Without costs or a target: the lowest mean wait of everyone, the fewest tellers on a tie.
///
/// Figures compared are the means over the days; ties go to the earlier cell.
public struct SweepChoice: Sendable, Equatable {
    /// The index of the best cell in the list given.
    public let best: Int
    /// The index of the next-best, when there is one.
    public let next: Int?
    /// Whether the best meets the target; nil without a target.
    public let meetsTarget: Bool?
    /// With costs: the next-best's cost minus the best's, day by day over the same customers
    /// (positive: what the best saves); nil without costs or a next-best.
    public let saving: Estimate?

    /// The choice among `points`, whose swept settings are `settings`; nil without points.
    public init?(_ points: [SweepPoint], settings: [SweepSetting]) {
        guard let scenario = points.first?.scenario else { return nil }
        let target = scenario.target
        let figures = points.map { point in target.flatMap { $0.figure(of: point)?.mean } }
        let meets = figures.map { figure in figure.map { target?.isMet(by: $0) ?? true } ?? false }
        let anyMeets = meets.contains(true)
        // The cells competing: those meeting the target when any does (or there is none).
        let eligible = points.indices.filter { target == nil || !anyMeets || meets[$0] }
        let ranked: [Int]
        if scenario.cost != nil {
            let costs = points.map { $0.cost?.mean ?? .infinity }
            ranked = eligible.sorted { (costs[$0], $0) < (costs[$1], $1) }
        } else {
            let tellers = points.map { point in
                zip(settings, point.values).reduce(0.0) { sum, pair in
                    if case .tellers = pair.0 { return sum + pair.1 }
                    return sum
                }
            }
            // How far from good: the shortfall to the target, else the mean wait.
            let badness = points.indices.map { index -> Double in
                if let target { return figures[index].map(target.shortfall(of:)) ?? .infinity }
                return points[index].statistics.overall?.meanWait.mean ?? .infinity
            }
            ranked = if target != nil && anyMeets {
                eligible.sorted { (tellers[$0], badness[$0], $0) < (tellers[$1], badness[$1], $1) }
            } else {
                eligible.sorted { (badness[$0], tellers[$0], $0) < (badness[$1], tellers[$1], $1) }
            }
        }
        best = ranked[0]
        next = ranked.count > 1 ? ranked[1] : nil
        meetsTarget = target.map { _ in meets[ranked[0]] }
        if let next, let cost = scenario.cost {
            let chosen = points[best], other = points[next]
            let differences = zip(chosen.days, other.days).map { mine, theirs in
                cost.day(theirs, scenario: other.scenario).total - cost.day(mine, scenario: chosen.scenario).total
            }
            saving = differences.isEmpty ? nil : Estimate(values: differences, scale: .unbounded)
        } else {
            saving = nil
        }
    }
}
