/// The day the grid and sweep tests work by hand: five deposit customers at opening, 1 s each (the
/// loan service has neither customers nor tellers). Tests add a target, costs and their `sweep:`.
enum FiveDeposits {
    static let day = """
        services:
          deposit: {duration: 1}
          loan: {duration: 1, weight: 0}
        tellers: {loan: 0}
        customers: 5

        """

    /// A teller costs 3,600 an hour (1 a second, paid until the deposit line's last customer
    /// leaves) and waiting 3,600 an hour (1 a second waited).
    static let cost = "cost: {teller_per_hour: 3600, waiting_per_hour: 3600}\n"

    /// The day with ``cost`` and `sweep: {SETTINGS}`.
    static func costly(sweep settings: String) -> String {
        day + cost + sweep(settings)
    }

    /// `sweep: {SETTINGS}` as a line.
    static func sweep(_ settings: String) -> String {
        "sweep: {\(settings)}\n"
    }
}
