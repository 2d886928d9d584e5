/// What a day costs the branch (`cost:` in a scenario): its tellers' hours, its customers' waiting,
/// and the customers who give up.
///
/// - Tellers: each service's tellers are paid from opening until the doors close or until that
///   service's last customer is served, whichever is later (the overtime a late queue needs is
///   paid by the service that has it). A day without opening hours is paid until each service's
///   last customer is served, the time its utilisation counts.
/// - Waiting: every customer's wait, served or gone (a customer who gives up waited until they
///   left), warm-up included, priced per hour.
/// - Giving up: a price per customer who leaves unserved (the business lost, the goodwill).
public struct StaffingCost: Sendable, Equatable {
    /// What one teller costs an hour, by service index.
    public var tellerPerHour: [Double]
    /// What an hour of one customer's waiting costs.
    public var waitingPerHour: Double
    /// What one customer who gives up costs.
    public var abandonment: Double
    /// The currency's code, `KRW`.
    public var currency: String

    public init(tellerPerHour: [Double], waitingPerHour: Double = 0, abandonment: Double = 0, currency: String = "KRW") {
        self.tellerPerHour = tellerPerHour
        self.waitingPerHour = waitingPerHour
        self.abandonment = abandonment
        self.currency = currency
    }

    /// One day's cost in its three parts.
    public struct DayCost: Sendable, Equatable {
        /// The tellers' pay: teller-hours per service times the service's price.
        public var tellers: Double
        /// The customers' waiting: hours waited times the price.
        public var waiting: Double
        /// The customers who gave up, times the price.
        public var abandonment: Double

        public init(tellers: Double, waiting: Double, abandonment: Double) {
            self.tellers = tellers
            self.waiting = waiting
            self.abandonment = abandonment
        }

        /// The three together.
        public var total: Double { tellers + waiting + abandonment }
    }

    /// The hours each service's tellers are paid for on `day`, by service index (see the type's
    /// rule), each teller alike.
    public static func paidHours(_ day: DaySummary, hours: OpeningHours?) -> [Double] {
        day.serviceClosingTime.map { closing in max(hours?.length ?? 0, closing) / 3600 }
    }

    /// The cost of one day of `scenario` (its tellers and its hours).
    public func day(_ day: DaySummary, scenario: Scenario) -> DayCost {
        let paid = Self.paidHours(day, hours: scenario.hours)
        var tellers = 0.0
        for (index, hours) in paid.enumerated() where index < scenario.tellers.count && index < tellerPerHour.count {
            tellers += Double(scenario.tellers[index]) * hours * tellerPerHour[index]
        }
        return DayCost(
            tellers: tellers, waiting: day.waitingTime / 3600 * waitingPerHour, abandonment: Double(day.gaveUp) * abandonment)
    }
}

extension SweepPoint {
    /// The days' total cost, mean with its 95% interval, when the scenario has costs.
    public var cost: Estimate? {
        scenario.cost.map { cost in Estimate(values: days.map { cost.day($0, scenario: scenario).total }) }
    }

    /// One part of the days' cost (mean with its interval), when the scenario has costs.
    public func cost(_ part: KeyPath<StaffingCost.DayCost, Double>) -> Estimate? {
        scenario.cost.map { cost in Estimate(values: days.map { cost.day($0, scenario: scenario)[keyPath: part] }) }
    }

    /// Customers who gave up a day (everyone's, warm-up included), mean with its interval.
    public var gaveUp: Estimate { Estimate(values: days.map { Double($0.gaveUp) }) }
}
