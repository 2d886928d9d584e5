/// One page of `GET /api/products`: the paging header (v1 snake_case or v2 camelCase) and the
/// products in `pages[]`.
public struct ProductListPage: Sendable, Equatable, Decodable {
    public var pageNumber: Int?
    public var itemsPerPage: Int?
    public var totalCount: Int?
    public var offset: Int?
    public var limit: Int?
    public var lastPage: Int?
    public var hasNext: Bool?
    public var hasPrevious: Bool?
    public var products: [Product]

    public init(
        pageNumber: Int? = nil, itemsPerPage: Int? = nil, totalCount: Int? = nil, offset: Int? = nil, limit: Int? = nil,
        lastPage: Int? = nil, hasNext: Bool? = nil, hasPrevious: Bool? = nil, products: [Product]
    ) {
        self.pageNumber = pageNumber
        self.itemsPerPage = itemsPerPage
        self.totalCount = totalCount
        self.offset = offset
        self.limit = limit
        self.lastPage = lastPage
        self.hasNext = hasNext
        self.hasPrevious = hasPrevious
        self.products = products
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FlexibleKey.self)
        pageNumber = try c.optional(WholeNumber.self, "page_no", "pageNo")?.value
        itemsPerPage = try c.optional(WholeNumber.self, "items_per_page", "itemsPerPage")?.value
        totalCount = try c.optional(WholeNumber.self, "total_count", "totalCount")?.value
        offset = try c.optional(WholeNumber.self, "offset")?.value
        limit = try c.optional(WholeNumber.self, "limit")?.value
        lastPage = try c.optional(WholeNumber.self, "last_page", "lastPage")?.value
        hasNext = try c.optional(Bool.self, "has_next", "hasNext")
        hasPrevious = try c.optional(Bool.self, "has_prev", "hasPrev")
        products = try c.required([Product].self, "pages")
    }

    /// Whether a page after `page` exists: `hasNext` when given, else `page < lastPage`, else no.
    public func hasPage(after page: Int) -> Bool {
        if let hasNext { return hasNext }
        if let lastPage { return page < lastPage }
        return false
    }
}
