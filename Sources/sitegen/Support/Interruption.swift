import Dispatch
import Foundation
import SiteKit
import Synchronization

/// SIGINT and SIGTERM during a build: the staging folder is removed, the output folder is left as
/// it was, and the process exits with 128 + the signal number.
enum Interruption {
    /// The installed handlers, kept alive for the process's life.
    private static let sources = Mutex<[any DispatchSourceSignal]>([])
    private static let received = Atomic(false)

    /// True once SIGINT or SIGTERM arrived.
    static var isInterrupted: Bool { received.load(ordering: .acquiring) }

    /// Called on the way out of a failed build: when the failure comes from an interruption (the
    /// handler is removing the staging folder under the build), lets the handler finish and exit.
    static func waitIfInterrupted() {
        while isInterrupted { sleep(1) }
    }

    /// Installs the handlers (once per process).
    static func cleanUpStagingOnSignals() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    received.store(true, ordering: .releasing)
                    let left = StagingFolders.shared.removeAll()
                    FileHandle.standardError.write(Data("\ninterrupted: the build was stopped; the output folder was left as it was\n".utf8))
                    for message in left { FileHandle.standardError.write(Data("warning: \(message)\n".utf8)) }
                    exit(128 + number)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
