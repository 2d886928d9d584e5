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
    func announce(_ number: Int) {
        guard number > announced else { return }
        announced = number
        log(.step(index: number, count: names.count, name: names[number - 1]))
    }

    /// Runs part of step `number`.
    func run<T>(_ number: Int, _ body: () throws -> T) throws -> T {
        announce(number)
        do {
            return try body()
        } catch let failure as BuildFailure {
            throw failure
        } catch {
            throw BuildFailure(step: names[number - 1], diagnostics: Diagnostics.from(error))
        }
    }
}
