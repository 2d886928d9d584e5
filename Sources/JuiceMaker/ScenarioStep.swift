/// One step of a juice scenario, as written.
public enum ScenarioStep: Sendable, Equatable {
    /// Order `count` glasses of a juice, by id (`strawberryBanana`) or name (`딸바쥬스`), one after another.
    case order(juice: String, count: Int)
    /// Change stock by amounts (the stock screen's + and −): negative amounts take fruit away,
    /// never below zero.
    case restock([FruitCount])
    /// Set the stock of some fruits (재고 수정).
    case set([FruitCount])
}
