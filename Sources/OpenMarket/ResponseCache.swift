import Basics
import Foundation
import Randomness
#if canImport(Glibc)
import Glibc
#endif

/// Fetched responses kept on disk (`.sitegen-cache/` in a site), one file per URL, named by a
/// stable hash of the URL so the same URL always finds its copy on every machine.
public struct ResponseCache: Sendable {
    /// The folder holding the cached responses; created on the first write.
    public let directory: URL
    /// False when nothing may be written (`sitegen check`): responses are read, never stored.
    public let writable: Bool

    public init(directory: URL, writable: Bool = true) {
        self.directory = directory
        self.writable = writable
    }

    /// The file a URL's response is kept in: `openmarket-<16 hex digits>.json`.
    public func file(for url: String) -> URL {
        directory.appendingPathComponent("openmarket-\(Self.hash(url)).json")
    }

    /// The cached response for `url`, or nil when there is none; a copy that is there but cannot
    /// be read whole is an error.
    public func read(_ url: String) throws -> Data? {
        let path = file(for: url).path
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        do {
            return try FileInput.read(path, shownAs: path, limit: Self.limit)
        } catch {
            throw MarketError.unreadable(path: path, message: "the cached copy cannot be read (\(error)); delete it to fetch again")
        }
    }

    /// The largest cached answer read: the largest answer fetched.
    static let limit = FetchOptions().maxResponseBytes

    /// Stores a response, replacing any older copy atomically; nothing when not ``writable``.
    public func write(_ data: Data, for url: String) throws {
        guard writable else { return }
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
