import BankSimulation
import Basics
import Foundation

/// How long a bank run took, said on stderr by `sitegen bank` and in a site build's log — never
/// on the page, which stays the same from run to run:
/// `12 cells × 20 days × 10,000 customers in 3.1 s (CPU 6.0 s) on 2 cores`.
public struct BankTiming: Sendable {
    /// The days of each cell (a sweep's values, or one scenario's replications).
    public var days: [[DaySummary]]
    /// True for a sweep, whose cells are counted even when there is one.
    public var isSweep: Bool
    /// Wall-clock seconds.
    public var seconds: Double
    /// The process's CPU seconds over the same time, when it did nothing else (the command line).
    public var cpuSeconds: Double?
    public var threads: Threads

    public init(days: [[DaySummary]], isSweep: Bool, seconds: Double, cpuSeconds: Double?, threads: Threads) {
        self.days = days
        self.isSweep = isSweep
        self.seconds = seconds
        self.cpuSeconds = cpuSeconds
        self.threads = threads
    }

    /// Runs `work` and measures it.
    static func measure<Result>(
        threads: Threads, cpu: Bool, _ work: () throws -> Result
    ) rethrows -> (result: Result, seconds: Double, cpuSeconds: Double?) {
        let clock = ContinuousClock()
        let startCPU = cpu ? processCPUSeconds() : nil
        let start = clock.now
        let result = try work()
        let elapsed = start.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (result, seconds, startCPU.map { processCPUSeconds() - $0 })
    }

    /// CPU time of the whole process so far (all its threads), in seconds.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// True when there is something worth saying: more than one day.
    public var isWorthSaying: Bool { isSweep || days.joined().count > 1 }

    /// `12 cells × 20 days × 10,000 customers in 3.1 s (CPU 6.0 s) on 2 cores`; days and
    /// customers that differ between cells or days are given as a range and a mean.
    public var sentence: String {
        let all = Array(days.joined())
        let counts = days.map(\.count)
        var parts: [String] = []
        if isSweep { parts.append(days.count == 1 ? "1 cell" : "\(NumberText.grouped(days.count)) cells") }
        let fewest = counts.min() ?? 0, most = counts.max() ?? 0
        parts.append(fewest == most
            ? (most == 1 ? "1 day" : "\(NumberText.grouped(most)) days")
            : "\(NumberText.grouped(fewest))–\(NumberText.grouped(most)) days (\(NumberText.grouped(all.count)) in all)")
        let customers = all.map { $0.customers + $0.abandonedPerService.reduce(0, +) }
        let total = customers.reduce(0, +)
        if let low = customers.min(), let high = customers.max() {
            parts.append(low == high
                ? "\(NumberText.grouped(high)) \(high == 1 ? "customer" : "customers")"
                : "\(NumberText.grouped(total / max(all.count, 1))) customers on average")
        }
        var text = parts.joined(separator: " × ") + " in " + Self.secondsText(seconds)
        if let cpuSeconds { text += " (CPU \(Self.secondsText(cpuSeconds)))" }
        let cores = Threads.allCores
        text += threads == cores ? " on \(cores.count == 1 ? "1 core" : "\(cores.count) cores")" : " on \(threads)"
        return text
    }

    /// `3.1 s`, `0.04 s`, `125 s`.
    static func secondsText(_ seconds: Double) -> String {
        let places = seconds >= 100 ? 0 : seconds >= 1 ? 1 : 2
        return NumberText.fixed(seconds, places: places) + " s"
    }
}
