import Foundation

/// A mean over days with its 95% confidence interval.
///
/// The interval is Student's t on a scale that suits the quantity (``Scale``): a wait or a time is
/// never negative and its day-to-day values lean to the right (a few congested days wait far
/// longer), so its interval is worked out for the logarithm of the mean and mapped back — it never
/// goes below zero and reaches further above the mean than below, as the values do. A share is
/// worked out on the logit scale, so it stays within 0…1. A difference between two settings, which
/// may have either sign, keeps the plain t interval.
public struct Estimate: Sendable, Equatable {
    /// The range of the quantity, which sets the scale its interval is worked out on.
    public enum Scale: Sendable, Equatable {
        /// Zero or more (a wait, a time, a count): the interval of log(mean), mapped back.
        case nonNegative
        /// A share from 0 to 1 (a service level, a utilisation): the interval of logit(mean), mapped back.
        case share
        /// Any number (a paired difference): mean ± t·s/√n.
        case unbounded
        /// A number within known bounds (a difference of two shares lies within ±1): mean ± t·s/√n,
        /// cut to the bounds.
        case bounded(ClosedRange<Double>)
    }

    /// The values, one per day.
    public let values: [Double]
    /// Their mean.
    public let mean: Double
    /// The sample standard deviation (n − 1), 0 for a single value.
    public let standardDeviation: Double
    /// The 95% confidence interval, nil for a single value; a single point when every value is the same.
    public let interval: ClosedRange<Double>?
    public let scale: Scale

    public init(values: [Double], scale: Scale = .nonNegative) {
        self.values = values
        self.scale = scale
        let n = Double(values.count)
        let mean = values.isEmpty ? 0 : values.reduce(0, +) / n
        self.mean = mean
        guard values.count > 1 else {
            standardDeviation = 0
            interval = nil
            return
        }
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let deviation = (squares / (n - 1)).squareRoot()
        standardDeviation = deviation
        // Half the width on the mean's own scale: t · s/√n.
        let half = StudentT.quantile975(degreesOfFreedom: values.count - 1) * deviation / n.squareRoot()
        guard half > 0, half.isFinite else {
            interval = mean...mean
            return
        }
        switch scale {
        case .nonNegative where mean > 0:
            // d log(m) = dm / m.
            let spread = half / mean
            interval = (mean * exp(-spread))...(mean * exp(spread))
        case .share where mean > 0 && mean < 1:
            // d logit(m) = dm / (m (1 − m)).
            let centre = log(mean / (1 - mean))
            let spread = half / (mean * (1 - mean))
            interval = Self.logistic(centre - spread)...Self.logistic(centre + spread)
        case .bounded(let bounds):
            interval = max(mean - half, bounds.lowerBound)...min(mean + half, bounds.upperBound)
        case .nonNegative, .share, .unbounded:
            interval = (mean - half)...(mean + half)
        }
    }

    /// Half the interval's width over the mean's size: 0.05 when the interval is within ±5% of
    /// it; nil without an interval, infinity for an interval around 0.
    public var relativeHalfWidth: Double? {
        guard let interval else { return nil }
        let width = (interval.upperBound - interval.lowerBound) / 2
        return width == 0 ? 0 : mean == 0 ? .infinity : width / abs(mean)
    }

    private static func logistic(_ x: Double) -> Double {
        1 / (1 + exp(-x))
    }
}
