/// The console app's account of a day: a line when each customer's business starts and ends,
/// in simulated-time order, then the closing sentence.
///
/// Order of lines at the same instant: first the customers whose business ends then (freeing
/// their tellers), by customer number; then those whose business starts, by customer number.
/// A zero-length business ends right after its own start line.
public enum DayLog {
    /// One line of the log.
    public struct Entry: Sendable, Equatable {
        /// When it happens, in ticks.
        public var time: Int64
        /// The customer's number (1-based).
        public var customer: Int
        /// True for the end of the business, false for its start.
        public var isFinish: Bool

        public init(time: Int64, customer: Int, isFinish: Bool) {
            self.time = time
            self.customer = customer
            self.isFinish = isFinish
        }
    }

    /// The day's entries in order; with `limit`, only the first `limit` of them.
    public static func entries(_ day: Day, limit: Int? = nil) -> [Entry] {
        // Sort keys: time, then `order` = phase (0 end, 1 start) · number · (1 for the end of a
        // zero-length business, which follows its own start).
        var keys: [(time: Int64, order: UInt64)] = []
        keys.reserveCapacity(day.customers.count * 2)
        for (index, customer) in day.customers.enumerated() where customer.teller >= 0 {
            let number = UInt64(index + 1) << 1
            keys.append((customer.start, 1 << 42 | number))
            keys.append((customer.finish, customer.duration == 0 ? 1 << 42 | number | 1 : number))
        }
        keys.sort { $0.time < $1.time || ($0.time == $1.time && $0.order < $1.order) }
        let kept = limit.map { keys.prefix(max($0, 0)) } ?? keys[...]
        return kept.map { key in
            let isStart = key.order >> 42 == 1 && key.order & 1 == 0
            return Entry(time: key.time, customer: Int((key.order & 0x3FF_FFFF_FFFF) >> 1), isFinish: !isStart)
        }
    }

    /// The text of an entry: `3번 고객 예금업무 시작` or `3번 고객 예금업무 완료`.
    public static func line(_ entry: Entry, day: Day) -> String {
        let service = day.services[Int(day.customers[entry.customer - 1].service)]
        return "\(entry.customer)번 고객 \(service.name)업무 \(entry.isFinish ? "완료" : "시작")"
    }

    /// Every line of the day's log, without the closing sentence.
    public static func lines(_ day: Day, limit: Int? = nil) -> [String] {
        entries(day, limit: limit).map { line($0, day: day) }
    }

    /// The closing sentence, verbatim, with the day's ``Day/businessTime`` (업무시간, idle gaps
    /// left out): `업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 23명이며, 총 업무시간은 8.40초입니다.`
    public static func closingSentence(_ day: Day) -> String {
        "업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 \(day.servedCustomers)명이며, 총 업무시간은 \(SimulatedTime.text(day.businessTime, places: 2))초입니다."
    }
}
