import ReportKit

/// Runs the build's named steps: logs `[i/N] name` when a step starts, and turns whatever a step
/// throws into a ``BuildFailure`` naming it.
final class StepLog: @unchecked Sendable {
    private let names: [String]
    private let log: @Sendable (BuildEvent) -> Void
    private var announced = 0

    init(names: [String], log: @escaping @Sendable (BuildEvent) -> Void) {
        self.names = names
        self.log = log
    }

    /// Logs step `number` (1-based) unless it was already logged.
    private func announce(_ number: Int) {
        guard number > announced else { return }
        announced = number
        log(.step(index: number, count: names.count, name: names[number - 1]))
    }

    /// Runs part of step `number`.
    func run<T>(_ number: Int, _ body: () throws -> T) throws -> T {
        announce(number)
        do {
            return try body()
        } catch {
            throw failure(in: number, error)
        }
    }

    /// Runs an asynchronous part of step `number`, on the caller's actor.
    func runAsync<T>(_ number: Int, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        announce(number)
        do {
            return try await body()
        } catch {
            throw failure(in: number, error)
        }
    }

    private func failure(in number: Int, _ error: any Error) -> BuildFailure {
        error as? BuildFailure ?? BuildFailure(step: names[number - 1], diagnostics: Diagnostics.from(error))
    }
}
