import BankSimulation
import Basics

/// How a report writes the times of its day: seconds after opening, or times of day when the
/// scenario has opening hours (`09:05:07`; the charts then count hours of the day).
struct BankClock: Sendable {
    let hours: OpeningHours?

    init(_ hours: OpeningHours?) {
        self.hours = hours
    }

    /// A moment of the day (an arrival, a start, a finish): `09:05:07`, or seconds `8.40`.
    func time(_ ticks: Int64) -> String {
        guard let hours else { return BankFormat.seconds(ticks) }
        return hours.clock(ticks, seconds: true)
    }

    /// The x value a chart draws a moment at: hours of the day, or seconds after opening.
    func axisValue(_ ticks: Int64) -> Double {
        guard let hours else { return SimulatedTime.seconds(ticks) }
        return (hours.open + SimulatedTime.seconds(ticks)) / 3600
    }

    /// The moment an axis value stands for, in ticks after opening.
    func ticks(axisValue value: Double) -> Int64 {
        guard let hours else { return SimulatedTime.ticks(seconds: max(value, 0)) }
        return SimulatedTime.ticks(seconds: max(value * 3600 - hours.open, 0))
    }

    /// The label of an axis tick: `10:00`, or a number of seconds.
    func tickLabel(_ value: Double) -> String {
        guard let hours else {
            return value == value.rounded() && abs(value) < 1e15 ? NumberText.grouped(Int(value)) : BankFormat.number(value)
        }
        return OpeningHours(open: 0, close: hours.close).clock(SimulatedTime.ticks(seconds: max(value * 3600, 0)))
    }

    /// The time axis's title: `Time (s)` or `Time of day`.
    var axisLabel: String { hours == nil ? BankLabel.timeAxis.text : BankLabel.clockAxis.text }
}
