/// Why an expression could not be parsed, with the 1-based column (in characters) where it went wrong.
///
/// The message names both: `expected a number after "+" at column 5, found "+"`.
public struct CalculatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and where, ready to show to the user.
    public let message: String
    /// The 1-based column in the expression where the problem starts.
    public let column: Int

    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }

    public var description: String { message }
}
