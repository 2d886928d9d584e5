import Foundation

/// Whether a day is long enough, for its load, for the steady state of queueing theory (Erlang C)
/// to describe it.
///
/// A day opens with an empty bank, so its first customers find short lines: the day's mean wait
/// falls short of the steady state's by the wait its line has not yet built up. For an M/M/1 line
/// the expected number waiting, started empty, falls short of its long-run value by a total of
/// `K / λ` times that value, with `K = ρ(2 − ρ)/(1 − ρ)²` (solving the birth–death chain's Poisson
/// equation; `K` counts customers), so a day of `N` customers waits about `K/N` less than Erlang C
/// says. Simulated M/M/1, M/M/2 and M/M/4 days from ρ = 0.7 to 0.98 and 300 to 10,000 customers
/// agree within the simulations' error where the shortfall is between 5% and 25% (it does not
/// depend on c), and it is an upper-range guess beyond. A warm-up of `w` customers leaves out the
/// start, where most of the shortfall is: about `K·e^(−w/K)/(N − w)` remains.
///
/// The rule: Erlang C describes the day when ρ < 1 and the expected shortfall is at most
/// ``tolerance`` (10%).
public struct SteadyState: Sendable, Equatable {
    /// The largest expected shortfall for which the steady state is said to apply.
    public static let tolerance = 0.10

    /// Customers of the service it takes a line this loaded to settle: ρ(2 − ρ)/(1 − ρ)²;
    /// infinity when ρ ≥ 1.
    public let settlingCustomers: Double
    /// The service's customers a day measures (expected, after the warm-up).
    public let measuredCustomers: Double
    /// How far below Erlang C's the day's mean wait is expected to be, as a share (0.08 for 8%
    /// below); infinity when the line has no steady state or the day measures nobody.
    public let expectedShortfall: Double

    /// The check for a service at utilisation ρ that gets `share` of a Poisson stream of
    /// `customers` a day at `arrivalRate` per second, with the day's warm-up left out.
    public init(utilization: Double, customers: Double, share: Double, warmup: Warmup?, arrivalRate: Double) {
        let skipped: Double = switch warmup {
        case .customers(let count): Double(count) * share
        case .seconds(let seconds): min(seconds * arrivalRate, customers) * share
        case nil: 0
        }
        self.init(utilization: utilization, customers: customers * share, skipped: skipped)
    }

    /// The check for ρ = `utilization`, `customers` a day of which the first `skipped` are left out.
    public init(utilization ρ: Double, customers: Double, skipped: Double) {
        settlingCustomers = ρ < 1 && ρ >= 0 ? ρ * (2 - ρ) / ((1 - ρ) * (1 - ρ)) : .infinity
        measuredCustomers = max(customers - skipped, 0)
        if settlingCustomers.isInfinite || measuredCustomers <= 0 {
            expectedShortfall = .infinity
        } else {
            expectedShortfall = settlingCustomers * exp(-skipped / max(settlingCustomers, .leastNormalMagnitude)) / measuredCustomers
        }
    }

    /// True when Erlang C describes the day: a steady state exists and the day's expected
    /// shortfall below it is at most ``tolerance``.
    public var applies: Bool { expectedShortfall <= Self.tolerance }
}
