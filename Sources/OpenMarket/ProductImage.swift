/// One image of a product detail: `{id, url, thumbnail_url, issued_at, succeed?}`.
public struct ProductImage: Sendable, Equatable, Decodable {
    public var id: Int?
    /// The full image, as written (the caller decides whether it is safe to show).
    public var url: String
    public var thumbnailURL: String?
    public var issuedAt: MarketDate?
    /// Whether the upload succeeded; absent in newer responses.
    public var succeed: Bool?

    public init(id: Int? = nil, url: String, thumbnailURL: String? = nil, issuedAt: MarketDate? = nil, succeed: Bool? = nil) {
        self.id = id
        self.url = url
        self.thumbnailURL = thumbnailURL
        self.issuedAt = issuedAt
        self.succeed = succeed
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FlexibleKey.self)
        id = try c.optional(WholeNumber.self, "id")?.value
        url = try c.required(String.self, "url")
        thumbnailURL = try c.optional(String.self, "thumbnail_url", "thumbnailUrl", "thumbnailURL")
        issuedAt = try c.optional(MarketDate.self, "issued_at", "issuedAt")
        succeed = try c.optional(Bool.self, "succeed")
    }
}
