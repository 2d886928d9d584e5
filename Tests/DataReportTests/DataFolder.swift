import Foundation

/// A temporary folder of data files for one test, removed when the test ends.
final class DataFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("DataReportTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` to `name` and returns its URL.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }

    /// Writes `text` as UTF-8 to `name` and returns its URL.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        try write(name, bytes: Array(text.utf8))
    }
}
