/// The result of simulating one day: every customer's record and the tellers' work.
public struct Day: Sendable {
    /// The seed the customers were drawn with, or nil for customers given in advance.
    public let seed: UInt64?
    /// The services, by index.
    public let services: [Service]
    /// The tellers (lanes), by index: each service's tellers in order.
    public let tellers: [Teller]
    /// Every customer in arrival order; customer number `n` is at index `n - 1`.
    public let customers: [CustomerRecord]
    /// Ticks each teller spent serving.
    public let busyTime: [Int64]
    /// Customers each teller served.
    public let servedCount: [Int]
    /// When the last customer finishes, in ticks (0 on a day without customers): the same as
    /// ``closingTime``, kept under this name for existing readers.
    public let totalTime: Int64

    public init(
        seed: UInt64?, services: [Service], tellers: [Teller], customers: [CustomerRecord],
        busyTime: [Int64], servedCount: [Int], totalTime: Int64
    ) {
        self.seed = seed
        self.services = services
        self.tellers = tellers
        self.customers = customers
        self.busyTime = busyTime
        self.servedCount = servedCount
        self.totalTime = totalTime
    }

    /// When the last customer finishes, in ticks (0 on a day without customers).
    public var closingTime: Int64 { totalTime }

    /// 업무시간, in ticks: the time during which at least one customer is waiting or being served.
    ///
    /// The seed's UI app runs its timer only then, so the idle gaps between batches (everyone
    /// served, nobody yet arrived) are not counted. It equals ``closingTime`` when the bank is
    /// never idle from opening to closing — e.g. everyone arrives at opening. Customers who are
    /// never served (a service without tellers) are left out.
    public var businessTime: Int64 {
        // Customers are in arrival order: merge the intervals [arrival, finish] as they come.
        var total: Int64 = 0
        var open: Int64 = 0
        var close: Int64 = -1
        for customer in customers where customer.teller >= 0 {
            if customer.arrival > close {
                if close >= open { total += close - open }
                open = customer.arrival
                close = customer.finish
            } else if customer.finish > close {
                close = customer.finish
            }
        }
        if close >= open { total += close - open }
        return total
    }

    /// Customers who were served (all of them, unless a service had no teller).
    public var servedCustomers: Int { servedCount.reduce(0, +) }

    /// Mean wait in seconds over served customers (0 without customers).
    ///
    /// Waits are summed as `Double`: exact while the sum stays under 2⁵³ ticks (about 285 years),
    /// and never an overflow when a long queue makes it larger.
    public var meanWait: Double {
        var sum = 0.0
        var count = 0
        for customer in customers where customer.teller >= 0 {
            sum += Double(customer.wait)
            count += 1
        }
        return count == 0 ? 0 : sum / Double(count) / Double(SimulatedTime.ticksPerSecond)
    }

    /// The longest wait in ticks.
    public var maxWait: Int64 {
        customers.reduce(0) { customer, record in record.teller >= 0 ? max(customer, record.wait) : customer }
    }

    /// Mean wait in seconds of the customers of one service, or nil when it had none.
    public func meanWait(service: Int) -> Double? {
        var sum = 0.0
        var count = 0
        for customer in customers where customer.service == service && customer.teller >= 0 {
            sum += Double(customer.wait)
            count += 1
        }
        return count == 0 ? nil : sum / Double(count) / Double(SimulatedTime.ticksPerSecond)
    }

    /// How many customers gave up waiting, per service.
    public var abandonedPerService: [Int] {
        var counts = [Int](repeating: 0, count: services.count)
        for customer in customers where customer.isAbandoned { counts[Int(customer.service)] += 1 }
        return counts
    }

    /// How many customers came for each service.
    public var customersPerService: [Int] {
        var counts = [Int](repeating: 0, count: services.count)
        for customer in customers { counts[Int(customer.service)] += 1 }
        return counts
    }

    /// When each service's last customer finishes, in ticks, by service index (0 for a service
    /// nobody was served by): the end of the time that service is open.
    public var serviceClosingTime: [Int64] {
        var closing = [Int64](repeating: 0, count: services.count)
        for customer in customers where customer.teller >= 0 {
            let service = Int(customer.service)
            if customer.finish > closing[service] { closing[service] = customer.finish }
        }
        return closing
    }

    /// The share (0…1) of its service's open time each teller spent serving: busy time over the
    /// time from opening until the service's last customer finishes (0 when it served nobody).
    /// Another service's staffing never moves it: the day of one service's customers is the same
    /// whoever serves the others.
    public var utilization: [Double] {
        let closing = serviceClosingTime
        return tellers.indices.map { lane in
            let open = closing[tellers[lane].service]
            return open > 0 ? Double(busyTime[lane]) / Double(open) : 0
        }
    }
}
