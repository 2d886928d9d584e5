/// Why products could not be loaded. Every case names where the data came from (the URL or the
/// file) and what was wrong with it: the HTTP status, or the JSON path of the bad field.
public enum MarketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with a status outside 200…299.
    case status(url: String, code: Int)
    /// No answer within the request timeout (after the allowed retries).
    case timedOut(url: String, seconds: Double)
    /// The request failed below HTTP (refused connection, unknown host, …).
    case transport(url: String, message: String)
    /// The body is not JSON at all (e.g. an HTML error page).
    case notJSON(source: String, start: String)
    /// The body is JSON that does not decode; `path` is like `pages[3].price`.
    case decoding(source: String, path: String, message: String)
    /// `--offline` and nothing cached for this URL.
    case notCached(url: String)
    /// A file could not be read.
    case unreadable(path: String, message: String)
    /// Several problems at once (every bad field of a product).
    indirect case several([MarketError])
    /// The answer is larger than ``FetchOptions/maxResponseBytes``; it was cut off as it came.
    case tooLarge(url: String, limit: Int)
    /// The network policy (`site.yml` `security.http.urls`, private addresses) refused the URL.
    case refused(url: String, reason: String)

    public var description: String {
        switch self {
        case let .status(url, code):
            "GET \(url) failed: HTTP \(code) \(Self.reason(code))"
        case let .timedOut(url, seconds):
            "GET \(url) timed out after \(Self.seconds(seconds))"
        case let .transport(url, message):
            "GET \(url) failed: \(message)"
        case let .notJSON(source, start):
            "\(source) is not JSON (it starts with \"\(start)\")"
        case let .decoding(source, path, message):
            path.isEmpty ? "\(source): \(message)" : "\(source): \(path) \(message)"
        case let .notCached(url):
            "offline: no cached response for \(url) (build once without --offline to fill the cache)"
        case let .unreadable(path, message):
            "cannot read \(path): \(message)"
        case let .several(errors):
            errors.map(\.description).joined(separator: "; ")
        case let .tooLarge(url, limit):
            "GET \(url) failed: the answer is larger than \(Self.bytes(limit)) (counted after decompression); stopped reading it (no product list is that large)"
        case let .refused(url, reason):
            "GET \(url) refused: \(reason)"
        }
    }

    /// True for failures worth another try: server errors (5xx) and timeouts.
    public var isRetryable: Bool {
        switch self {
        case .status(_, let code): (500...599).contains(code)
        case .timedOut: true
        default: false
        }
    }

    private static func bytes(_ count: Int) -> String {
        count >= 1 << 20 && count % (1 << 20) == 0 ? "\(count >> 20) MB" : "\(count) bytes"
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }

    private static func reason(_ code: Int) -> String {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
