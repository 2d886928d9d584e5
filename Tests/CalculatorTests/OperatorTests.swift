import Calculator
import Testing

@Suite("Operator")
struct OperatorTests {
    @Test("symbols are the typographic characters, in button order")
    func symbols() {
        #expect(Operator.allCases == [.add, .subtract, .multiply, .divide])
        #expect(Operator.allCases.map { $0.rawValue.unicodeScalars.first!.value } == [0x2B, 0x2212, 0xD7, 0xF7])
    }

    @Test("ASCII stand-ins map to the same operators", arguments: [
        ("+", Operator.add), ("-", .subtract), ("−", .subtract), ("*", .multiply), ("×", .multiply),
        ("/", .divide), ("÷", .divide),
    ] as [(Character, Operator)])
    func asciiSymbols(symbol: Character, expected: Operator) {
        #expect(Operator(symbol: symbol) == expected)
    }

    @Test("other characters are not operators", arguments: ["x", "%", "^", "=", "–"] as [Character])
    func notOperators(symbol: Character) {
        #expect(Operator(symbol: symbol) == nil)
    }

    @Test("the four operations")
    func calculate() {
        #expect(Operator.add.calculate(7, 2) == 9)
        #expect(Operator.subtract.calculate(7, 2) == 5)
        #expect(Operator.multiply.calculate(7, 2) == 14)
        #expect(Operator.divide.calculate(7, 2) == 3.5)
        #expect(Operator.subtract.calculate(2, 7) == -5)
    }

    @Test("dividing by zero gives NaN, not infinity", arguments: [10.0, -1, 0])
    func divideByZero(lhs: Double) {
        #expect(Operator.divide.calculate(lhs, 0).isNaN)
        #expect(Operator.divide.calculate(lhs, -0.0).isNaN)
    }
}
