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
