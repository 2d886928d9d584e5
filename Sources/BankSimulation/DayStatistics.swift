/// The figures of several days of one scenario, each a mean over the days with its 95% interval
/// (``Estimate``).
public struct DayStatistics: Sendable {
    /// Every day's headline numbers, in seed order.
    public let days: [DaySummary]

    public init(days: [DaySummary]) {
        self.days = days
    }

    public var customers: Estimate { Estimate(values: days.map { Double($0.customers) }) }
    public var closingTime: Estimate { Estimate(values: days.map(\.closingTime)) }
    public var businessTime: Estimate { Estimate(values: days.map(\.businessTime)) }
    public var meanWait: Estimate { Estimate(values: days.map(\.meanWait)) }
    public var maxWait: Estimate { Estimate(values: days.map(\.maxWait)) }

    /// Everyone's wait figures over the days that counted someone; nil when none did.
    public var overall: WaitEstimates? { WaitEstimates(days.compactMap(\.waits)) }

    /// One service's wait figures over the days it had counted customers; nil when it never had any.
    public func service(_ index: Int) -> WaitEstimates? {
        WaitEstimates(days.compactMap { index < $0.serviceWaits.count ? $0.serviceWaits[index] : nil })
    }

    /// The share of one service's customers (nil: of everyone) who gave up waiting, per day, over
    /// the days that counted any; nil when none did.
    public func abandonment(_ service: Int?) -> Estimate? {
        let shares = days.compactMap { day -> Double? in
            let arrived = service.map { $0 < day.arrivedPerService.count ? day.arrivedPerService[$0] : 0 }
                ?? day.arrivedPerService.reduce(0, +)
            let abandoned = service.map { $0 < day.abandonedPerService.count ? day.abandonedPerService[$0] : 0 }
                ?? day.abandonedPerService.reduce(0, +)
            return arrived > 0 ? Double(abandoned) / Double(arrived) : nil
        }
        return shares.isEmpty ? nil : Estimate(values: shares, scale: .share)
    }

    /// The share of its open time one service's tellers spent serving; nil without tellers.
    public func serviceUtilization(_ index: Int) -> Estimate? {
        let values = days.compactMap { index < $0.serviceUtilization.count ? $0.serviceUtilization[index] : nil }
        return values.isEmpty ? nil : Estimate(values: values, scale: .share)
    }

    /// The share of its service's open time one teller spent serving.
    public func tellerUtilization(_ lane: Int) -> Estimate {
        Estimate(values: days.map { $0.utilization[lane] }, scale: .share)
    }
}

/// A group's wait figures (``WaitFigures``) over several days: each a mean with its interval.
public struct WaitEstimates: Sendable, Equatable {
    /// How many days had customers in the group.
    public let days: Int
    public let meanWait: Estimate
    public let maxWait: Estimate
    /// The share waiting at most the threshold.
    public let serviceLevel: Estimate
    /// The 50th, 90th and 95th percentiles (``WaitFigures/percentiles``).
    public let percentileWaits: [Estimate]

    /// The estimates of `figures`, one per day; nil when there are none.
    public init?(_ figures: [WaitFigures]) {
        guard !figures.isEmpty else { return nil }
        days = figures.count
        meanWait = Estimate(values: figures.map(\.meanWait))
        maxWait = Estimate(values: figures.map(\.maxWait))
        serviceLevel = Estimate(values: figures.map(\.serviceLevel), scale: .share)
        percentileWaits = WaitFigures.percentiles.indices.map { index in
            Estimate(values: figures.map { $0.percentileWaits[index] })
        }
    }
}
