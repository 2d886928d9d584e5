import Basics
import Foundation
@testable import Preview
#if canImport(Glibc)
import Glibc
#endif

/// Reads `GET /__sitegen/events` as a browser's EventSource would, on its own thread.
final class EventStreamClient: Sendable {
    struct Event: Sendable, Equatable {
        var name: String
        var data: String
    }

    /// Every event received, in order; ends when the server closes the stream (or after 20 s idle).
    let events: AsyncStream<Event>
    /// The response head (status line and headers) as received.
    let head: Locked<String> = Locked("")
    private let socket: Int32

    init(port: Int) throws {
        socket = try RawHTTP.connect(port: port)
        try RawHTTP.send(socket, "GET /__sitegen/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        self.events = events
        Thread { [socket, head] in
            var text = ""
            var buffer = [UInt8](repeating: 0, count: 4096)
            var inBody = false
            while true {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count <= 0 { break }
                text += String(decoding: buffer[..<count], as: UTF8.self)
                if !inBody, let end = text.range(of: "\r\n\r\n") {
                    head.withLock { $0 = String(text[..<end.lowerBound]) }
                    text = String(text[end.upperBound...])
                    inBody = true
                }
                guard inBody else { continue }
                for event in Self.takeEvents(&text) { continuation.yield(event) }
            }
            continuation.finish()
        }.start()
    }

    /// The next event called `name`, skipping others; nil if the stream ends first or nothing
    /// comes within `timeout` (heartbeats keep the stream open, so a missing event must not hang).
    func next(_ name: String, timeout: Duration = .seconds(30)) async -> Event? {
        await withTaskGroup(of: Event?.self) { group in
            group.addTask { [events] in
                for await event in events where event.name == name { return event }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Closes the connection, as a closed tab would.
    func close() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    deinit {
        Glibc.close(socket)
    }

    /// Takes the complete events out of the chunked body read so far. Chunk-size lines are
    /// recognised as lines that are neither fields nor comments, and skipped.
    private static func takeEvents(_ text: inout String) -> [Event] {
        var events: [Event] = []
        var lines = text.components(separatedBy: "\r\n").flatMap { $0.components(separatedBy: "\n") }
        let last = lines.removeLast()
        var name: String?
        var data: [String] = []
        var consumed = 0
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("event: ") {
                name = String(line.dropFirst(7))
            } else if line.hasPrefix("data: ") {
                data.append(String(line.dropFirst(6)))
            } else if line.isEmpty, let current = name {
                events.append(Event(name: current, data: data.joined(separator: "\n")))
                name = nil
                data = []
                consumed = index + 1
            } else if line.isEmpty || line.hasPrefix(":") || line.hasPrefix("retry:") {
                if name == nil { consumed = index + 1 }
            }
        }
        text = (lines[consumed...] + [last]).joined(separator: "\n")
        return events
    }
}
