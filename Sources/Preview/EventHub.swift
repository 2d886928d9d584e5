import Basics

/// The open live-reload connections (`GET /__sitegen/events`) and what is sent to all of them.
final class EventHub: Sendable {
    /// The URL path browsers connect to.
    static let path = "/__sitegen/events"

    private struct Connections {
        var next = 0
        var open: [Int: AsyncStream<ServerSentEvent>.Continuation] = [:]
        var closed = false
    }

    private let connections = Locked(Connections())

    /// A new connection's stream of events, starting with what `first` gives; the stream ends on
    /// ``close()``. Call ``unsubscribe(_:)`` with the id when the connection goes away.
    ///
    /// `first` is called after the connection is registered, so an event broadcast after what
    /// `first` read (e.g. the site's version) always reaches the connection too.
    func subscribe(first: () -> [ServerSentEvent]) -> (id: Int, events: AsyncStream<ServerSentEvent>) {
        let (stream, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self)
        let id = connections.withLock { state -> Int in
            state.next += 1
            if state.closed {
                continuation.finish()
            } else {
                state.open[state.next] = continuation
                for event in first() { continuation.yield(event) }
            }
            return state.next
        }
        return (id, stream)
    }

    /// Forgets a connection and ends its stream.
    func unsubscribe(_ id: Int) {
        connections.withLock { $0.open.removeValue(forKey: id) }?.finish()
    }

    /// Sends `event` to every open connection.
    func broadcast(_ event: ServerSentEvent) {
        for continuation in connections.withLock({ Array($0.open.values) }) {
            continuation.yield(event)
        }
    }

    /// Ends every stream and refuses new ones (server shutdown).
    func close() {
        let open = connections.withLock { state in
            state.closed = true
            defer { state.open = [:] }
            return Array(state.open.values)
        }
        for continuation in open { continuation.finish() }
    }

    /// How many connections are open.
    var count: Int {
        connections.withLock { $0.open.count }
    }
}
