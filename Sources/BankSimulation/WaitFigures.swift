/// The waiting figures of a group of customers (one service's, or everyone's) on one day: what a
/// staffing decision is judged by.
///
/// Percentiles are nearest-rank: the p-th percentile is the shortest wait w such that at least
/// p% of the customers waited w or less (so the 90th percentile is the smallest threshold whose
/// service level reaches 90%). The service level counts waits of at most the threshold.
public struct WaitFigures: Sendable, Equatable, Codable {
    /// The percentiles every report gives, in percent.
    public static let percentiles: [Int] = [50, 90, 95]

    /// Customers counted (served, and past the warm-up).
    public var customers: Int
    /// Mean wait in seconds.
    public var meanWait: Double
    /// Longest wait in seconds.
    public var maxWait: Double
    /// The share (0…1) of customers who waited at most the threshold.
    public var serviceLevel: Double
    /// The 50th, 90th and 95th percentiles of the wait in seconds (``percentiles``).
    public var percentileWaits: [Double]

    public init(customers: Int, meanWait: Double, maxWait: Double, serviceLevel: Double, percentileWaits: [Double]) {
        self.customers = customers
        self.meanWait = meanWait
        self.maxWait = maxWait
        self.serviceLevel = serviceLevel
        self.percentileWaits = percentileWaits
    }

    /// The figures of `waits` (ticks, sorted ascending) for a threshold in ticks; nil when empty.
    init?(sortedWaits waits: [Int64], thresholdTicks: Int64) {
        guard let longest = waits.last else { return nil }
        // Summed as Double: exact below 2⁵³ ticks, and never an overflow.
        var sum = 0.0
        for wait in waits { sum += Double(wait) }
        let count = waits.count
        // The number of waits ≤ threshold: the first index whose wait is above it.
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if waits[middle] <= thresholdTicks { low = middle + 1 } else { high = middle }
        }
        customers = count
        meanWait = sum / Double(count) / Double(SimulatedTime.ticksPerSecond)
        maxWait = SimulatedTime.seconds(longest)
        serviceLevel = Double(low) / Double(count)
        percentileWaits = Self.percentiles.map { percent in
            // Nearest rank: ⌈p·n/100⌉, 1-based, computed in integers.
            let rank = (percent * count + 99) / 100
            return SimulatedTime.seconds(waits[max(rank, 1) - 1])
        }
    }
}

/// Which customers the statistics leave out at the start of a day, so that a day which opens
/// empty can be measured nearer its steady state.
public enum Warmup: Sendable, Equatable {
    /// The first N customers (by number).
    case customers(Int)
    /// Customers who arrive before this many seconds after opening.
    case seconds(Double)
}
