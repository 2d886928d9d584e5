// The coverage benchmark, built in release mode by Scripts/bench-coverage.
//
// For an M/M/2 line (mean business 1 s) at each load ρ, days of CUSTOMERS customers each start
// empty. The truth is the mean over REFERENCE independent days (their own seeds). Then GROUPS
// groups of DAYS days each give a 95% interval, by Student's t on the raw day figures (what the
// reports used before) and by the reports' own method (the log scale for waits, the logit scale
// for shares); and, with PRECISION, groups run as `precision:` does (10 days, then one at a time
// until the interval of the mean wait is within ±PRECISION of it, at most 2,000 days). For each it
// prints how often the interval covers the truth, how many miss below (the interval lies under
// the truth) and above, the mean days and the mean width. Figures: the mean wait, the share
// waiting at most 2 s, and the 90th percentile.
import BankSimulation
import Dispatch

let arguments = Array(CommandLine.arguments.dropFirst())
func argument(_ index: Int, _ fallback: Double) -> Double {
    index < arguments.count ? Double(arguments[index]) ?? fallback : fallback
}
let groups = Int(argument(0, 1000))
let daysPerGroup = Int(argument(1, 10))
let customers = Int(argument(2, 5000))
let referenceDays = Int(argument(3, 20000))
let precision = argument(4, 0.05)
let precisionGroups = Int(argument(5, 300))
let loads = [0.8, 0.95]
let threshold = 2.0

/// The three figures of one day: mean wait, share within 2 s, 90th percentile.
struct Figures: Sendable {
    var meanWait: Double
    var serviceLevel: Double
    var p90: Double
}

func scenario(_ load: Double) -> Scenario {
    Scenario(
        services: [Service(key: "deposit", name: "예금", duration: .exponential(mean: 1))],
        tellers: [2], arrivals: .poisson(rate: 2 * load, customers: .exactly(customers)))
}

func day(_ scenario: Scenario, seed: UInt64) -> Figures {
    let summary = DaySummary(Simulation.run(scenario, seed: seed), threshold: threshold)
    let waits = summary.waits!
    return Figures(meanWait: waits.meanWait, serviceLevel: waits.serviceLevel, p90: waits.percentileWaits[1])
}

/// `work(0..<count)` on all cores, the results in order.
func parallel<T>(_ count: Int, empty: T, _ work: @Sendable (Int) -> T) -> [T] {
    var results = [T](repeating: empty, count: count)
    results.withUnsafeMutableBufferPointer { buffer in
        nonisolated(unsafe) let slots = buffer
        DispatchQueue.concurrentPerform(iterations: count) { index in slots[index] = work(index) }
    }
    return results
}

/// Days with seeds `first`, `first + 1`, … on all cores.
func days(_ scenario: Scenario, first: UInt64, count: Int) -> [Figures] {
    parallel(count, empty: Figures(meanWait: 0, serviceLevel: 0, p90: 0)) { day(scenario, seed: first + UInt64($0)) }
}

struct Tally {
    var covered = 0, below = 0, above = 0, days = 0
    var width = 0.0
    var count: Int { covered + below + above }

    mutating func add(_ interval: ClosedRange<Double>?, truth: Double, days: Int) {
        guard let interval else { return }
        if interval.upperBound < truth { below += 1 } else if interval.lowerBound > truth { above += 1 } else { covered += 1 }
        width += interval.upperBound - interval.lowerBound
        self.days += days
    }

    var line: String {
        let share = Double(covered) / Double(max(count, 1)) * 100
        return "\(fixed(share, 1))%  (\(below) below, \(above) above of \(count); \(fixed(Double(days) / Double(max(count, 1)), 0)) days, width \(fixed(width / Double(max(count, 1)), 3)))"
    }
}

func fixed(_ value: Double, _ places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if places == 0, text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

let figures: [(name: String, pick: @Sendable (Figures) -> Double, scale: Estimate.Scale)] = [
    ("mean wait", { $0.meanWait }, .nonNegative),
    ("share within 2 s", { $0.serviceLevel }, .share),
    ("90th percentile", { $0.p90 }, .nonNegative),
]

print("M/M/2, mean business 1 s, \(customers) customers a day; truth = mean of \(referenceDays) days;")
print("\(groups) groups of \(daysPerGroup) days; precision ±\(fixed(precision * 100, 1))%: \(precisionGroups) groups (10 days, then one at a time, at most 2,000)")
for (index, load) in loads.enumerated() {
    let line = scenario(load)
    let base = UInt64(index + 1) << 40
    let reference = days(line, first: base, count: referenceDays)
    let pool = days(line, first: base + (1 << 32), count: groups * daysPerGroup)
    let erlang = ErlangC.meanWait(arrivalRate: 2 * load, meanService: 1, servers: 2) ?? .nan
    print("\nρ = \(load)  (Erlang C mean wait \(fixed(erlang, 3)) s)")
    for figure in figures {
        let values = reference.map(figure.pick)
        let truth = values.reduce(0, +) / Double(values.count)
        var student = Tally(), ours = Tally()
        for group in 0..<groups {
            let sample = pool[(group * daysPerGroup)..<((group + 1) * daysPerGroup)].map(figure.pick)
            student.add(Estimate(values: sample, scale: .unbounded).interval, truth: truth, days: daysPerGroup)
            ours.add(Estimate(values: sample, scale: figure.scale).interval, truth: truth, days: daysPerGroup)
        }
        print("  \(figure.name): truth \(fixed(truth, 4)) (reference 95% half-width \(fixed(1.96 * Estimate(values: values).standardDeviation / Double(values.count).squareRoot(), 4)))")
        print("    Student t, \(daysPerGroup) days:   \(student.line)")
        print("    reports' scale, \(daysPerGroup) days: \(ours.line)")
    }
    // precision: groups of their own seeds, run day by day as DayPlan does (the mean wait decides).
    guard precisionGroups > 0 else { continue }
    let truths = figures.map { figure in reference.map(figure.pick).reduce(0, +) / Double(reference.count) }
    let results = parallel(precisionGroups, empty: [Estimate]()) { group in
        let first = base + (2 << 32) + UInt64(group) * 100_000
        var sample: [Figures] = (0..<10).map { day(line, seed: first + UInt64($0)) }
        while sample.count < 2000 {
            let relative = Estimate(values: sample.map(\.meanWait)).relativeHalfWidth ?? .infinity
            if relative <= precision { break }
            sample.append(day(line, seed: first + UInt64(sample.count)))
        }
        return figures.map { Estimate(values: sample.map($0.pick), scale: $0.scale) }
    }
    for (position, figure) in figures.enumerated() {
        var tally = Tally()
        for estimates in results { tally.add(estimates[position].interval, truth: truths[position], days: estimates[position].values.count) }
        print("  precision ±\(fixed(precision * 100, 1))%, \(figure.name): \(tally.line)")
    }
}
