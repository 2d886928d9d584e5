import ArgumentParser
import Basics
import ReportKit

/// Prints an error the way every sitegen command does — one `file:line: message` per line on
/// stderr — and gives the exit code to throw.
public enum Failure {
    /// Prints `error` (a ``Diagnostic``, ``Diagnostics`` or any error) and returns `ExitCode.failure`.
    /// - Parameter file: the file to name when a diagnostic has none (e.g. the `--scenario` path).
    public static func report(_ error: any Error, file: String? = nil) -> ExitCode {
        for diagnostic in Diagnostics.from(error) {
            let located = file.map { diagnostic.located(in: $0) } ?? diagnostic
            Console.error("error: \(located)")
        }
        return ExitCode.failure
    }
}
