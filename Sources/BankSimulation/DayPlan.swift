/// How many days a scenario runs: `replications`, or with a ``Precision`` as many as it takes.
public struct Precision: Sendable, Equatable {
    /// Days run before the interval is first looked at.
    public static let firstDays = 10

    /// The interval's half-width the days must reach, as a share of the figure: 0.05 for ±5%.
    public var relativeHalfWidth: Double
    /// The most days run, reached or not.
    public var maximumDays: Int

    public init(relativeHalfWidth: Double, maximumDays: Int) {
        self.relativeHalfWidth = relativeHalfWidth
        self.maximumDays = maximumDays
    }
}

/// Runs a scenario's days (seeds `seed`, `seed + 1`, …).
///
/// With a ``Precision``, ``Precision/firstDays`` days are run, then one more at a time until the
/// 95% interval of the figure that decides — the target's (its service level or mean wait, for its
/// service or everyone), else everyone's mean wait — is within the stated share of the figure, or
/// the maximum is reached. Looking after every day and stopping at once would stop most often
/// right after a run of calm days, whose interval is narrow and low; the log-scale interval
/// (``Estimate``), wider above the mean than below, keeps that from costing coverage
/// (`Scripts/bench-coverage` measures it).
public enum DayPlan {
    /// The first day in full and every day's summary.
    public static func run(_ scenario: Scenario, seed: UInt64) -> (first: Day, days: [DaySummary]) {
        let threshold = scenario.serviceLevelThreshold
        func summary(_ day: Day) -> DaySummary { DaySummary(day, threshold: threshold, warmup: scenario.warmup) }
        let first = Simulation.run(scenario, seed: seed)
        var days = [summary(first)]
        var next = seed
        func addDay() {
            next &+= 1
            days.append(summary(Simulation.run(scenario, seed: next)))
        }
        guard let precision = scenario.precision else {
            while days.count < max(scenario.replications, 1) { addDay() }
            return (first, days)
        }
        let maximum = max(precision.maximumDays, 1)
        while days.count < min(Precision.firstDays, maximum) { addDay() }
        while days.count < maximum && !isPrecise(days, scenario: scenario, precision: precision) { addDay() }
        return (first, days)
    }

    /// The figure a ``Precision`` is about, for the days run so far.
    public static func decidingFigure(_ days: [DaySummary], scenario: Scenario) -> Estimate? {
        let statistics = DayStatistics(days: days)
        guard let target = scenario.target else { return statistics.overall?.meanWait }
        let figures = target.service.map { statistics.service($0) } ?? statistics.overall
        return figures.map { target.figure(of: $0) }
    }

    static func isPrecise(_ days: [DaySummary], scenario: Scenario, precision: Precision) -> Bool {
        guard let relative = decidingFigure(days, scenario: scenario)?.relativeHalfWidth else { return false }
        return relative <= precision.relativeHalfWidth
    }
}
