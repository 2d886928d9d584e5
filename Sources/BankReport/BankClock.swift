import BankSimulation
import Basics

/// How a report writes the times of its day: the seed's seconds after opening; on a branch's day
/// (``TimeScale/minutes``) waits and spans in minutes, and moments as times of day when the
/// scenario has opening hours (`09:05:07`; the charts then count hours of the day), else minutes
/// after opening.
struct BankClock: Sendable {
    let hours: OpeningHours?
    let scale: TimeScale

    init(_ hours: OpeningHours?, scale: TimeScale = .seconds) {
        self.hours = hours
        self.scale = hours == nil ? scale : .minutes
    }

    init(_ scenario: Scenario) {
        self.init(scenario.hours, scale: scenario.timeScale)
    }

    /// Whether moments are written in a unit (seconds or minutes after opening) rather than as times of day.
    var writesUnits: Bool { hours == nil }

    /// A moment of the day (an arrival, a start, a finish): `09:05:07`, seconds `8.40`, or minutes `12.5`.
    func time(_ ticks: Int64) -> String {
        if let hours { return hours.clock(ticks, seconds: true) }
        return bare(ticks)
    }

    /// A moment of the day in words: `09:05:07`, or with its unit `12.5 min` (`8.40 s`).
    func moment(_ ticks: Int64) -> String {
        hours == nil ? span(ticks) : time(ticks)
    }

    /// A wait or a span of time without its unit, for a table under a header with the unit:
    /// seconds `8.40` or minutes `12.5`.
    func bare(_ ticks: Int64) -> String {
        scale == .minutes ? FigureUnit.minutes.bare(SimulatedTime.seconds(ticks)) : BankFormat.seconds(ticks)
    }

    /// A wait or a span of time with its unit: `8.40 s`, `12.5 min`.
    func span(_ ticks: Int64) -> String {
        scale == .seconds ? BankLabel.seconds.text(BankFormat.seconds(ticks)) : unit.text(SimulatedTime.seconds(ticks))
    }

    /// A long span — a day's business time — with its unit: `8.40 s`, `45.5 min`, `7 h 36 min`, `2 h`.
    func long(_ seconds: Double) -> String {
        guard scale == .minutes, seconds >= 3600 else { return unit.text(seconds) }
        let minutes = Int((seconds / 60).rounded())
        guard minutes % 60 != 0 else { return BankLabel.hours.text(String(minutes / 60)) }
        return BankLabel.hoursMinutes.text(String(minutes / 60), String(minutes % 60))
    }

    /// When the day ended, for a figure: the time of day (`16:42`) with hours, else the span
    /// since opening (``long(_:)``).
    func closing(_ seconds: Double) -> String {
        guard let hours else { return long(seconds) }
        return hours.clock(SimulatedTime.ticks(seconds: max(seconds, 0)))
    }

    /// A day's business time (ticks), as the closing sentence and the card say it: `8.40 s`, `7 h 36 min`.
    func businessTime(_ ticks: Int64) -> String {
        scale == .seconds ? span(ticks) : long(SimulatedTime.seconds(ticks))
    }

    /// When a day's last customer finished (ticks): `8.40 s`, or `16:42` with hours.
    func closingTime(_ ticks: Int64) -> String {
        scale == .seconds ? span(ticks) : closing(SimulatedTime.seconds(ticks))
    }

    /// How the figures' waits and spans are written.
    var unit: FigureUnit { .time(scale) }

    /// The unit's short name, for a header: `s`, `min` (`초`, `분`).
    var unitName: String { (scale == .minutes ? BankLabel.unitMinutes : .unitSeconds).text }

    /// The seconds an arrival rate is counted over: an hour on a day with opening hours (as its
    /// arrivals are given and drawn), else the day's unit.
    var rateSeconds: Double { hours == nil ? scale.seconds : 3600 }

    /// An arrival rate (customers per second) in the day's rate unit: `2.7` a second, `0.6` a
    /// minute, `30` an hour.
    func rate(_ perSecond: Double) -> String { BankFormat.number(perSecond * rateSeconds) }

    /// The rate unit in words, after "per": `second`, `minute`, `hour` (`초`, `분`, `시간`).
    var rateUnitWord: String {
        (hours != nil ? BankLabel.rateHour : scale == .minutes ? .rateMinute : .rateSecond).text
    }

    /// The rate unit's short name, for a header: `s`, `min`, `h` (`초`, `분`, `시간`).
    var rateUnitName: String { hours != nil ? BankLabel.unitHours.text : unitName }

    /// A threshold or a target's time, as given: `1 s`, `0.5 s`, `10 min`.
    func threshold(_ seconds: Double) -> String {
        scale == .minutes
            ? BankLabel.minutes.text(BankFormat.number(seconds / 60)) : BankLabel.seconds.text(BankFormat.number(seconds))
    }

    /// What a table's times are in: `times in seconds`, `times of day, waits in minutes`.
    var timesNote: String {
        if hours != nil { return BankLabel.timesClock.text }
        return (scale == .minutes ? BankLabel.timesMinutes : .timesSeconds).text
    }

    /// The x value a chart draws a moment at: hours of the day, or seconds or minutes after opening.
    func axisValue(_ ticks: Int64) -> Double {
        guard let hours else { return SimulatedTime.seconds(ticks) / scale.seconds }
        return (hours.open + SimulatedTime.seconds(ticks)) / 3600
    }

    /// The moment an axis value stands for, in ticks after opening.
    func ticks(axisValue value: Double) -> Int64 {
        guard let hours else { return SimulatedTime.ticks(seconds: max(value * scale.seconds, 0)) }
        return SimulatedTime.ticks(seconds: max(value * 3600 - hours.open, 0))
    }

    /// A chart's point in words, from its axis value: `At 8.40 s`, `At 12.5 min`, `At 12:04:31`.
    func at(_ value: Double) -> String {
        let ticks = ticks(axisValue: value)
        return scale == .seconds ? BankLabel.atTime.text(time(ticks)) : BankLabel.atClock.text(moment(ticks))
    }

    /// The label of an axis tick: `10:00`, or a number of seconds or minutes.
    func tickLabel(_ value: Double) -> String {
        guard let hours else {
            return value == value.rounded() && abs(value) < 1e15 ? NumberText.grouped(Int(value)) : BankFormat.number(value)
        }
        return OpeningHours(open: 0, close: hours.close).clock(SimulatedTime.ticks(seconds: max(value * 3600, 0)))
    }

    /// The time axis's title: `Time (s)`, `Time (min)` or `Time of day`.
    var axisLabel: String {
        guard hours == nil else { return BankLabel.clockAxis.text }
        return (scale == .minutes ? BankLabel.timeAxisMinutes : .timeAxis).text
    }
}
