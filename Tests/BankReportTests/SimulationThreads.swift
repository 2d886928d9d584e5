import Foundation

/// Two threads of the tests' own for long simulations, so that their CPU work stays off Swift's
/// cooperative pool: on two cores, seconds of simulation from several tests at once would
/// otherwise starve the loopback servers of the HTTP tests running beside them. A test runs its
/// body here through `withTaskExecutorPreference(SimulationThreads.shared)`; its task-locals
/// (the test's expectations) come along.
final class SimulationThreads: TaskExecutor, @unchecked Sendable {
    static let shared = SimulationThreads(count: 2)

    private let condition = NSCondition()
    /// Jobs waiting for a thread; guarded by `condition`.
    private var jobs: [UnownedJob] = []

    private init(count: Int) {
        for index in 0..<count {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "test simulations \(index + 1)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
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

/// Runs `body` on ``SimulationThreads``, off the cooperative pool.
func offPool<T: Sendable>(_ body: () throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(SimulationThreads.shared) { try body() }
}
