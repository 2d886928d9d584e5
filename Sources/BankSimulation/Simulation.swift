import Randomness

/// The discrete-event engine: customers arrive, wait in their service's line and are served by
/// that service's tellers, all on a virtual clock (nothing sleeps).
///
/// Rules (SPEC §5.1):
/// - customers are numbered 1…N in arrival order;
/// - each service has its own first-in, first-out ``Queue``, served only by its own tellers;
/// - a free teller takes the next waiting customer at once;
/// - at equal times, completions are handled before arrivals (a teller freed at t serves a
///   customer arriving at t), completions in teller order, so the lower-numbered customer goes to
///   the lower-indexed teller; an arriving customer takes the lowest-indexed free teller;
/// - a customer whose wait would pass their patience leaves the line unserved at that moment
///   (a wait exactly equal to the patience is served); lines are first-in, first-out, so a
///   teller who frees skips those whose patience has run out;
/// - the total business time is when the last customer finishes.
public enum Simulation {
    /// Simulates one day of `scenario` with `seed`. The scenario must have no
    /// ``Scenario/problems()``; a customer whose service has no teller is never served
    /// (its record keeps `teller == -1`).
    public static func run(_ scenario: Scenario, seed: UInt64) -> Day {
        var source = ScenarioArrivals(scenario: scenario, seed: seed)
        return simulate(&source, services: scenario.services, tellers: scenario.tellers, seed: seed)
    }

    /// Simulates customers given in advance (sorted by time, ties kept in the given order, which
    /// is then their numbering). `tellers` gives the number of tellers per service.
    public static func run(arrivals: [Arrival], services: [Service], tellers: [Int]) throws(ScenarioProblem) -> Day {
        guard tellers.count == services.count else {
            throw ScenarioProblem(key: "tellers", "must give a number of tellers for every service")
        }
        for arrival in arrivals {
            guard services.indices.contains(arrival.service) else {
                throw ScenarioProblem(key: "service", "index \(arrival.service) is not a service")
            }
            guard arrival.time >= 0, arrival.duration >= 0, arrival.patience >= 0 else {
                throw ScenarioProblem(key: "arrivals", "times and durations must be non-negative")
            }
        }
        let ordered = arrivals.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var source = ListedArrivals(arrivals: ordered)
        return simulate(&source, services: services, tellers: tellers, seed: nil)
    }

    /// The tag of arrival events: above every teller index, so completions at the same time go first.
    private static let arrivalTag = UInt32.max

    private static func simulate<Source: ArrivalSource>(
        _ source: inout Source, services: [Service], tellers tellerCounts: [Int], seed: UInt64?
    ) -> Day {
        // Lanes: each service's tellers, contiguous, in service order.
        var lanes: [Teller] = []
        var firstLane: [Int] = []
        for (index, service) in services.enumerated() {
            firstLane.append(lanes.count)
            let count = index < tellerCounts.count ? max(tellerCounts[index], 0) : 0
            for number in stride(from: 1, through: count, by: 1) {
                lanes.append(Teller(service: index, number: number, label: "\(service.name) \(number)"))
            }
        }
        firstLane.append(lanes.count)
        let laneService = lanes.map { Int32($0.service) }

        // Free tellers: a bit per lane, so the lowest free lane of a service is one scan away.
        let wordCount = (lanes.count + 63) / 64
        var freeWords = [UInt64](repeating: 0, count: max(wordCount, 1))
        for lane in lanes.indices { freeWords[lane >> 6] |= 1 << UInt64(lane & 63) }
        var freeCount = (0..<services.count).map { firstLane[$0 + 1] - firstLane[$0] }

        var queues = [Queue<Int32>](repeating: Queue(), count: services.count)
        var busy = [Int64](repeating: 0, count: lanes.count)
        var served = [Int](repeating: 0, count: lanes.count)
        var events = EventQueue(capacity: lanes.count + 1)
        var lastFinish: Int64 = 0
        let capacity = source.count
        // When each waiting customer gives up (arrival + patience), only on days with patience.
        var deadlines: [Int64] = []

        // The records are written in place: one allocation for the whole day.
        let records = [CustomerRecord](unsafeUninitializedCapacity: capacity) { records, initialized in
            var pending = source.next()
            if let first = pending { events.push(Event(time: first.time, tag: arrivalTag)) }
            while let event = events.pop() {
                let now = event.time
                var customer = -1
                var lane = -1
                if event.tag == arrivalTag {
                    guard let arrival = pending, initialized < capacity else { break }
                    customer = initialized
                    records[customer] = CustomerRecord(
                        arrival: arrival.time, start: -1, duration: arrival.duration, teller: -1, service: Int32(arrival.service)
                    )
                    initialized += 1
                    if arrival.patience != .max {
                        if deadlines.isEmpty { deadlines = [Int64](repeating: .max, count: capacity) }
                        deadlines[customer] = arrival.time &+ min(arrival.patience, Int64.max - arrival.time)
                    }
                    let service = arrival.service
                    if queues[service].isEmpty && freeCount[service] > 0 {
                        // The lowest free lane of the service.
                        var word = firstLane[service] >> 6
                        while true {
                            let low = firstLane[service] > word << 6 ? firstLane[service] - word << 6 : 0
                            let bits = freeWords[word] & (~UInt64(0) << UInt64(low))
                            if bits != 0 {
                                lane = word << 6 + bits.trailingZeroBitCount
                                break
                            }
                            word += 1
                        }
                        freeWords[lane >> 6] &= ~(1 << UInt64(lane & 63))
                        freeCount[service] -= 1
                    } else {
                        queues[service].enqueue(Int32(customer))
                        customer = -1
                    }
                    pending = source.next()
                    if let next = pending { events.push(Event(time: next.time, tag: arrivalTag)) }
                } else {
                    lane = Int(event.tag)
                    let service = Int(laneService[lane])
                    // Those at the head whose patience ran out before now left then.
                    while let next = queues[service].dequeue() {
                        let index = Int(next)
                        if !deadlines.isEmpty && deadlines[index] < now {
                            records[index].start = deadlines[index]
                            records[index].duration = 0
                            records[index].teller = CustomerRecord.abandonedTeller
                            continue
                        }
                        customer = index
                        break
                    }
                    if customer < 0 {
                        freeWords[lane >> 6] |= 1 << UInt64(lane & 63)
                        freeCount[service] += 1
                    }
                }
                if customer >= 0 {
                    let duration = records[customer].duration
                    records[customer].start = now
                    records[customer].teller = Int32(lane)
                    busy[lane] += duration
                    served[lane] += 1
                    let finish = now + duration
                    if finish > lastFinish { lastFinish = finish }
                    events.push(Event(time: finish, tag: UInt32(lane)))
                }
            }
        }
        return Day(
            seed: seed, services: services, tellers: lanes, customers: records,
            busyTime: busy, servedCount: served, totalTime: lastFinish
        )
    }
}
