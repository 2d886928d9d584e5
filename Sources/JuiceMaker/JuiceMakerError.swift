/// Everything that can go wrong in the juice shop, with messages that say what is short by how much.
public enum JuiceMakerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An order needs more fruit than the store has; nothing was used.
    case notEnoughFruit(juice: String, shortages: [Shortage])
    /// A change would take a fruit's stock below zero; nothing was changed.
    case stockBelowZero(fruit: Fruit, current: Int, change: Int)
    /// A change would make a fruit's stock larger than an `Int` holds.
    case stockTooLarge(fruit: Fruit)
    /// No recipe has this id.
    case unknownJuice(String)
    /// An order step asks for a negative number of glasses.
    case negativeCount(juice: String, count: Int)
    /// A recipe names no fruit.
    case emptyRecipe(juice: String)
    /// A recipe uses zero or a negative amount of a fruit.
    case nonPositiveAmount(juice: String, fruit: Fruit, amount: Int)
    /// A random order stream gives no juice a positive weight, or a weight is negative.
    case invalidMix(String)

    /// `a + b` as text, without an overflow trap.
    private static func sum(_ a: Int, _ b: Int) -> String {
        let sum = a.addingReportingOverflow(b)
        return sum.overflow ? (b < 0 ? "below \(Int.min)" : "above \(Int.max)") : String(sum.partialValue)
    }

    public var description: String {
        switch self {
        case let .notEnoughFruit(juice, shortages):
            "not enough fruit for \(juice): " + shortages.map(\.description).joined(separator: ", ")
        case let .stockBelowZero(fruit, current, change):
            "\(fruit.id) stock cannot go below zero: \(current) \(change < 0 ? "−" : "+") \(change.magnitude) = \(Self.sum(current, change))"
        case let .stockTooLarge(fruit):
            "\(fruit.id) stock would be too large"
        case let .unknownJuice(id):
            "unknown juice \"\(id)\""
        case let .negativeCount(juice, count):
            "an order of \(juice) must be for zero or more glasses, got \(count)"
        case let .emptyRecipe(juice):
            "the recipe for \(juice) uses no fruit"
        case let .nonPositiveAmount(juice, fruit, amount):
            "the recipe for \(juice) must use a positive amount of \(fruit.id), got \(amount)"
        case let .invalidMix(problem):
            "random order mix: \(problem)"
        }
    }
}
