import BankSimulation

/// What a shard file's days must be for its cell, checked before a report reads them: a file
/// changed by hand or cut short must be an error naming it, never a trap or a wrong page.
enum BankShardCheck {
    /// The most seconds a figure may hold: what a day's clock can count (``SimulatedTime``).
    static let maximumSeconds = Double(Int64.max / SimulatedTime.ticksPerSecond)

    /// Why `days` cannot be `scenario`'s days from `seed`, or nil when they can: as many days as
    /// its plan runs, day k with seed `seed + k`, one figure per service and per teller, every
    /// number finite, from 0 up to what a day can hold.
    static func problem(_ days: [DaySummary], scenario: Scenario, seed: UInt64) -> String? {
        if let precision = scenario.precision {
            let most = max(precision.maximumDays, 1)
            let least = min(Precision.firstDays, most)
            guard (least...most).contains(days.count) else { return "has \(days.count) days, its plan runs \(least) to \(most)" }
        } else if days.count != max(scenario.replications, 1) {
            return "has \(days.count) days, its plan runs \(max(scenario.replications, 1))"
        }
        let services = scenario.services.count
        let tellers = scenario.tellers.reduce(0) { $0 + max($1, 0) }
        let customers = max(scenario.arrivals.maximumCustomers, 0)
        for (index, day) in days.enumerated() {
            let name = "day \(index + 1)"
            guard day.seed == seed &+ UInt64(index) else { return "\(name) ran with seed \(day.seed), not \(seed &+ UInt64(index))" }
            let perService = [day.serviceWaits.count, day.arrivedPerService.count, day.abandonedPerService.count,
                              day.serviceUtilization.count, day.serviceClosingTime.count]
            guard perService.allSatisfy({ $0 == services }), day.utilization.count == tellers else {
                return "\(name) has figures for another number of services or tellers"
            }
            let counts = [day.customers, day.gaveUp] + day.arrivedPerService + day.abandonedPerService
                + ([day.waits] + day.serviceWaits).compactMap { $0?.customers }
            guard counts.allSatisfy({ (0...customers).contains($0) }) else { return "\(name) counts more customers than the day can have" }
            var numbers = [day.totalTime, day.businessTime, day.waitingTime] + day.utilization + day.serviceUtilization.compactMap { $0 }
                + day.serviceClosingTime
            for figures in ([day.waits] + day.serviceWaits).compactMap({ $0 }) {
                guard figures.percentileWaits.count == WaitFigures.percentiles.count else { return "\(name) has other percentiles" }
                numbers += [figures.meanWait, figures.maxWait, figures.serviceLevel] + figures.percentileWaits
            }
            guard numbers.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= maximumSeconds }) else {
                return "\(name) has a figure below 0, too large, or not a number"
            }
        }
        return nil
    }
}
