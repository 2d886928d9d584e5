import Basics
import Foundation

/// Products read from files: a list response saved as JSON (either API version) and, optionally,
/// a JSON array of detail responses that adds images, vendors and descriptions.
public enum CatalogueFile {
    /// The products of a list file, in file order.
    /// - Parameter shownPath: the path as the user wrote it, for messages.
    public static func products(at url: URL, shownPath: String) throws -> [Product] {
        try MarketDecoder.listPage(read(url, shownPath: shownPath), source: shownPath).products
    }

    /// The details in a details file: a JSON array of detail responses.
    public static func details(at url: URL, shownPath: String) throws -> [Product] {
        try MarketDecoder.details(read(url, shownPath: shownPath), source: shownPath)
    }

    /// The largest products file read: 64 MB, as the largest answer fetched.
    static let limit = FetchOptions().maxResponseBytes

    private static func read(_ url: URL, shownPath: String) throws -> Data {
        do {
            return try FileInput.read(url.path, shownAs: shownPath, limit: limit)
        } catch let diagnostic as Diagnostic {
            throw MarketError.unreadable(path: shownPath, message: diagnostic.message)
        }
    }
}
