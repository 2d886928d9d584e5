import Foundation
import SiteKit

/// One message on the `text/event-stream` of live reload.
struct ServerSentEvent: Sendable, Equatable {
    /// The text sent, ending with the blank line that completes a message.
    let text: String

    /// A named event; multi-line data is sent as one `data:` line per line.
    init(name: String, data: String) {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }
        text = "event: \(name)\n" + lines.joined() + "\n"
    }

    /// A comment line, which browsers ignore: keeps idle connections (and proxies) awake.
    static let heartbeat = ServerSentEvent(text: ": heartbeat\n\n")

    /// Asks the browser to wait 1 s before reconnecting after the server went away.
    static let retry = ServerSentEvent(text: "retry: 1000\n\n")

    private init(text: String) {
        self.text = text
    }
}

extension ServerSentEvent {
    /// Sent first on every connection: the version of the site the server now shows.
    static func hello(version: String) -> ServerSentEvent {
        ServerSentEvent(name: "hello", data: version)
    }

    /// A build succeeded: open tabs reload.
    static let reload = ServerSentEvent(name: "reload", data: "")

    /// A build failed: open tabs show the overlay. The data is JSON: `step`, `diagnostics` (each
    /// `file`, `line`, `message`) and the overlay's `html`.
    static func buildError(_ failure: BuildFailure) -> ServerSentEvent {
        struct Payload: Encodable {
            struct Item: Encodable {
                var file: String?
                var line: Int?
                var message: String
            }
            var step: String
            var diagnostics: [Item]
            var html: String
        }
        let payload = Payload(
            step: failure.step,
            diagnostics: failure.diagnostics.map { Payload.Item(file: $0.file, line: $0.line, message: $0.message) },
            html: ErrorOverlay.html(for: failure)
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return ServerSentEvent(name: "build-error", data: data)
    }
}
