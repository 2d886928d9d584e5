/// The four operators of the calculator, written with their typographic symbols.
public enum Operator: Character, CaseIterable, CalculateItem {
    case add = "+"
    /// U+2212 MINUS SIGN.
    case subtract = "−"
    /// U+00D7 MULTIPLICATION SIGN.
    case multiply = "×"
    /// U+00F7 DIVISION SIGN.
    case divide = "÷"

    /// The operator a symbol stands for: the typographic symbols, and their ASCII stand-ins
    /// `-`, `*` and `/`; nil for anything else.
    public init?(symbol: Character) {
        switch symbol {
        case "-": self = .subtract
        case "*": self = .multiply
        case "/": self = .divide
        default: self.init(rawValue: symbol)
        }
    }

    /// Applies the operator. Dividing by zero gives `Double.nan` rather than an error or infinity.
    public func calculate(_ lhs: Double, _ rhs: Double) -> Double {
        switch self {
        case .add: lhs + rhs
        case .subtract: lhs - rhs
        case .multiply: lhs * rhs
        case .divide: divide(lhs, rhs)
        }
    }

    private func divide(_ lhs: Double, _ rhs: Double) -> Double {
        rhs == .zero ? .nan : lhs / rhs
    }
}
