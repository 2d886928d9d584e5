/// How ``MarketClient`` fetches: paging, search, time limits, retries and concurrency.
public struct FetchOptions: Sendable, Equatable {
    /// `items_per_page` sent with each list request.
    public var itemsPerPage: Int
    /// How many list pages to fetch at most; nil follows `hasNext`/`lastPage` to the end,
    /// bounded by ``maxPages``.
    public var pageLimit: Int?
    /// `search_value` sent with each list request; nil or empty sends none.
    public var search: String?
    /// The most list pages fetched when ``pageLimit`` is nil, so a server that always says
    /// "there is more" cannot keep a build running forever.
    public var maxPages: Int
    /// Seconds to wait for one response.
    public var timeout: Double
    /// Extra attempts after a 5xx answer or a timeout.
    public var retries: Int
    /// Seconds before the first retry; each further retry waits twice as long.
    public var backoff: Double
    /// Detail requests in flight at once.
    public var detailConcurrency: Int
    /// The largest answer read, in bytes (64 MB): a larger one is an error, stopped as it
    /// arrives, so a runaway server cannot fill the memory.
    public var maxResponseBytes: Int

    public init(
        itemsPerPage: Int = 20, pageLimit: Int? = nil, search: String? = nil, maxPages: Int = 200,
        timeout: Double = 15, retries: Int = 2, backoff: Double = 0.5, detailConcurrency: Int = 4,
        maxResponseBytes: Int = 64 << 20
    ) {
        self.maxResponseBytes = maxResponseBytes
        self.itemsPerPage = itemsPerPage
        self.pageLimit = pageLimit
        self.search = search
        self.maxPages = maxPages
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.detailConcurrency = detailConcurrency
    }
}

/// How the on-disk cache is used.
public enum CachePolicy: Sendable, Equatable {
    /// A cached response is used when there is one; otherwise the URL is fetched and cached.
    case normal
    /// Cached responses only (`--offline`); a missing one is an error.
    case offline
    /// Always fetch (`--refresh`); the cached copy is used, with a warning, only when the fetch fails.
    case refresh
}
