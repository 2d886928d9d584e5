/// What one step of a run did: an order's result or a stock change, and the stock after it.
public struct StepOutcome: Sendable, Equatable {
    /// What the step was.
    public enum Action: Sendable, Equatable {
        /// One glass ordered; `random` when it came from the random order stream.
        case order(Recipe, random: Bool)
        /// Fruit added.
        case restock([FruitCount])
        /// Stock set.
        case set([FruitCount])

        /// `order`, `restock` or `set`.
        public var kind: String {
            switch self {
            case .order: "order"
            case .restock: "restock"
            case .set: "set"
            }
        }
    }

    /// 1-based; an order with `count: 3` gives three numbered steps.
    public let number: Int
    public let action: Action
    /// False only for an order that could not be made.
    public let ok: Bool
    /// The message the shop shows, e.g. `딸바쥬스 나왔습니다! 맛있게 드세요!`.
    public let message: String
    /// The stock after the step.
    public let stock: Stock
    /// For a failed order: the fruits that were short.
    public let shortages: [Shortage]

    public init(number: Int, action: Action, ok: Bool, message: String, stock: Stock, shortages: [Shortage]) {
        self.number = number
        self.action = action
        self.ok = ok
        self.message = message
        self.stock = stock
        self.shortages = shortages
    }

    /// The juice ordered, for order steps.
    public var juice: Recipe? {
        if case .order(let recipe, _) = action { return recipe }
        return nil
    }
}
