import BankSimulation
import Basics
import ReportKit

/// How a figure is written: seconds with two decimals, minutes with one, a share as a percentage, or a number of
/// people (with the language's counter: `45.7명`).
enum FigureUnit: Equatable {
    /// Seconds with two decimals.
    case seconds
    /// A time given in seconds, written in minutes with one decimal (a branch's day).
    case minutes
    /// A share 0…1 as a percentage with one decimal.
    case share
    /// A number of customers: grouped, decimals only for a mean that has them.
    case count
    /// A moment given in seconds after opening, written as the time of day (`16:42`) of a day
    /// that opens `open` seconds after midnight.
    case clock(open: Double)

    /// The value alone, as a table cell shows it under a header with the unit: `7.03`, `93.1%`.
    func bare(_ value: Double) -> String {
        switch self {
        case .seconds: NumberText.groupedFixed(value, places: 2)
        case .minutes: NumberText.groupedFixed(value / 60, places: 1)
        case .share: NumberText.percent(value)
        case .count: BankSweepDocument.customers(value)
        case .clock(let open): OpeningHours(open: open, close: open).clock(SimulatedTime.ticks(seconds: max(value, 0)))
        }
    }

    /// What a line without a steady state (ρ ≥ 1) tends to in the long run, where Erlang C has no
    /// value: waits without bound (∞), and nobody served within any time (0%).
    var withoutSteadyState: Double {
        self == .share ? 0 : .infinity
    }

    /// The value with its unit, for sentences and tiles: `7.03 s`, `93.1%`.
    func text(_ value: Double) -> String {
        switch self {
        case .seconds: BankLabel.seconds.text(bare(value))
        case .minutes: BankLabel.minutes.text(bare(value))
        case .share, .clock: bare(value)
        case .count: BankLabel.peopleCount.text(bare(value))
        }
    }

    /// An interval's bounds without the unit: `5.10–9.60`, `91.0–95.2%`; a single value when both
    /// bounds print the same.
    func bareRange(_ range: ClosedRange<Double>) -> String {
        if case .clock = self {
            let low = bare(range.lowerBound), high = bare(range.upperBound)
            return low == high ? low : "\(low)–\(high)"
        }
        let low = NumberText.groupedFixed(range.lowerBound * scale, places: places)
        let high = NumberText.groupedFixed(range.upperBound * scale, places: places)
        let suffix = self == .share ? "%" : ""
        return low == high ? low + suffix : "\(low)–\(high)\(suffix)"
    }

    /// An interval with its unit: `5.10–9.60 s`, `91.0–95.2%`.
    func range(_ range: ClosedRange<Double>) -> String {
        switch self {
        case .seconds: BankLabel.seconds.text(bareRange(range))
        case .minutes: BankLabel.minutes.text(bareRange(range))
        case .share, .clock: bareRange(range)
        case .count: BankLabel.peopleCount.text(bareRange(range))
        }
    }

    /// A difference with its sign and unit: `−6.92 s`, `+52.0 points` (share points).
    func change(_ value: Double) -> String {
        let sign = value > 0 ? "+" : value < 0 ? "−" : ""
        let magnitude = NumberText.fixed(abs(value) * scale, places: places)
        switch self {
        case .seconds: return BankLabel.seconds.text(sign + magnitude)
        case .minutes, .clock: return BankLabel.minutes.text(sign + magnitude)
        case .share: return BankLabel.points.text(sign + magnitude)
        case .count: return BankLabel.peopleCount.text(sign + magnitude)
        }
    }

    /// An interval of a difference, with its unit: `−8.74 to −5.10 s`.
    func changeRange(_ range: ClosedRange<Double>) -> String {
        let low = NumberText.fixed(range.lowerBound * scale, places: places).replacingMinus
        let high = NumberText.fixed(range.upperBound * scale, places: places).replacingMinus
        let both = BankLabel.rangeTo.text(low, high)
        switch self {
        case .seconds: return BankLabel.seconds.text(both)
        case .minutes, .clock: return BankLabel.minutes.text(both)
        case .share: return BankLabel.points.text(both)
        case .count: return BankLabel.peopleCount.text(both)
        }
    }

    /// A table cell: the mean, and below it the interval in brackets when there is one.
    func cell(_ estimate: Estimate, mark: [Inline] = []) -> Table.Cell {
        var content: [Inline] = [.text(bare(estimate.mean))] + mark
        if let interval = estimate.interval, estimate.values.count > 1, bareRange(interval) != bare(estimate.mean) {
            content += [.lineBreak, .styled([.text("(\(bareRange(interval)))")], className: "ci")]
        }
        return Table.Cell(content)
    }

    /// A tile's figure: `7.03 s (5.10–9.60 s)`, or the mean alone for one day or when every day
    /// gave the same.
    func withInterval(_ estimate: Estimate) -> String {
        guard let interval = estimate.interval, estimate.values.count > 1, bareRange(interval) != bare(estimate.mean) else {
            return text(estimate.mean)
        }
        return BankLabel.withInterval.text(text(estimate.mean), range(interval))
    }

    /// A sentence's figure: `7.03 s (95% interval 5.10–9.60 s)`, or the mean alone.
    func inSentence(_ estimate: Estimate) -> String {
        guard let interval = estimate.interval, estimate.values.count > 1, bareRange(interval) != bare(estimate.mean) else {
            return text(estimate.mean)
        }
        return BankLabel.sentenceInterval.text(text(estimate.mean), range(interval))
    }

    private var scale: Double {
        switch self {
        case .share: 100
        case .minutes, .clock: 1.0 / 60
        case .seconds, .count: 1
        }
    }
    private var places: Int {
        switch self {
        case .seconds: 2
        case .minutes, .clock: 1
        case .share: 1
        case .count: 1
        }
    }
}

extension String {
    /// A leading ASCII minus written as the minus sign (−), for figures in sentences.
    var replacingMinus: String { hasPrefix("-") ? "−" + dropFirst() : self }
}

extension FigureUnit {
    /// How a scenario's waits and times are written: minutes on a branch's day, else seconds.
    static func time(_ scale: TimeScale) -> FigureUnit { scale == .minutes ? .minutes : .seconds }
}
