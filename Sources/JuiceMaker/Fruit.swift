/// The five fruits of the juice shop, in the order the seed app shows them.
public enum Fruit: String, CaseIterable, Sendable, Hashable {
    case strawberry, banana, pineapple, kiwi, mango

    /// The id used in scenarios and data files, e.g. `strawberry`.
    public var id: String { rawValue }

    /// The name the seed app shows, e.g. `딸기`.
    public var koreanName: String {
        switch self {
        case .strawberry: "딸기"
        case .banana: "바나나"
        case .pineapple: "파인애플"
        case .kiwi: "키위"
        case .mango: "망고"
        }
    }

    /// The fruit's emoji, e.g. `🍓`.
    public var emoji: String {
        switch self {
        case .strawberry: "🍓"
        case .banana: "🍌"
        case .pineapple: "🍍"
        case .kiwi: "🥝"
        case .mango: "🥭"
        }
    }

    /// The fruit with this id, or nil.
    public init?(id: String) {
        self.init(rawValue: id)
    }

    /// The position in ``allCases``.
    public var index: Int {
        Fruit.allCases.firstIndex(of: self) ?? 0
    }
}
