/// Stock as the seed app shows it: `잔여수량 : 7`, or `품절` when none is left.
public enum StockText {
    /// The sold-out mark, verbatim.
    public static let soldOut = "품절"

    /// `잔여수량 : 7` or `품절`.
    public static func format(_ stock: Int) -> String {
        stock <= 0 ? soldOut : "잔여수량 : \(stock)"
    }
}
