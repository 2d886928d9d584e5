import Foundation
import ReportCommand
import SiteKit
import Synchronization

/// Prints build progress to stderr: `[i/N] step` lines, a live page counter on a terminal,
/// warnings always, nothing else with `--quiet`.
final class ProgressReporter: Sendable {
    private let quiet: Bool
    private let terminal = Console.stderrIsTerminal
    /// Whether a live page counter is on the terminal's last line; printing happens under it too,
    /// so lines from different build tasks never interleave.
    private let liveLine = Mutex(false)

    init(quiet: Bool) {
        self.quiet = quiet
    }

    var handle: @Sendable (BuildEvent) -> Void {
        { [self] event in self.print(event) }
    }

    private func print(_ event: BuildEvent) {
        liveLine.withLock { liveLine in
            switch event {
            case .step(let index, let count, let name):
                guard !quiet else { return }
                Self.end(&liveLine)
                Console.error("[\(index)/\(count)] \(name)")
            case .warning(let message):
                Self.end(&liveLine)
                Console.error("warning: \(message)")
            case .note(let message):
                guard !quiet else { return }
                Self.end(&liveLine)
                Console.error("      \(message)")
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
        liveLine.withLock { Self.end(&$0) }
    }

    private static func end(_ liveLine: inout Bool) {
        if liveLine {
            Console.raw("\n")
            liveLine = false
        }
    }
}
