import Dispatch
import Foundation
import SiteKit

/// SIGINT and SIGTERM during a build: the staging folder is removed, the output folder is left as
/// it was, and the process exits with 128 + the signal number.
enum Interruption {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers (once per process).
    static func cleanUpStagingOnSignals() {
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                StagingFolders.shared.removeAll()
                FileHandle.standardError.write(Data("\ninterrupted: the build was stopped; the output folder was left as it was\n".utf8))
                exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
