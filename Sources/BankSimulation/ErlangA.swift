import Foundation

/// The M/M/c+M queue (Erlang A): Poisson arrivals, exponential service, `c` tellers, and
/// customers who give up after an exponential patience. Its figures come from the exact
/// stationary law of the number in the bank — a birth–death chain with births at λ and deaths
/// at min(n, c)·μ + max(n − c, 0)·θ — which always exists when θ > 0, however loaded the line.
public enum ErlangA {
    /// The steady-state figures of one line.
    public struct Figures: Sendable, Equatable {
        /// P(an arriving customer waits): the chance of finding every teller busy.
        public var probabilityOfWaiting: Double
        /// P(an arriving customer gives up): θ·E[line length] / λ.
        public var abandonment: Double
        /// The mean time in line of all customers, served or not, in seconds: E[line length] / λ.
        public var meanTimeInLine: Double
    }

    /// The figures for arrivals at `arrivalRate` per second, `servers` tellers with mean service
    /// `meanService` seconds and mean patience `meanPatience` seconds; nil when an input is out of
    /// range or the chain would need more than ``maximumStates`` states to sum.
    public static func figures(arrivalRate λ: Double, meanService: Double, servers c: Int, meanPatience: Double) -> Figures? {
        guard λ > 0, λ.isFinite, meanService > 0, meanService.isFinite, c >= 0, meanPatience > 0, meanPatience.isFinite else { return nil }
        let μ = 1 / meanService, θ = 1 / meanPatience
        // log π_n up to a constant, walked until the terms past the peak are negligible.
        var logTerms: [Double] = [0]
        var logTerm = 0.0, peak = 0.0
        var n = 0
        while true {
            n += 1
            let death = Double(min(n, c)) * μ + Double(max(n - c, 0)) * θ
            logTerm += log(λ / death)
            logTerms.append(logTerm)
            peak = max(peak, logTerm)
            if n > c && logTerm < peak - 60 && λ < death { break }
            if n >= maximumStates { return nil }
        }
        var total = 0.0, waiting = 0.0, line = 0.0
        for (state, value) in logTerms.enumerated() {
            let weight = exp(value - peak)
            total += weight
            if state >= c { waiting += weight }
            if state > c { line += Double(state - c) * weight }
        }
        let meanLine = line / total
        return Figures(probabilityOfWaiting: waiting / total, abandonment: θ * meanLine / λ, meanTimeInLine: meanLine / λ)
    }

    /// The most states ``figures(arrivalRate:meanService:servers:meanPatience:)`` sums.
    public static let maximumStates = 5_000_000

    /// One service's Erlang A figures beside its simulation.
    public struct Prediction: Sendable, Equatable {
        public var service: Int
        /// λ for the service, customers per second.
        public var arrivalRate: Double
        public var servers: Int
        public var figures: Figures
    }

    /// Figures for each service with exponential durations and an exponential patience when the
    /// day is one steady Poisson stream; empty for any other scenario.
    public static func predictions(for scenario: Scenario) -> [Prediction] {
        guard let rate = scenario.steadyArrivalRate else { return [] }
        let totalWeight = scenario.services.reduce(0) { $0 + max($1.weight, 0) }
        guard totalWeight > 0 else { return [] }
        return scenario.services.enumerated().compactMap { index, service in
            guard case .exponential(let mean) = service.duration, case .exponential(let patience)? = service.patience,
                  service.weight > 0, index < scenario.tellers.count else { return nil }
            let lambda = rate * service.weight / totalWeight
            guard let figures = figures(arrivalRate: lambda, meanService: mean, servers: scenario.tellers[index], meanPatience: patience) else {
                return nil
            }
            return Prediction(service: index, arrivalRate: lambda, servers: scenario.tellers[index], figures: figures)
        }
    }
}

extension Scenario {
    /// The rate of a steady Poisson stream — `arrival: {rate}`, or one rate over the opening
    /// hours without batches — else nil.
    public var steadyArrivalRate: Double? {
        switch arrivals {
        case .poisson(let rate, _): rate
        case .profile(let profile): profile.constantRate
        default: nil
        }
    }

    /// True when some service's customers may give up waiting.
    public var hasPatience: Bool { services.contains { $0.patience != nil } }
}
