import ReportKit

/// The JSON of a market report (`--format json` and the download), keys in this order:
/// `{"summary": {"products", "soldOut", "discounted", "priceRange": {"KRW": [min, max], …}},
///   "products": [{"id", "name", "vendor", "currency", "price", "bargainPrice", "discountedPrice",
///   "stock", "thumbnail", "createdAt"}]}`. Unknown values are `null`.
public struct MarketDocument: Encodable, Sendable {
    public var summary: Summary
    public var products: [Item]

    public init(_ catalogue: MarketCatalogue) {
        let summary = catalogue.summary
        self.summary = Summary(
            products: summary.products,
            soldOut: summary.soldOut,
            discounted: summary.discounted,
            priceRange: PriceRanges(ranges: summary.priceRanges)
        )
        products = catalogue.products.map { shown in
            let product = shown.product
            return Item(
                id: shown.id,
                name: product.name,
                vendor: product.vendorName,
                currency: product.currency,
                price: product.price,
                bargainPrice: product.bargainPrice,
                discountedPrice: product.discountedPrice,
                stock: product.stock,
                thumbnail: shown.thumbnail?.text,
                createdAt: product.createdAt?.description
            )
        }
    }

    /// The JSON text.
    public func json() throws -> String {
        try JSONText.encode(self)
    }

    public struct Summary: Encodable, Sendable {
        public var products: Int
        public var soldOut: Int
        public var discounted: Int
        public var priceRange: PriceRanges
    }

    /// `{"KRW": [min, max], "USD": [min, max]}` in currency order.
    public struct PriceRanges: Encodable, Sendable {
        public var ranges: [MarketSummary.PriceRange]

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for range in ranges {
                try container.encode([range.low, range.high], forKey: Key(stringValue: range.currency))
            }
        }
    }

    public struct Item: Encodable, Sendable {
        public var id: Int
        public var name: String
        public var vendor: String?
        public var currency: String
        public var price: Double
        public var bargainPrice: Double
        public var discountedPrice: Double
        public var stock: Int
        public var thumbnail: String?
        public var createdAt: String?

        enum CodingKeys: String, CodingKey {
            case id, name, vendor, currency, price, bargainPrice, discountedPrice, stock, thumbnail, createdAt
        }

        // Written by hand so that unknown values appear as `null` instead of being left out.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(name, forKey: .name)
            try c.encode(vendor, forKey: .vendor)
            try c.encode(currency, forKey: .currency)
            try c.encode(price, forKey: .price)
            try c.encode(bargainPrice, forKey: .bargainPrice)
            try c.encode(discountedPrice, forKey: .discountedPrice)
            try c.encode(stock, forKey: .stock)
            try c.encode(thumbnail, forKey: .thumbnail)
            try c.encode(createdAt, forKey: .createdAt)
        }
    }

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// The CSV download: one row per product, columns as in the JSON (unknown values are empty).
public enum MarketCSV {
    public static let header = [
        "id", "name", "vendor", "currency", "price", "bargainPrice", "discountedPrice", "stock", "thumbnail", "createdAt",
    ]

    public static func document(_ catalogue: MarketCatalogue) throws -> String {
        try CSVText.encode(MarketDocument(catalogue).products, columns: header)
    }
}
