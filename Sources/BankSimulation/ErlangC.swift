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
    }

    /// Predictions for each service with exponential durations when arrivals are Poisson;
    /// empty for any other scenario.
    public static func predictions(for scenario: Scenario) -> [Prediction] {
        guard case .poisson(let rate, _) = scenario.arrivals else { return [] }
        let totalWeight = scenario.services.reduce(0) { $0 + $1.weight }
        guard totalWeight > 0 else { return [] }
        return scenario.services.enumerated().compactMap { index, service in
            guard case .exponential(let mean) = service.duration, service.weight > 0, index < scenario.tellers.count else {
                return nil
            }
            let lambda = rate * service.weight / totalWeight
            let servers = scenario.tellers[index]
            let load = lambda * mean
            return Prediction(
                service: index,
                arrivalRate: lambda,
                servers: servers,
                utilization: servers > 0 ? load / Double(servers) : .infinity,
                probabilityOfWaiting: probabilityOfWaiting(servers: servers, load: load),
                meanWait: meanWait(arrivalRate: lambda, meanService: mean, servers: servers)
            )
        }
    }
}
