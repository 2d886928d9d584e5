import Foundation

/// Two threads of the tests' own for CPU-heavy work (site builds, long simulations), so that it
/// stays off Swift's cooperative pool: on two cores, such work from many tests at once would
/// otherwise starve the loopback servers of the HTTP tests running beside them. Work runs here
/// through `withTaskExecutorPreference(TestThreads.shared)`, which child tasks inherit, or
/// ``offPool(_:)``; the test's task-locals (its expectations) come along.
public final class TestThreads: TaskExecutor, @unchecked Sendable {
    public static let shared = TestThreads(count: 2)

    private let condition = NSCondition()
    /// Jobs waiting for a thread; guarded by `condition`.
    private var jobs: [UnownedJob] = []

    private init(count: Int) {
        for index in 0..<count {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "test work \(index + 1)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs `body` on ``TestThreads``, off the cooperative pool.
public func offPool<T: Sendable>(_ body: () throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(TestThreads.shared) { try body() }
}
