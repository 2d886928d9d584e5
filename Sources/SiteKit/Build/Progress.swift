import Foundation

/// Counts finished pages from many threads and reports every hundredth (and the last).
final class Progress: @unchecked Sendable {
    private let total: Int
    private let log: @Sendable (BuildEvent) -> Void
    private var done = 0
    private let lock = NSLock()

    init(total: Int, log: @escaping @Sendable (BuildEvent) -> Void) {
        self.total = total
        self.log = log
    }

    func advance() {
        let count = lock.withLock {
            done += 1
            return done
        }
        if count % 100 == 0 || count == total { log(.progress(done: count, total: total)) }
    }
}
