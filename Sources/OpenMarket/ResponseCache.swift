import Foundation
import Randomness

/// Fetched responses kept on disk (`.sitegen-cache/` in a site), one file per URL, named by a
/// stable hash of the URL so the same URL always finds its copy on every machine.
public struct ResponseCache: Sendable {
    /// The folder holding the cached responses; created on the first write.
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The file a URL's response is kept in: `openmarket-<16 hex digits>.json`.
    public func file(for url: String) -> URL {
        directory.appendingPathComponent("openmarket-\(Self.hash(url)).json")
    }

    /// The cached response for `url`, or nil when there is none.
    public func read(_ url: String) -> Data? {
        try? Data(contentsOf: file(for: url))
    }

    /// Stores a response, replacing any older copy atomically.
    public func write(_ data: Data, for url: String) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file(for: url), options: .atomic)
        } catch {
            throw MarketError.unreadable(path: file(for: url).path, message: "cannot write the cache: \(error.localizedDescription)")
        }
    }

    /// FNV-1a, 64 bits, as 16 hex digits: stable across runs, machines and Swift versions.
    static func hash(_ text: String) -> String {
        let hex = String(stableHash(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
