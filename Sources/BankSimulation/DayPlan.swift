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
    /// The first day in full and every day's summary, the days on `threads`.
    public static func run(_ scenario: Scenario, seed: UInt64, threads: Threads = .allCores) -> (first: Day, days: [DaySummary]) {
        let run = run([scenario], seed: seed, threads: threads, keepingFirstDay: true)
        // The first day of the first scenario is always run, and kept when asked.
        return (run.first!, run.days[0])
    }

    /// The days of several scenarios (a sweep's cells), each with seeds `seed`, `seed + 1`, …
    /// and its own plan, with the first scenario's first day in full when `keepingFirstDay`.
    ///
    /// Every day of every scenario is one piece of work for `threads`: the planned days (the
    /// replications, or a ``Precision``'s first days) all at once, then for the scenarios whose
    /// interval is not yet narrow enough, the next `threads` days each, taken one by one in
    /// seed order as long as one more day is needed. Each day depends on its scenario and seed
    /// alone, so the result is the same as one day after another on one thread.
    public static func run(
        _ scenarios: [Scenario], seed: UInt64, threads: Threads, keepingFirstDay: Bool
    ) -> (first: Day?, days: [[DaySummary]]) {
        func planned(_ scenario: Scenario) -> Int {
            guard let precision = scenario.precision else { return max(scenario.replications, 1) }
            return min(Precision.firstDays, max(precision.maximumDays, 1))
        }
        var work = scenarios.indices.flatMap { cell in (0..<planned(scenarios[cell])).map { (cell: cell, day: $0) } }
        let ran = threads.map(work.count) { index in
            let (cell, day) = work[index]
            let scenario = scenarios[cell]
            let simulated = Simulation.run(scenario, seed: seed &+ UInt64(day))
            let summary = DaySummary(simulated, threshold: scenario.serviceLevelThreshold, warmup: scenario.warmup)
            return (day: keepingFirstDay && index == 0 ? simulated : nil, summary: summary)
        }
        var days = [[DaySummary]](repeating: [], count: scenarios.count)
        for (item, result) in zip(work, ran) { days[item.cell].append(result.summary) }
        var open = scenarios.indices.filter { cell in
            scenarios[cell].precision.map { needsMore(days[cell], scenario: scenarios[cell], precision: $0) } ?? false
        }
        while !open.isEmpty {
            work = open.flatMap { cell in
                let maximum = max(scenarios[cell].precision?.maximumDays ?? 1, 1)
                return (days[cell].count..<min(days[cell].count + threads.count, maximum)).map { (cell: cell, day: $0) }
            }
            let more = threads.map(work.count) { index in
                let (cell, day) = work[index]
                let scenario = scenarios[cell]
                return DaySummary(Simulation.run(scenario, seed: seed &+ UInt64(day)), threshold: scenario.serviceLevelThreshold, warmup: scenario.warmup)
            }
            open = open.filter { cell in
                let scenario = scenarios[cell]
                guard let precision = scenario.precision else { return false }
                for (item, summary) in zip(work, more) where item.cell == cell {
                    guard needsMore(days[cell], scenario: scenario, precision: precision) else { return false }
                    days[cell].append(summary)
                }
                return needsMore(days[cell], scenario: scenario, precision: precision)
            }
        }
        return (ran.first?.day, days)
    }

    /// Whether a scenario with a ``Precision`` runs one more day after `days`.
    static func needsMore(_ days: [DaySummary], scenario: Scenario, precision: Precision) -> Bool {
        days.count < max(precision.maximumDays, 1) && !isPrecise(days, scenario: scenario, precision: precision)
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
