import Synchronization

/// Counts finished pages from many tasks and reports every hundredth (and the last).
final class Progress: Sendable {
    private let total: Int
    private let log: @Sendable (BuildEvent) -> Void
    private let done = Atomic<Int>(0)

    init(total: Int, log: @escaping @Sendable (BuildEvent) -> Void) {
        self.total = total
        self.log = log
    }

    func advance() {
        let count = done.add(1, ordering: .relaxed).newValue
        if count % 100 == 0 || count == total { log(.progress(done: count, total: total)) }
    }
}
