/// How many of each fruit there are: a snapshot of a store's stock.
public struct Stock: Sendable, Equatable, Hashable {
    private var counts: [Int]

    /// The same count of every fruit.
    public init(each count: Int) {
        counts = Array(repeating: count, count: Fruit.allCases.count)
    }

    /// Counts given per fruit; fruits not named get `others`.
    public init(_ counts: [Fruit: Int], others: Int = 0) {
        self.counts = Fruit.allCases.map { counts[$0] ?? others }
    }

    /// The count of one fruit.
    public subscript(fruit: Fruit) -> Int {
        get { counts[fruit.index] }
        set { counts[fruit.index] = newValue }
    }

    /// Every fruit with its count, in fruit order.
    public var entries: [FruitCount] {
        Fruit.allCases.map { FruitCount($0, counts[$0.index]) }
    }

    /// The total number of fruit.
    public var total: Int {
        counts.reduce(0, +)
    }
}
