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

    /// Reads the file at `path`, or standard input when `path` is `-`.
    /// - Parameter standardInput: what standard input holds (read only for `-`).
    /// - Throws: a ``Diagnostic`` when the file is missing, unreadable or not UTF-8.
    public static func read(
        _ path: String, standardInput: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }
    ) throws -> ScenarioSource {
        let data: Data?
        if path == "-" {
            data = standardInput()
        } else {
            data = FileManager.default.contents(atPath: path)
        }
        guard let data, let text = String(data: data, encoding: .utf8) else {
            throw Diagnostic(path == "-"
                ? "cannot read the scenario from standard input (not UTF-8)"
                : "cannot read the scenario file (missing, unreadable or not UTF-8)")
        }
        return ScenarioSource(text: text, name: path == "-" ? "stdin" : URL(fileURLWithPath: path).lastPathComponent)
    }
}
