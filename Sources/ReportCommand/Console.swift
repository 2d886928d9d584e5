import Foundation
import ReportKit

/// Writing to the terminal: results to stdout, progress and errors to stderr.
public enum Console {
    /// Writes a line to stdout. Unbuffered like ``prompt(_:)``, so the two never reorder; pass large
    /// results as one string.
    public static func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes text to stdout without a newline, for prompts.
    public static func prompt(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes a line to stderr, made safe for a terminal (``TerminalText``): messages quote
    /// user content.
    public static func error(_ text: String) {
        raw(TerminalText.safe(text) + "\n")
    }

    /// Writes text to stderr as it is (for a live progress line).
    public static func raw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// True when stderr is a terminal (live progress lines make sense there).
    public static var stderrIsTerminal: Bool {
        isatty(FileHandle.standardError.fileDescriptor) != 0
    }
}
