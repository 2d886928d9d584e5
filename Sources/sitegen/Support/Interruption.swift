import Dispatch
import Foundation
import SiteKit

/// SIGINT and SIGTERM during a build: the staging folder is removed, the output folder is left as
/// it was, and the process exits with 128 + the signal number.
enum Interruption {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    private static let signalled = NSLock()
    nonisolated(unsafe) private static var received = false

    /// True once SIGINT or SIGTERM arrived.
    static var isInterrupted: Bool { signalled.withLock { received } }

    /// Called on the way out of a failed build: when the failure comes from an interruption (the
    /// handler is removing the staging folder under the build), lets the handler finish and exit.
    static func waitIfInterrupted() {
        while isInterrupted { sleep(1) }
    }

    /// Installs the handlers (once per process).
    static func cleanUpStagingOnSignals() {
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                signalled.withLock { received = true }
                StagingFolders.shared.removeAll()
                FileHandle.standardError.write(Data("\ninterrupted: the build was stopped; the output folder was left as it was\n".utf8))
                exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
