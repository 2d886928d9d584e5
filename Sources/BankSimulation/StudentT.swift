/// Quantiles of Student's t distribution for 95% confidence intervals.
public enum StudentT {
    /// t(0.975; ν) for ν = 1…30, to six decimals.
    private static let table: [Double] = [
        12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139,
        2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922, 2.093024, 2.085963,
        2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272,
    ]

    /// The two-sided 95% critical value t(0.975; ν): the table for ν ≤ 30, beyond it the
    /// Cornish–Fisher expansion around the normal quantile (error below 10⁻⁵).
    public static func quantile975(degreesOfFreedom ν: Int) -> Double {
        precondition(ν >= 1, "degrees of freedom start at 1")
        if ν <= table.count { return table[ν - 1] }
        let z = 1.959_963_984_540_054
        let v = Double(ν)
        let z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z
        return z + (z3 + z) / (4 * v)
            + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v)
            + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v)
    }
}

/// A mean over replications with its 95% confidence interval (Student t).
public struct Estimate: Sendable, Equatable {
    /// The values, one per replication.
    public let values: [Double]
    /// Their mean.
    public let mean: Double
    /// The sample standard deviation (n − 1), 0 for a single value.
    public let standardDeviation: Double
    /// Half the width of the 95% confidence interval, nil for a single value.
    public let halfWidth: Double?

    public init(values: [Double]) {
        self.values = values
        let n = Double(values.count)
        let mean = values.isEmpty ? 0 : values.reduce(0, +) / n
        self.mean = mean
        if values.count > 1 {
            let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            standardDeviation = (squares / (n - 1)).squareRoot()
            halfWidth = StudentT.quantile975(degreesOfFreedom: values.count - 1) * standardDeviation / n.squareRoot()
        } else {
            standardDeviation = 0
            halfWidth = nil
        }
    }

    /// The interval's bounds, nil for a single value.
    public var interval: ClosedRange<Double>? {
        halfWidth.map { (mean - $0)...(mean + $0) }
    }
}
