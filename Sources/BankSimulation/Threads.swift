import Dispatch
import Foundation
import Synchronization

/// How many threads simulate days at once: all cores unless told otherwise (`--jobs`).
///
/// Every day depends on its scenario and seed alone and its result lands in its own slot, so
/// the figures are the same, in the same order, whatever the number of threads.
public struct Threads: Sendable, Equatable, CustomStringConvertible {
    /// At least 1.
    public let count: Int

    public init(_ count: Int) {
        self.count = max(count, 1)
    }

    /// One thread: the days one after another, on the caller's thread.
    public static let one = Threads(1)

    /// One thread per core the process may use.
    public static var allCores: Threads { Threads(ProcessInfo.processInfo.activeProcessorCount) }

    /// `1 thread`, `2 threads`.
    public var description: String { count == 1 ? "1 thread" : "\(count) threads" }

    /// `body(0)`, …, `body(count − 1)` on up to ``count`` threads, the caller's among them; the
    /// results in index order. The threads take the next index as they finish one, so items of
    /// unequal cost keep every thread busy. The helpers are Dispatch's worker threads, whose pool
    /// every run in the process shares (it is as wide as the machine), never Swift's cooperative
    /// pool; an `async` caller should hop off that pool first (``offPool(_:)``).
    func map<Result: Sendable>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
        let width = min(self.count, count)
        guard width > 1 else { return (0..<count).map(body) }
        var slots = [Result?](repeating: nil, count: count)
        let next = Atomic<Int>(0)
        slots.withUnsafeMutableBufferPointer { buffer in
            // Each index is taken by one thread only, so no two threads write the same slot.
            nonisolated(unsafe) let slots = buffer
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let body = body
                DispatchQueue.concurrentPerform(iterations: width) { _ in
                    while true {
                        let index = next.add(1, ordering: .relaxed).oldValue
                        guard index < count else { return }
                        slots[index] = body(index)
                    }
                }
            }
        }
        return slots.map { $0! }
    }

    /// Runs `work` on a Dispatch thread and resumes the caller when it is done, so a long
    /// simulation never holds one of the few threads of Swift's cooperative pool (which serves
    /// a preview server's connections and the build's other tasks). Task-local values do not
    /// come along: `work` binds again the ones it needs (the interface language).
    public static func offPool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result { try work() })
            }
        }
    }
}
