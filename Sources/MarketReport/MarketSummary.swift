import Basics
import OpenMarket
import ReportKit

/// The summary figures of a set of products.
public struct MarketSummary: Sendable, Equatable {
    public var products: Int
    public var soldOut: Int
    public var discounted: Int
    /// Lowest and highest sale price per currency, by currency code.
    public var priceRanges: [PriceRange]

    /// The sale prices of one currency.
    public struct PriceRange: Sendable, Equatable {
        public var currency: String
        public var low: Double
        public var high: Double
    }

    public init(_ products: [Product]) {
        self.products = products.count
        soldOut = products.filter(\.isSoldOut).count
        discounted = products.filter(\.isDiscounted).count
        var ranges: [String: PriceRange] = [:]
        for product in products {
            let price = product.bargainPrice
            if var range = ranges[product.currency] {
                range.low = min(range.low, price)
                range.high = max(range.high, price)
                ranges[product.currency] = range
            } else {
                ranges[product.currency] = PriceRange(currency: product.currency, low: price, high: price)
            }
        }
        priceRanges = ranges.values.sorted { $0.currency < $1.currency }
    }

    /// Dashboard figures: `["40 products", "4 sold out"]`.
    public var headlines: [String] {
        [(products == 1 ? MarketLabel.productCount : .productsCount).text(NumberText.grouped(products)), MarketLabel.soldOutCount.text(NumberText.grouped(soldOut))]
    }

    /// The dashboard card: products, sold out (red when any is), discounted.
    public var card: ReportCard {
        ReportCard(figures: [
            ReportCard.Figure(key: "products", label: MarketLabel.products.text, value: MarketLabel.itemTally.text(NumberText.grouped(products))),
            ReportCard.Figure(key: "sold-out", label: MarketLabel.soldOut.text, value: MarketLabel.itemTally.text(NumberText.grouped(soldOut)), isWarning: soldOut > 0),
            ReportCard.Figure(key: "discounted", label: MarketLabel.discounted.text, value: MarketLabel.itemTally.text(NumberText.grouped(discounted))),
        ])
    }

    /// The summary figures.
    public var figures: [Figure] {
        var items = [
            Figure(MarketLabel.products.text, MarketLabel.itemTally.text(NumberText.grouped(products))),
            Figure(MarketLabel.soldOut.text, MarketLabel.itemTally.text(NumberText.grouped(soldOut))),
            Figure(MarketLabel.discounted.text, MarketLabel.itemTally.text(NumberText.grouped(discounted))),
        ]
        for range in priceRanges {
            items.append(Figure(MarketLabel.priceRange.text(range.currency), PriceText.range(range.low, range.high, currency: range.currency)))
        }
        return items
    }
}
