/// The fruit store: it owns the stock and is the only thing that changes it.
///
/// Stock never goes below zero: every change is checked first and either happens in full or not
/// at all. Using a recipe's fruit is one step, so a mixed juice can never take one fruit while
/// another is short (the seed app's bug).
public struct FruitStore: Sendable, Equatable {
    /// The seed app's opening stock of every fruit.
    public static let initialCount = 10

    /// The current stock.
    public private(set) var stock: Stock

    /// A store with ``initialCount`` of every fruit.
    public init() {
        stock = Stock(each: Self.initialCount)
    }

    /// A store with the given stock.
    /// - Throws: ``JuiceMakerError/stockBelowZero(fruit:current:change:)`` for a negative count.
    public init(stock: Stock) throws(JuiceMakerError) {
        if let negative = stock.entries.first(where: { $0.count < 0 }) {
            throw .stockBelowZero(fruit: negative.fruit, current: 0, change: negative.count)
        }
        self.stock = stock
    }

    /// How many of `fruit` are in stock.
    public func count(of fruit: Fruit) -> Int {
        stock[fruit]
    }

    /// The fruits of `uses` that are short, empty when there is enough of everything.
    public func shortages(for uses: [FruitCount]) -> [Shortage] {
        uses.compactMap { use in
            let available = stock[use.fruit]
            return available < use.count ? Shortage(fruit: use.fruit, needed: use.count, available: available) : nil
        }
    }

    /// True when every amount in `uses` is in stock in full.
    public func hasEnoughStock(for uses: [FruitCount]) -> Bool {
        shortages(for: uses).isEmpty
    }

    /// Takes every amount in `uses` at once, or nothing when any fruit is short.
    /// - Parameter juice: the juice's name, for the error message.
    public mutating func use(_ uses: [FruitCount], for juice: String) throws(JuiceMakerError) {
        let shortages = shortages(for: uses)
        guard shortages.isEmpty else { throw .notEnoughFruit(juice: juice, shortages: shortages) }
        for use in uses {
            stock[use.fruit] -= use.count
        }
    }

    /// Adds `amount` of `fruit` (the stock screen's stepper; negative takes away).
    public mutating func add(_ amount: Int, of fruit: Fruit) throws(JuiceMakerError) {
        let current = stock[fruit]
        let (sum, overflow) = current.addingReportingOverflow(amount)
        if overflow { throw .stockTooLarge(fruit: fruit) }
        if sum < 0 { throw .stockBelowZero(fruit: fruit, current: current, change: amount) }
        stock[fruit] = sum
    }

    /// Sets the stock of `fruit` to `count` (재고 수정).
    public mutating func set(_ fruit: Fruit, to count: Int) throws(JuiceMakerError) {
        if count < 0 {
            let change = count.subtractingReportingOverflow(stock[fruit])
            throw .stockBelowZero(fruit: fruit, current: stock[fruit], change: change.overflow ? Int.min : change.partialValue)
        }
        stock[fruit] = count
    }
}
