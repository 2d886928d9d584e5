#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to the terminal: results to stdout, progress and errors to stderr.
enum Console {
    /// Writes a line to stdout.
    static func output(_ text: String) {
        print(text)
    }

    /// Writes text to stdout without a newline and flushes, for prompts.
    static func prompt(_ text: String) {
        print(text, terminator: "")
        fflush(stdout)
    }

    /// Writes a line to stderr.
    static func error(_ text: String) {
        fputs(text + "\n", stderr)
    }
}
