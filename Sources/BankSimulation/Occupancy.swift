/// How many customers are waiting (대기중) and being served (업무중) over the day.
public enum Occupancy {
    /// The counts from `time` on (until the next point).
    public struct Point: Sendable, Equatable {
        public var time: Int64
        public var waiting: Int
        public var inService: Int

        public init(time: Int64, waiting: Int, inService: Int) {
            self.time = time
            self.waiting = waiting
            self.inService = inService
        }
    }

    /// The exact step function: a point at opening and at every instant a count changes, with
    /// the counts after everything that happens at that instant.
    public static func steps(_ day: Day) -> [Point] {
        // Changes: arrival +1 waiting; start −1 waiting +1 serving; finish −1 serving.
        var changes: [(time: Int64, waiting: Int32, serving: Int32)] = []
        changes.reserveCapacity(day.customers.count * 3)
        for customer in day.customers {
            changes.append((customer.arrival, 1, 0))
            if customer.isAbandoned { changes.append((customer.start, -1, 0)) }
            guard customer.teller >= 0 else { continue }
            changes.append((customer.start, -1, 1))
            changes.append((customer.finish, 0, -1))
        }
        changes.sort { $0.time < $1.time }
        var points = [Point(time: 0, waiting: 0, inService: 0)]
        var waiting = 0
        var serving = 0
        var index = 0
        while index < changes.count {
            let time = changes[index].time
            while index < changes.count && changes[index].time == time {
                waiting += Int(changes[index].waiting)
                serving += Int(changes[index].serving)
                index += 1
            }
            if let last = points.last, last.waiting == waiting && last.inService == serving { continue }
            if points.count == 1 && time == 0 {
                points[0] = Point(time: 0, waiting: waiting, inService: serving)
            } else {
                points.append(Point(time: time, waiting: waiting, inService: serving))
            }
        }
        return points
    }

    /// At most about `maxPoints` points: the exact steps when they are few enough, otherwise the
    /// day cut into `maxPoints` equal slices, each point holding the largest counts reached in its
    /// slice. `isExact` tells which.
    public static func bounded(_ day: Day, maxPoints: Int) -> (points: [Point], isExact: Bool) {
        let exact = steps(day)
        guard exact.count > maxPoints, maxPoints > 1, day.totalTime > 0 else { return (exact, true) }
        let slices = Int64(maxPoints)
        var points: [Point] = []
        points.reserveCapacity(maxPoints + 1)
        var index = 0
        var current = exact[0]
        for slice in 0..<slices {
            let start = Self.share(day.totalTime, slice, slices)
            let end = Self.share(day.totalTime, slice + 1, slices)
            var waiting = current.waiting
            var serving = current.inService
            while index < exact.count && exact[index].time < end {
                current = exact[index]
                waiting = max(waiting, current.waiting)
                serving = max(serving, current.inService)
                index += 1
            }
            points.append(Point(time: start, waiting: waiting, inService: serving))
        }
        points.append(Point(time: day.totalTime, waiting: current.waiting, inService: current.inService))
        return (points, false)
    }

    /// `total × part / whole` (0 ≤ part ≤ whole) without overflow, rounded down.
    private static func share(_ total: Int64, _ part: Int64, _ whole: Int64) -> Int64 {
        let product = total.multipliedFullWidth(by: part)
        return whole.dividingFullWidth(product).quotient
    }
}
