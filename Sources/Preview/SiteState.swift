import Basics
import SiteKit

/// The snapshot every request reads, swapped as a whole after each build so that a request never
/// sees half of one build and half of another.
final class SiteState: Sendable {
    private let current: Locked<(snapshot: SiteSnapshot, builds: Int)>
    private let instance: String

    /// - Parameter instance: distinguishes this server run from the previous one, so tabs left
    ///   open across a restart reload.
    init(instance: String) {
        self.instance = instance
        current = Locked((SiteSnapshot(files: SiteFiles(), failure: nil, version: "\(instance)-0"), 0))
    }

    var snapshot: SiteSnapshot {
        current.withLock { $0.snapshot }
    }

    /// Serves `files` from now on, with the build's `warnings`, and clears the failure.
    @discardableResult
    func succeed(with files: SiteFiles, warnings: [Diagnostic] = []) -> SiteSnapshot {
        update { $0.files = files; $0.failure = nil; $0.warnings = warnings }
    }

    /// Keeps the files and records the failure.
    @discardableResult
    func fail(with failure: BuildFailure) -> SiteSnapshot {
        update { $0.failure = failure }
    }

    private func update(_ change: (inout SiteSnapshot) -> Void) -> SiteSnapshot {
        current.withLock { state in
            state.builds += 1
            change(&state.snapshot)
            state.snapshot.version = "\(instance)-\(state.builds)"
            return state.snapshot
        }
    }
}
