import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
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
    /// unequal cost keep every thread busy. The helpers are threads of their own, started here and
    /// joined before this returns: never Dispatch's shared worker pool (as wide as the machine,
    /// which a long simulation would hold from the rest of the process: URLSession's callbacks,
    /// other pages' work) and never Swift's cooperative pool; an `async` caller should hop off
    /// that pool first (``offPool(_:)``).
    func map<Result: Sendable>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
        let width = min(self.count, count)
        guard width > 1 else { return (0..<count).map(body) }
        var slots = [Result?](repeating: nil, count: count)
        let next = Atomic<Int>(0)
        slots.withUnsafeMutableBufferPointer { buffer in
            // Each index is taken by one thread only, so no two threads write the same slot.
            nonisolated(unsafe) let slots = buffer
            Self.together(helpers: width - 1) {
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < count else { return }
                    slots[index] = body(index)
                }
            }
        }
        return slots.map { $0! }
    }

    /// Runs `work` on the caller's thread and on `helpers` new threads at once, and returns when
    /// every one of them has finished (the threads are joined, so `work` never outlives the call).
    /// A thread the system refuses to start is simply left out: the others do its share.
    private static func together(helpers: Int, _ work: () -> Void) {
        withoutActuallyEscaping(work) { work in
            var started: [pthread_t] = []
            for _ in 0..<helpers {
                let start = Unmanaged.passRetained(ThreadWork(work)).toOpaque()
                var thread = pthread_t()
                let result = pthread_create(&thread, nil, { context in
                    // Released as this returns, before the thread is joined.
                    Unmanaged<ThreadWork>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, start)
                if result == 0 {
                    started.append(thread)
                } else {
                    Unmanaged<ThreadWork>.fromOpaque(start).release()
                }
            }
            work()
            for thread in started { pthread_join(thread, nil) }
        }
    }

    /// Runs `work` on a thread of its own and resumes the caller when it is done, so a long
    /// simulation never holds one of the few threads of Swift's cooperative pool (which serves
    /// a preview server's connections and the build's other tasks) nor of Dispatch's shared
    /// pool. Task-local values do not come along: `work` binds again the ones it needs (the
    /// interface language).
    public static func offPool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Swift.Result { try work() })
            }
            thread.start()
        }
    }
}

/// The work a started thread runs; it lives exactly as long as the thread's use of it.
private final class ThreadWork: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
