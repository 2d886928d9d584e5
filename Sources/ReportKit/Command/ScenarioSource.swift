import Basics
import Foundation

/// A scenario's YAML as given on the command line (`--scenario FILE`, or `-` for standard
/// input), with the name it goes by.
public struct ScenarioSource: Sendable, Equatable {
    /// The YAML text.
    public var text: String
    /// The file's name (`day.yml`), or `stdin`; a kind may derive a seed from it.
    public var name: String

    public init(text: String, name: String) {
        self.text = text
        self.name = name
    }

    /// The most bytes a scenario may hold, from a file or standard input: 16 MB.
    public static let maximumBytes = 16 << 20

    /// Reads the file at `path`, or standard input when `path` is `-`, at most
    /// ``maximumBytes``: an endless input (`yes |`) ends with an error at the limit.
    /// - Parameter standardInput: what standard input holds (read only for `-`).
    /// - Throws: a ``Diagnostic`` when the file is missing, unreadable, too large, not a regular
    ///   file or not UTF-8.
    public static func read(
        _ path: String,
        standardInput: () throws -> Data = { try FileInput.readAll(0, shownAs: "standard input", limit: ScenarioSource.maximumBytes) }
    ) throws -> ScenarioSource {
        if path == "-" {
            guard let text = String(validating: try standardInput(), as: UTF8.self) else {
                throw Diagnostic("cannot read the scenario from standard input (not UTF-8)")
            }
            return ScenarioSource(text: text, name: "stdin")
        }
        let text = try FileInput.text(path, shownAs: path, limit: maximumBytes)
        return ScenarioSource(text: text, name: URL(fileURLWithPath: path).lastPathComponent)
    }
}
