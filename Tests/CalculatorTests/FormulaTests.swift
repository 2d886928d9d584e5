import Calculator
import Testing

@Suite("Formula")
struct FormulaTests {
    @Test("operators apply strictly left to right, without precedence")
    func leftToRight() {
        let formula = Formula(operands: [2, 5, 3], operators: [.subtract, .multiply])
        #expect(formula.result() == -9)
        let longer = Formula(operands: [1, 2, 3, 4, 5], operators: [.add, .multiply, .divide, .subtract])
        #expect(longer.result() == -2.75)
    }

    @Test("a lone operand is its own value")
    func loneOperand() {
        #expect(Formula(operands: [42], operators: []).result() == 42)
    }

    @Test("working out the result leaves the formula as it was")
    func resultDoesNotConsume() {
        let formula = Formula(operands: [1, 2], operators: [.add])
        #expect(formula.result() == 3)
        #expect(formula.result() == 3)
        #expect(formula.operands.count == 2)
    }

    @Test("a formula without one more operand than operators has no value")
    func mismatchedCounts() {
        #expect(Formula(operands: [], operators: []).result().isNaN)
        #expect(Formula(operands: [1, 2], operators: []).result().isNaN)
        #expect(Formula(operands: [1, 2], operators: [.add, .add]).result().isNaN)
    }

    @Test("a division by zero part-way makes the whole result NaN")
    func nanPropagates() {
        #expect(Formula(operands: [10, 0, 5], operators: [.divide, .add]).result().isNaN)
    }
}
