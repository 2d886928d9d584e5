import Foundation
import SiteKit

/// Prints build progress to stderr: `[i/N] step` lines, a live page counter on a terminal,
/// warnings always, nothing else with `--quiet`.
final class ProgressReporter: @unchecked Sendable {
    private let quiet: Bool
    private let terminal = Console.stderrIsTerminal
    private let lock = NSLock()
    private var liveLine = false

    init(quiet: Bool) {
        self.quiet = quiet
    }

    var handle: @Sendable (BuildEvent) -> Void {
        { [self] event in self.print(event) }
    }

    private func print(_ event: BuildEvent) {
        lock.withLock {
            switch event {
            case .step(let index, let count, let name):
                guard !quiet else { return }
                endLiveLine()
                Console.error("[\(index)/\(count)] \(name)")
            case .warning(let message):
                endLiveLine()
                Console.error("warning: \(message)")
            case .progress(let done, let total):
                guard !quiet, terminal, total >= 200 else { return }
                Console.raw("\r      \(done)/\(total) pages")
                liveLine = done < total
                if done == total { Console.raw("\n") }
            }
        }
    }

    /// Ends a live progress line before other output.
    func finish() {
        lock.withLock { endLiveLine() }
    }

    private func endLiveLine() {
        if liveLine {
            Console.raw("\n")
            liveLine = false
        }
    }
}
