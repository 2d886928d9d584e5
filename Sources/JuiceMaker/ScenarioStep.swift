/// One step of a juice scenario, as written.
public enum ScenarioStep: Sendable, Equatable {
    /// Order `count` glasses of a juice, one after another.
    case order(juice: String, count: Int)
    /// Add fruit (the stock screen's +).
    case restock([FruitCount])
    /// Set the stock of some fruits (재고 수정).
    case set([FruitCount])
}
