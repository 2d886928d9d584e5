import ArgumentParser
import ReportCommand

/// Evaluates one calculator expression and prints the result alone.
///
/// Operators are `+ − × ÷` (or ASCII `- * /`) and apply strictly left to right, with no
/// precedence: `sitegen calc "2 − 5 × 3"` prints `-9`. Numbers may have a `.` fraction and `,`
/// thousands separators; an ASCII `-` at the start or after an operator makes a number negative.
/// Division by zero gives `NaN`. A malformed expression is reported on stderr with a non-zero exit.
struct CalcCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calc",
        abstract: "Evaluates one calculator expression and prints the result.",
        discussion: """
            Operators are + − × ÷ (or ASCII - * /) and apply strictly left to right, with no \
            precedence: sitegen calc "2 − 5 × 3" prints -9. Numbers may have a . fraction and , \
            thousands separators; an ASCII - at the start or after an operator makes a number \
            negative. Division by zero gives NaN. Several words are joined with spaces, so the \
            quotes are optional (quote * so the shell does not expand it). --format markdown, json or csv \
            gives the one-line tape a calc block would show.
            """)

    /// `--format`: text is the result alone.
    @OptionGroup var output: ReportOptions

    /// The expression, e.g. `"1,000 × 3"` or `-5 - 3`.
    @Argument(parsing: .allUnrecognized, help: "The expression, e.g. \"1,000 × 3\" or -5 - 3.")
    var expression: [String] = []

    @OptionGroup var language: LanguageOption

    func run() throws {
        try language.run { try report() }
    }

    private func report() throws {
        // `sitegen calc -- -5 - 3`: the conventional `--` arrives as a word of its own.
        let words = expression.first == "--" ? Array(expression.dropFirst()) : expression
        do {
            try output.print(CalcTape.report(of: words.joined(separator: " ")))
        } catch {
            throw Failure.report(error)
        }
    }
}
