/// A numeric scale along one axis: its domain, its tick values, and where a value falls.
///
/// ``init(covering:includingZero:minimumStep:count:)`` gives a value axis (y): nice ticks from a
/// multiple of the step at or below the lowest value to one at or above the highest, the domain
/// running from the first tick to the last. ``init(spanning:minimumStep:count:)`` gives a position
/// axis (x): the domain is the data's own range and the ticks are the nice values inside it.
public struct ValueScale: Sendable, Equatable {
    /// The values at the two ends of the axis.
    public let low: Double
    public let high: Double
    /// Tick values, increasing, all within `low...high`.
    public let ticks: [Double]

    /// Ticks covering every value (and 0 when `includingZero`), at 1, 2 or 5 times a power of ten
    /// and never closer than `minimumStep`; about `count` steps.
    public init(covering values: [Double], includingZero: Bool = true, minimumStep: Double = 0, count: Int = 5) {
        let finite = values.filter(\.isFinite)
        var low = finite.min() ?? 0
        var high = finite.max() ?? 0
        if includingZero {
            low = min(low, 0)
            high = max(high, 0)
        }
        guard high > low else {
            let step = max(1, minimumStep)
            let base = (low / step).rounded(.down) * step
            self.init(low: base, high: base + step, ticks: [base, base + step])
            return
        }
        let step = max(SVGText.tickStep(span: high - low, count: count), minimumStep)
        let first = (low / step).rounded(.down)
        let last = (high / step).rounded(.up)
        let ticks = stride(from: first, through: last, by: 1).map { $0 * step }
        self.init(low: ticks[0], high: ticks[ticks.count - 1], ticks: ticks)
    }

    /// The data's own range (widened by 1 when it is a single value), with the nice values inside
    /// it as ticks, never closer than `minimumStep`.
    public init(spanning values: [Double], minimumStep: Double = 0, count: Int = 6) {
        let finite = values.filter(\.isFinite)
        let low = finite.min() ?? 0
        var high = finite.max() ?? 1
        if high <= low { high = low + 1 }
        let step = max(SVGText.tickStep(span: high - low, count: count), minimumStep)
        var ticks: [Double] = []
        var tick = (low / step).rounded(.up) * step
        while tick <= high + step * 1e-9 {
            ticks.append(tick)
            tick += step
        }
        self.init(low: low, high: high, ticks: ticks)
    }

    private init(low: Double, high: Double, ticks: [Double]) {
        self.low = low
        self.high = high
        self.ticks = ticks
    }

    /// Where `value` falls: 0 at ``low``, 1 at ``high``.
    public func fraction(_ value: Double) -> Double {
        (value - low) / (high - low)
    }
}
