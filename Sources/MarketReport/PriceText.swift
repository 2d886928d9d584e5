import Basics
import ReportKit

/// Prices as shown on cards and in reports: the currency code, a space, the amount with `,`
/// thousands separators — `KRW 12,000`, `USD 12.00`, `USD 12.50`.
///
/// One rule per currency: KRW (and other currencies without minor units) never shows decimals;
/// every other currency always shows two.
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
        return NumberText.groupedFixed(amount, places: wholeCurrencies.contains(currency) ? 0 : 2)
    }

    /// A range of amounts in one currency: `KRW 1,500 – 32,000` (`KRW 1,500~32,000` in Korean), or
    /// one amount when equal.
    public static func range(_ low: Double, _ high: Double, currency: String) -> String {
        let a = amountText(low, currency: currency), b = amountText(high, currency: currency)
        return a == b ? "\(currency) \(a)" : "\(currency) \(MarketLabel.priceSpan.text(a, b))"
    }
}
