import Foundation

/// Two threads of the tests' own that run the jobs of the site builds tests start, so that a
/// build's CPU work stays off Swift's cooperative pool: on two cores, builds run from many tests
/// at once would otherwise starve the loopback servers of the preview tests running beside them.
/// A build runs here through `withTaskExecutorPreference(BuildThreads.shared)`, which its child
/// tasks inherit.
final class BuildThreads: TaskExecutor, @unchecked Sendable {
    static let shared = BuildThreads(count: 2)

    private let condition = NSCondition()
    /// Jobs waiting for a thread; guarded by `condition`.
    private var jobs: [UnownedJob] = []

    private init(count: Int) {
        for index in 0..<count {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "test builds \(index + 1)"
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
