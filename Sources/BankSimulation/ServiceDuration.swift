import Randomness

/// How long one customer's business takes at the counter.
public enum ServiceDuration: Sendable, Equatable {
    /// Always the same number of seconds.
    case fixed(Double)
    /// Exponentially distributed with the given mean in seconds.
    case exponential(mean: Double)
    /// Uniformly distributed between two numbers of seconds.
    case uniform(Double, Double)

    /// One duration in ticks; fixed durations draw nothing from the generator.
    @inline(__always)
    func sample(_ generator: inout SeededGenerator, _ exponential: ExponentialSampler) -> Int64 {
        switch self {
        case .fixed(let seconds):
            SimulatedTime.ticks(seconds: seconds)
        case .exponential(let mean):
            exponential.ticks(meanTicks: mean * 1_000_000, &generator)
        case .uniform(let low, let high):
            SimulatedTime.ticks(seconds: generator.nextDouble(in: low, high))
        }
    }

    /// The fixed time, the exponential mean or the uniform upper bound: what a bound on a day's
    /// length counts per customer.
    var boundingMean: Double {
        switch self {
        case .fixed(let seconds): seconds
        case .exponential(let mean): mean
        case .uniform(_, let high): high
        }
    }
}

extension ServiceDuration {
    /// The mean length in seconds: the fixed time, the exponential mean, or the uniform midpoint.
    public var mean: Double {
        switch self {
        case .fixed(let seconds): seconds
        case .exponential(let mean): mean
        case .uniform(let low, let high): (low + high) / 2
        }
    }
}
