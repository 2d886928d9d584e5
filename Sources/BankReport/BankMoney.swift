import BankSimulation
import Basics
import ReportKit

/// Amounts of money as the page's language writes them: won without decimals and with thousands
/// separators (`₩1,234,000` in English, `1,234,000원` in Korean), other currencies with two
/// decimals and their code (`1,234.50 USD`); so are yen (without decimals).
enum BankMoney {
    /// Currencies without minor units in everyday prices.
    static let wholeCurrencies: Set<String> = ["KRW", "JPY"]

    /// The currency as a table header names it: `KRW`, `USD`; on a Korean page won is `원`.
    static func unit(_ currency: String) -> String {
        currency == "KRW" ? BankLabel.currencyWon.text : currency
    }

    /// The amount alone, for a table whose header names the currency: `1,234,000`.
    static func bare(_ amount: Double, currency: String) -> String {
        NumberText.groupedFixed(amount, places: wholeCurrencies.contains(currency) ? 0 : 2).replacingMinus
    }

    /// The amount with its currency: `₩1,234,000`, `1,234,000원`, `12.50 USD`; a loss leads with
    /// its minus sign (`−₩21,337`, not `₩−21,337`).
    static func text(_ amount: Double, currency: String) -> String {
        let number = bare(abs(amount), currency: currency)
        let written = currency == "KRW" ? BankLabel.moneyWon.text(number) : BankLabel.money.text(number, currency)
        return amount < 0 && number != bare(0, currency: currency) ? "−" + written : written
    }

    /// A mean a day with its 95% interval, for a sentence: `₩1,234,000 a day (95% interval ₩1,200,000 to ₩1,270,000)`.
    static func perDay(_ estimate: Estimate, currency: String) -> String {
        let mean = BankLabel.perDay.text(text(estimate.mean, currency: currency))
        guard let interval = estimate.interval, estimate.values.count > 1,
              bare(interval.lowerBound, currency: currency) != bare(interval.upperBound, currency: currency) else { return mean }
        return BankLabel.sentenceInterval.text(mean, range(interval, currency: currency))
    }

    /// An interval: `₩1,200,000 to ₩1,270,000`.
    static func range(_ interval: ClosedRange<Double>, currency: String) -> String {
        BankLabel.rangeTo.text(text(interval.lowerBound, currency: currency), text(interval.upperBound, currency: currency))
    }

    /// A table cell: the amount, and below it the interval in brackets when there is one.
    static func cell(_ estimate: Estimate, currency: String, mark: [Inline] = [], classes: [String] = []) -> Table.Cell {
        var content: [Inline] = [.text(bare(estimate.mean, currency: currency))] + mark
        if let interval = estimate.interval, estimate.values.count > 1 {
            let low = bare(interval.lowerBound, currency: currency), high = bare(interval.upperBound, currency: currency)
            if low != high { content += [.lineBreak, .styled([.text("(\(low)–\(high))")], className: "ci")] }
        }
        return Table.Cell(content, classes: classes)
    }
}
