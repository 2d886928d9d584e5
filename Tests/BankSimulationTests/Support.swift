import BankSimulation

/// Seconds → ticks, for readable expectations.
func ticks(_ seconds: Double) -> Int64 {
    SimulatedTime.ticks(seconds: seconds)
}

/// The seed's two services with fixed durations.
let seedServices: [Service] = [.deposit, .loan]

/// `(number, start, finish, teller label)` of every customer, for compact expectations.
func schedule(_ day: Day) -> [(Int, Int64, Int64, String)] {
    day.customers.enumerated().map { index, customer in
        (index + 1, customer.start, customer.finish, customer.teller >= 0 ? day.tellers[Int(customer.teller)].label : "-")
    }
}

func expectSchedule(_ day: Day, _ expected: [(Int, Double, Double, String)]) -> Bool {
    let actual = schedule(day)
    guard actual.count == expected.count else { return false }
    return zip(actual, expected).allSatisfy { actual, expected in
        actual.0 == expected.0 && actual.1 == ticks(expected.1) && actual.2 == ticks(expected.2) && actual.3 == expected.3
    }
}
