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
    /// (`fflush(nil)` flushes every output stream: Swift 6 forbids touching the C global `stdout`.)
    static func prompt(_ text: String) {
        print(text, terminator: "")
        fflush(nil)
    }

    /// Writes a line to stderr, straight to file descriptor 2 (Swift 6 forbids touching the C
    /// global `stderr`).
    static func error(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
