/// The texts the seed app shows, byte for byte.
public enum JuiceMessage {
    /// `딸바쥬스 나왔습니다! 맛있게 드세요!`: the juice's name, then ` 나왔습니다! 맛있게 드세요!`.
    public static func served(_ juiceName: String) -> String {
        "\(juiceName) 나왔습니다! 맛있게 드세요!"
    }

    /// The alert when an order cannot be made.
    public static let notEnoughFruit = "재료가 모자라요. 재고를 수정할까요?"

    /// After a restock (the stock screen's + and −): `재고 추가: 키위 +5, 망고 −2`.
    public static func restocked(_ amounts: [FruitCount]) -> String {
        "재고 추가: " + amounts.map { "\($0.fruit.koreanName) \($0.count < 0 ? "−" : "+")\($0.count.magnitude)" }.joined(separator: ", ")
    }

    /// After setting stock (재고 수정), with each fruit's count before and after: `재고 수정: 망고 7 → 0`.
    public static func stockSet(_ changes: [(fruit: Fruit, from: Int, to: Int)]) -> String {
        "재고 수정: " + changes.map { "\($0.fruit.koreanName) \($0.from) → \($0.to)" }.joined(separator: ", ")
    }
}
