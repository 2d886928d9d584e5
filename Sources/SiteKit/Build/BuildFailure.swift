import Basics
import ReportKit

/// A build that stopped: the step it stopped in and every problem found there.
/// The previous output folder is left exactly as it was.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    /// The step's name, e.g. `Run report blocks`.
    public var step: String
    /// Each problem with its file and line.
    public var diagnostics: [Diagnostic]

    public init(step: String, diagnostics: [Diagnostic]) {
        self.step = step
        self.diagnostics = diagnostics
    }

    public var description: String {
        let count = diagnostics.count == 1 ? "1 error" : "\(diagnostics.count) errors"
        return "[\(step)] \(count):\n" + diagnostics.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// Progress of a build, reported to the caller (the CLI prints it to stderr).
public enum BuildEvent: Sendable {
    /// Step `index` of `count` starts.
    case step(index: Int, count: Int, name: String)
    /// Something the user should know that does not stop the build.
    case warning(String)
    /// What a report said about its run, for the build log (how long a simulation took); never
    /// on a page.
    case note(String)
    /// Pages rendered so far, for a live progress line.
    case progress(done: Int, total: Int)
}
