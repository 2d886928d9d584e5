import Foundation

/// The M/M/c queue's steady state (Erlang C): Poisson arrivals, exponential service, c servers.
public enum ErlangC {
    /// The probability that an arriving customer has to wait, for `servers` servers and an offered
    /// load `load` = λ/μ; nil unless 0 ≤ load < servers (otherwise the line grows without bound).
    public static func probabilityOfWaiting(servers: Int, load: Double) -> Double? {
        guard servers >= 1, load >= 0, load < Double(servers) else { return nil }
        // Erlang B by its stable recursion, then C = c·B / (c − a·(1 − B)).
        var b = 1.0
        for k in 1...servers {
            b = load * b / (Double(k) + load * b)
        }
        let c = Double(servers)
        return c * b / (c - load * (1 - b))
    }

    /// The mean time in line W_q = C(c, a) / (cμ − λ), in seconds; nil when unstable.
    public static func meanWait(arrivalRate: Double, meanService: Double, servers: Int) -> Double? {
        guard arrivalRate >= 0, meanService > 0 else { return nil }
        let load = arrivalRate * meanService
        guard let waiting = probabilityOfWaiting(servers: servers, load: load) else { return nil }
        return waiting * meanService / (Double(servers) - load)
    }

    /// P(W ≤ t), the share of customers who wait at most `within` seconds: 1 − C·e^{−(cμ−λ)t};
    /// nil when unstable.
    public static func serviceLevel(within seconds: Double, arrivalRate: Double, meanService: Double, servers: Int) -> Double? {
        guard arrivalRate >= 0, meanService > 0, seconds >= 0 else { return nil }
        let load = arrivalRate * meanService
        guard let waiting = probabilityOfWaiting(servers: servers, load: load) else { return nil }
        let drain = (Double(servers) - load) / meanService  // cμ − λ
        return 1 - waiting * exp(-drain * seconds)
    }

    /// The p-th percentile (0 < p < 1) of the wait in seconds: the least t with P(W ≤ t) ≥ p,
    /// 0 when at least p of the customers are served at once, else ln(C/(1 − p))/(cμ − λ);
    /// nil when unstable.
    public static func waitPercentile(_ p: Double, arrivalRate: Double, meanService: Double, servers: Int) -> Double? {
        guard arrivalRate >= 0, meanService > 0, p > 0, p < 1 else { return nil }
        let load = arrivalRate * meanService
        guard let waiting = probabilityOfWaiting(servers: servers, load: load) else { return nil }
        guard waiting > 1 - p else { return 0 }
        let drain = (Double(servers) - load) / meanService
        return log(waiting / (1 - p)) / drain
    }

    /// What queueing theory predicts for one service of a scenario.
    public struct Prediction: Sendable, Equatable {
        /// The service's index.
        public var service: Int
        /// λ for this service: the arrival rate times its share of the weights.
        public var arrivalRate: Double
        public var servers: Int
        /// ρ = λ / (c μ).
        public var utilization: Double
        /// P(wait > 0), nil when unstable.
        public var probabilityOfWaiting: Double?
        /// W_q in seconds, nil when unstable (ρ ≥ 1).
        public var meanWait: Double?
        /// The wait the service level counts up to, in seconds.
        public var threshold: Double
        /// P(W ≤ threshold), nil when unstable.
        public var serviceLevel: Double?
        /// The 50th, 90th and 95th percentiles of the wait (``WaitFigures/percentiles``), nil when unstable.
        public var percentileWaits: [Double]?
        /// Whether the scenario's days are long enough for this steady state to describe them.
        public var steadyState: SteadyState
    }

    /// Predictions for each service with exponential durations when arrivals are Poisson;
    /// empty for any other scenario.
    public static func predictions(for scenario: Scenario) -> [Prediction] {
        let rate: Double, expected: Double
        switch scenario.arrivals {
        case .poisson(let given, let count): (rate, expected) = (given, count.expected)
        case .profile(let profile):
            // A steady stream over the opening hours; a rate that changes has no steady state.
            guard let constant = profile.constantRate else { return [] }
            (rate, expected) = (constant, profile.expectedCustomers)
        default: return []
        }
        let totalWeight = scenario.services.reduce(0) { $0 + $1.weight }
        guard totalWeight > 0 else { return [] }
        let threshold = scenario.serviceLevelThreshold
        return scenario.services.enumerated().compactMap { index, service in
            // Customers who give up make another queue (Erlang A), not M/M/c.
            guard case .exponential(let mean) = service.duration, service.patience == nil, service.weight > 0,
                  index < scenario.tellers.count else {
                return nil
            }
            let share = service.weight / totalWeight
            let lambda = rate * share
            let servers = scenario.tellers[index]
            let load = lambda * mean
            let percentiles = WaitFigures.percentiles.map {
                waitPercentile(Double($0) / 100, arrivalRate: lambda, meanService: mean, servers: servers)
            }
            return Prediction(
                service: index,
                arrivalRate: lambda,
                servers: servers,
                utilization: servers > 0 ? load / Double(servers) : .infinity,
                probabilityOfWaiting: probabilityOfWaiting(servers: servers, load: load),
                meanWait: meanWait(arrivalRate: lambda, meanService: mean, servers: servers),
                threshold: threshold,
                serviceLevel: serviceLevel(within: threshold, arrivalRate: lambda, meanService: mean, servers: servers),
                percentileWaits: percentiles.contains(nil) ? nil : percentiles.compactMap { $0 },
                steadyState: SteadyState(
                    utilization: servers > 0 ? load / Double(servers) : .infinity,
                    customers: expected, share: share, warmup: scenario.warmup, arrivalRate: rate)
            )
        }
    }
}
