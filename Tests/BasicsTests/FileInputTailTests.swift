import Basics
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `FileInput.text(_:shownAs:from:ofSize:)`: the end of a file read straight into a string, when
/// the file is still the size it was; what a build uses to read a page's body when it parses it.
@Suite("Reading the end of a file")
struct FileInputTailTests {
    /// A new file holding `text`, in a folder of its own (removed by the caller).
    private static func file(_ text: String) throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-tail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("page.md").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    @Test func theEndOfAFileOfTheSizeGiven() throws {
        let text = "---\ntitle: 재고\n---\nBody € text.\n"
        let size = text.utf8.count
        let bodyStart = size - "Body € text.\n".utf8.count
        let (folder, path) = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try FileInput.text(path, shownAs: "Content/page.md", from: bodyStart, ofSize: size) == "Body € text.\n")
        #expect(try FileInput.text(path, shownAs: "Content/page.md", from: size, ofSize: size) == "")
        #expect(try FileInput.text(path, shownAs: "Content/page.md", from: 0, ofSize: size) == text)
    }

    @Test func nilWhenTheFileIsNotWhatItWas() throws {
        let text = "ab€cd"
        let (folder, path) = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let size = text.utf8.count
        // Another size: the file grew or shrank.
        #expect(try FileInput.text(path, shownAs: "p", from: 0, ofSize: size + 1) == nil)
        #expect(try FileInput.text(path, shownAs: "p", from: 0, ofSize: size - 1) == nil)
        // An offset past the end, or inside a character (not UTF-8 from there).
        #expect(try FileInput.text(path, shownAs: "p", from: size + 1, ofSize: size) == nil)
        #expect(try FileInput.text(path, shownAs: "p", from: 3, ofSize: size) == nil)
    }

    @Test func aMissingFileOrAFIFOIsAnErrorNamingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-tail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("gone.md").path
        #expect(throws: Diagnostic.self) { try FileInput.text(missing, shownAs: "Content/gone.md", from: 0, ofSize: 1) }
        let fifo = folder.appendingPathComponent("pipe.md").path
        #expect(mkfifo(fifo, 0o644) == 0)
        do {
            _ = try FileInput.text(fifo, shownAs: "Content/pipe.md", from: 0, ofSize: 0)
            Issue.record("a FIFO was read")
        } catch let problem as Diagnostic {
            #expect(problem.description.hasPrefix("Content/pipe.md: is a FIFO"))
        }
    }
}
