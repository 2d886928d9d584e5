/// The vendor of a product detail: `{id, name, created_at?, issued_at?}`.
public struct Vendor: Sendable, Equatable, Decodable {
    public var id: Int?
    public var name: String
    public var createdAt: MarketDate?
    public var issuedAt: MarketDate?

    public init(id: Int? = nil, name: String, createdAt: MarketDate? = nil, issuedAt: MarketDate? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.issuedAt = issuedAt
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FlexibleKey.self)
        id = try c.optional(WholeNumber.self, "id")?.value
        name = try c.required(String.self, "name")
        createdAt = try c.optional(MarketDate.self, "created_at", "createdAt")
        issuedAt = try c.optional(MarketDate.self, "issued_at", "issuedAt")
    }
}
