/// One product as listed by the open market API (`pages[]` of a list response) or shown by its
/// detail endpoint (which adds ``images`` and ``vendor``).
///
/// Both API versions decode: v1 writes every key in snake_case, v2 adds `vendorName` and
/// `description`; camelCase spellings of the product keys are accepted too.
public struct Product: Sendable, Equatable, Decodable {
    public var id: ProductID
    public var vendorID: Int?
    /// The vendor's name: `vendorName` in a v2 list, `vendors.name` in a detail.
    public var vendorName: String?
    public var name: String
    public var description: String?
    /// The thumbnail as written in the data; not checked here (the caller decides what is safe).
    public var thumbnail: String?
    /// The currency code as written, e.g. `KRW` or `USD`.
    public var currency: String
    public var price: Double
    /// `price − discountedPrice`; computed when the data leaves it out.
    public var bargainPrice: Double
    /// The discount amount (not a rate); 0 when the data leaves it out.
    public var discountedPrice: Double
    public var stock: Int
    public var createdAt: MarketDate?
    public var issuedAt: MarketDate?
    /// Images, from the detail endpoint; empty in a list.
    public var images: [ProductImage]
    /// The vendor, from the detail endpoint.
    public var vendor: Vendor?

    public init(
        id: ProductID, vendorID: Int? = nil, vendorName: String? = nil, name: String, description: String? = nil,
        thumbnail: String? = nil, currency: String, price: Double, bargainPrice: Double? = nil,
        discountedPrice: Double = 0, stock: Int, createdAt: MarketDate? = nil, issuedAt: MarketDate? = nil,
        images: [ProductImage] = [], vendor: Vendor? = nil
    ) {
        self.id = id
        self.vendorID = vendorID
        self.vendorName = vendorName
        self.name = name
        self.description = description
        self.thumbnail = thumbnail
        self.currency = currency
        self.price = price
        self.bargainPrice = bargainPrice ?? price - discountedPrice
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.createdAt = createdAt
        self.issuedAt = issuedAt
        self.images = images
        self.vendor = vendor
    }

    /// Every field is checked before anything is thrown: one bad field throws its
    /// `DecodingError`, several throw ``ProductFieldErrors`` with all of them.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FlexibleKey.self)
        var errors: [DecodingError] = []
        func field<T>(_ read: () throws -> T) throws -> T? {
            do {
                return try read()
            } catch let error as DecodingError {
                errors.append(error)
                return nil
            }
        }
        let id = try field { try c.required(ProductID.self, "id") }
        vendorID = try field { try c.optional(WholeNumber.self, "vendor_id", "vendorId")?.value } ?? nil
        vendor = try field { try c.optional(Vendor.self, "vendors", "vendor") } ?? nil
        vendorName = (try field { try c.optional(String.self, "vendorName", "vendor_name") } ?? nil) ?? vendor?.name
        let name = try field { try c.required(String.self, "name") }
        description = try field { try c.optional(String.self, "description") } ?? nil
        thumbnail = try field { try c.optional(String.self, "thumbnail") } ?? nil
        let currency = try field { try c.required(String.self, "currency").trimmingSpaces.uppercased() }
        let price = try field { try c.required(FiniteNumber.self, "price").value }
        let discount = try field { try c.optional(FiniteNumber.self, "discounted_price", "discountedPrice")?.value } ?? nil
        let bargain = try field { try c.optional(FiniteNumber.self, "bargain_price", "bargainPrice")?.value } ?? nil
        let stock = try field { try c.required(WholeNumber.self, "stock").value }
        createdAt = try field { try c.optional(MarketDate.self, "created_at", "createdAt") } ?? nil
        issuedAt = try field { try c.optional(MarketDate.self, "issued_at", "issuedAt") } ?? nil
        images = (try field { try c.optional([ProductImage].self, "images") } ?? nil) ?? []
        guard errors.isEmpty, let id, let name, let currency, let price, let stock else {
            if errors.count == 1 { throw errors[0] }
            throw ProductFieldErrors(errors: errors)
        }
        self.id = id
        self.name = name
        self.currency = currency
        let discounted = discount ?? bargain.map { price - $0 } ?? 0
        self.price = price
        discountedPrice = discounted
        bargainPrice = bargain ?? price - discounted
        self.stock = stock
    }

    /// True when the product is sold at less than its price.
    public var isDiscounted: Bool { discountedPrice > 0 && bargainPrice < price }

    /// True when none is left.
    public var isSoldOut: Bool { stock <= 0 }

    /// This product with the fields a detail response adds (images, vendor, description, dates)
    /// taken from `detail`; list fields the detail leaves out are kept.
    public func merged(with detail: Product) -> Product {
        var copy = detail
        copy.vendorName = detail.vendorName ?? vendorName
        copy.description = detail.description ?? description
        copy.thumbnail = detail.thumbnail ?? thumbnail
        copy.vendorID = detail.vendorID ?? vendorID
        copy.createdAt = detail.createdAt ?? createdAt
        copy.issuedAt = detail.issuedAt ?? issuedAt
        return copy
    }
}

/// Several bad fields of one product, each as the decoder reported it.
public struct ProductFieldErrors: Error, Sendable {
    public let errors: [DecodingError]
}

/// A JSON number that must be finite (exponent form such as `1.2345555E7` is fine).
struct FiniteNumber: Decodable {
    let value: Double

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let value = try? container.decode(Double.self) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a number")
        }
        guard value.isFinite else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a finite number")
        }
        self.value = value
    }
}

/// A JSON number that must be whole (`7` or `7.0`).
struct WholeNumber: Decodable {
    let value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self.value = value
            return
        }
        guard let number = try? container.decode(Double.self), number.rounded() == number, abs(number) < 9e15 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a whole number")
        }
        value = Int(number)
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}

extension Product {
    /// The currencies the open market API uses.
    public static let knownCurrencies: Set<String> = ["KRW", "USD"]

    /// Doubtful figures, each naming the field and its value: a currency other than KRW or USD,
    /// a negative price, discount or stock, and a `bargain_price` that is not
    /// `price − discounted_price`. The product is still usable; the caller warns.
    public var doubts: [String] {
        var found: [String] = []
        if !Self.knownCurrencies.contains(currency) {
            found.append("currency \(Self.quoted(currency)) is not KRW or USD")
        }
        if price < 0 { found.append("price is negative (\(Self.number(price)))") }
        if discountedPrice < 0 { found.append("discounted_price is negative (\(Self.number(discountedPrice)))") }
        if stock < 0 { found.append("stock is negative (\(stock))") }
        let expected = price - discountedPrice
        if abs(bargainPrice - expected) > max(0.005, abs(expected) * 1e-12) {
            found.append("bargain_price \(Self.number(bargainPrice)) is not price − discounted_price (\(Self.number(price)) − \(Self.number(discountedPrice)) = \(Self.number(expected)))")
        }
        return found
    }

    /// True for a code of three capital letters (ISO 4217's shape), which is safe to show as it is.
    public static func isCurrencyCode(_ text: String) -> Bool {
        text.unicodeScalars.count == 3 && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }

    /// A value for a message: quoted, control characters escaped, at most 40 characters.
    public static func quoted(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(40) {
            shown += scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return "\"\(shown)\(text.unicodeScalars.count > 40 ? "…" : "")\""
    }

    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 9e15 ? String(Int(value)) : String(value)
    }
}
