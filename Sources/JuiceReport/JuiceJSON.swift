import JuiceMaker
import ReportKit

/// The JSON of a run (`--format json` and the download), in the shape of SPEC §5.2:
/// `{"steps": [{"number", "action", "juice"?, "ok", "message", "stock"}], "finalStock", "canMake",
/// "served", "failed", "shortfall"}` with fruit and juice ids as keys.
///
/// Fruit keys come in fruit order and juice keys in menu order.
public struct JuiceJSON: Encodable, Sendable {
    /// One step; `juice` only on orders.
    struct Step: Encodable, Sendable {
        let number: Int
        /// `order`, `restock` or `set`.
        let action: String
        let juice: String?
        let ok: Bool
        let message: String
        let stock: Counts
    }

    /// Counts by fruit or juice id, in fruit or menu order.
    typealias Counts = KeyedValues<Int>

    let steps: [Step]
    let finalStock: Counts
    /// Every juice on the menu: glasses the final stock can still make.
    let canMake: Counts
    /// Every juice on the menu: glasses made.
    let served: Counts
    /// Every juice on the menu: orders that could not be made.
    let failed: Counts
    /// Every fruit: what serving every failed order would still need (see ``JuiceRun/shortfall``).
    let shortfall: Counts

    public init(_ run: JuiceRun) {
        steps = run.steps.map { step in
            Step(
                number: step.number, action: step.action.kind, juice: step.juice?.id, ok: step.ok,
                message: step.message, stock: Self.keyed(step.stock)
            )
        }
        finalStock = Self.keyed(run.finalStock)
        canMake = Counts(run.juices.map { ($0.recipe.id, $0.canMake) })
        served = Counts(run.juices.map { ($0.recipe.id, $0.served) })
        failed = Counts(run.juices.map { ($0.recipe.id, $0.failed) })
        shortfall = Self.keyed(run.shortfall)
    }

    /// The pretty-printed document (keys in a fixed order, so it is byte-identical on every run).
    public func text() throws -> String {
        try JSONText.encode(self)
    }

    private static func keyed(_ stock: Stock) -> Counts {
        Counts(stock.entries.map { ($0.fruit.id, $0.count) })
    }
}
