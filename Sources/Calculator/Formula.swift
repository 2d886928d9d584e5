/// A parsed expression: the operands and the operators between them, each in a queue.
///
/// `1 + 2 × 3` is the operands `1, 2, 3` and the operators `+, ×`.
public struct Formula: Sendable, Equatable {
    /// The numbers, left to right.
    public var operands: CalculatorItemQueue<Double>
    /// The operators, left to right; one fewer than the operands.
    public var operators: CalculatorItemQueue<Operator>

    public init(operands: CalculatorItemQueue<Double>, operators: CalculatorItemQueue<Operator>) {
        self.operands = operands
        self.operators = operators
    }

    /// The value, worked strictly left to right with no operator precedence:
    /// `2 − 5 × 3` is `(2 − 5) × 3 = -9`. A lone operand is its own value.
    ///
    /// A formula that does not have exactly one more operand than operators has no value: `nan`.
    /// (``ExpressionParser`` never builds one.)
    public func result() -> Double {
        var operands = operands
        var operators = operators
        guard operands.count == operators.count + 1, var value = operands.dequeue() else { return .nan }
        while let nextOperator = operators.dequeue(), let operand = operands.dequeue() {
            value = nextOperator.calculate(value, operand)
        }
        return value
    }
}
