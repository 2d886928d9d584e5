import ReportKit

/// Prices as shown on cards and in reports: the currency code, a space, the amount with `,`
/// thousands separators — `KRW 12,000`, `USD 12`, `USD 12.50`.
///
/// KRW (and other currencies without minor units) never shows decimals; other currencies show
/// cents only when there are some, always two of them.
public enum PriceText {
    /// Currencies whose amounts are whole numbers.
    static let wholeCurrencies: Set<String> = ["KRW", "JPY", "VND", "CLP", "ISK", "HUF", "TWD"]

    /// `KRW 12,000`.
    public static func format(_ amount: Double, currency: String) -> String {
        "\(currency) \(amountText(amount, currency: currency))"
    }

    /// The amount alone: `12,000`, `12.50`.
    public static func amountText(_ amount: Double, currency: String) -> String {
        guard amount.isFinite else { return "?" }
        if wholeCurrencies.contains(currency) {
            return NumberText.groupedFixed(amount, places: 0)
        }
        let cents = NumberText.fixed(amount, places: 2)
        if cents.hasSuffix(".00") { return NumberText.groupedFixed(amount, places: 0) }
        return NumberText.groupedFixed(amount, places: 2)
    }

    /// A range of amounts in one currency: `KRW 1,500 – 32,000`, or one amount when equal.
    public static func range(_ low: Double, _ high: Double, currency: String) -> String {
        let a = amountText(low, currency: currency), b = amountText(high, currency: currency)
        return a == b ? "\(currency) \(a)" : "\(currency) \(a) – \(b)"
    }
}
