import Basics
import Foundation
import ReportKit
@testable import Preview
import SiteKit

/// A tiny site builder for the tests: every `NAME.md` in the content folder becomes
/// `NAME/index.html` (`index.md` becomes `index.html`) with the file's text as its heading; a line
/// `BROKEN` fails the build with a diagnostic naming file and line. A few fixed files (CSS, SVG,
/// JSON, Markdown, `404.html`) and `photo.png`, served from disk, complete the site.
final class TestSource: SiteSource {
    let content: URL
    /// Calls to build, with the changed paths each got.
    let calls = Locked<[Set<String>]>([])
    /// When set, builds wait here after reading the content until ``release()``.
    private let gate = Locked<(armed: Bool, entered: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, false, []))

    private let with404: Bool

    init(content: URL, with404: Bool = true) {
        self.content = content
        self.with404 = with404
    }

    func build(changed: Set<String>) async throws -> SiteFiles {
        calls.withLock { $0.append(changed) }
        var files: [String: SiteFiles.Contents] = [
            "404.html": .data(Data("<!doctype html><html><body><h1>Lost page</h1></body></html>".utf8)),
            "assets/site.css": .data(Data("body { color: red } /* </body> */".utf8)),
            "logo.svg": .data(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><title>x</title></svg>".utf8)),
            "data.json": .data(Data("{\"a\": 1}".utf8)),
            "notes.md": .data(Data("# Notes".utf8)),
            "photo.png": .file(content.appendingPathComponent("photo.png")),
        ]
        if !with404 { files["404.html"] = nil }
        let names = try FileManager.default.contentsOfDirectory(atPath: content.path).filter { $0.hasSuffix(".md") }.sorted()
        for name in names {
            let text = try String(contentsOf: content.appendingPathComponent(name), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if let broken = lines.firstIndex(where: { $0 == "BROKEN" }) {
                throw BuildFailure(step: "Render pages", diagnostics: [
                    Diagnostic(file: "Content/\(name)", line: broken + 1, "unknown block <bank> & \"friends\""),
                ])
            }
            let stem = String(name.dropLast(3))
            let path = stem == "index" ? "index.html" : "\(stem)/index.html"
            files[path] = .data(Data("<!doctype html><html><body><h1>\(lines.joined(separator: " "))</h1></BODY></html>".utf8))
        }
        await waitAtGate()
        return SiteFiles(files)
    }

    /// Makes the next builds wait until ``release()``.
    func arm() {
        gate.withLock { $0.armed = true; $0.entered = false }
    }

    /// True once a build waits at the gate.
    var isWaiting: Bool {
        gate.withLock { $0.entered }
    }

    func release() {
        let waiters = gate.withLock { gate in
            gate.armed = false
            defer { gate.waiters = [] }
            return gate.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func waitAtGate() async {
        await withCheckedContinuation { continuation in
            let wait = gate.withLock { gate in
                guard gate.armed else { return false }
                gate.entered = true
                gate.waiters.append(continuation)
                return true
            }
            if !wait { continuation.resume() }
        }
    }
}
