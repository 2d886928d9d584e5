import OpenMarket

/// A product ready to show: its whole-number id (which names its detail page) and its images,
/// already checked (see ``ImageReference``).
public struct ShownProduct: Sendable, Equatable {
    public var id: Int
    public var product: Product
    /// The card's thumbnail; nil shows a placeholder.
    public var thumbnail: ImageReference?
    /// The detail page's gallery (the detail's images, else the thumbnail).
    public var images: [ImageReference]

    public init(id: Int, product: Product, thumbnail: ImageReference?, images: [ImageReference]) {
        self.id = id
        self.product = product
        self.thumbnail = thumbnail
        self.images = images
    }

    /// `KRW 12,000`: the list price.
    public var priceText: String { PriceText.format(product.price, currency: product.currency) }
    /// `KRW 11,000`: what it sells for.
    public var bargainText: String { PriceText.format(product.bargainPrice, currency: product.currency) }
    /// `잔여수량 : 7` or `품절`.
    public var stockText: String { StockText.format(product.stock) }
    /// The vendor's name, or `vendor 6` when only the id is known.
    public var vendorText: String? { product.vendorName ?? product.vendorID.map { MarketLabel.vendorNumber.text(String($0)) } }
    /// The discount as a share of the price (0 when not discounted).
    public var discountShare: Double {
        product.isDiscounted && product.price > 0 ? (product.price - product.bargainPrice) / product.price : 0
    }
}
