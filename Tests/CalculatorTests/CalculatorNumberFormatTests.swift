import Calculator
import Testing

@Suite("CalculatorNumberFormat")
struct CalculatorNumberFormatTests {
    @Test("plain numbers: shortest digits, grouped integer part, no trailing zeros", arguments: [
        (0.0, "0"), (-0.0, "0"), (1, "1"), (999, "999"), (1_000, "1,000"), (3_000, "3,000"),
        (100_000, "100,000"), (1_234_567, "1,234,567"), (2.5, "2.5"), (123_456.789, "123,456.789"),
        (-1_234.5, "-1,234.5"), (-9, "-9"), (0.1, "0.1"), (0.1 + 0.2, "0.30000000000000004"),
        (0.00001, "0.00001"), (-0.000123, "-0.000123"), (1e15, "1,000,000,000,000,000"),
        (12_345_678_901_234_567_168, "12,345,678,901,234,567,000"), (1e-19, "0.0000000000000000001"),
        (2.0 / 3.0, "0.6666666666666666"),
    ])
    func plain(value: Double, expected: String) {
        #expect(CalculatorNumberFormat.text(value) == expected)
    }

    @Test("exponent form beyond twenty digits", arguments: [
        (1e21, "1e+21"), (1e20, "1e+20"), (-2.5e30, "-2.5e+30"), (1.5e-20, "1.5e-20"), (1e-20, "1e-20"),
        (Double.leastNonzeroMagnitude, "5e-324"), (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
        (123_456_789_012_345_678_901.0, "1.2345678901234568e+20"),
    ])
    func exponent(value: Double, expected: String) {
        #expect(CalculatorNumberFormat.text(value) == expected)
    }

    @Test("values that are not numbers")
    func special() {
        #expect(CalculatorNumberFormat.text(.nan) == "NaN")
        #expect(CalculatorNumberFormat.text(.infinity) == "∞")
        #expect(CalculatorNumberFormat.text(-.infinity) == "-∞")
    }

    @Test("every plain result reads back as the same Double once the separators are removed", arguments: [
        0.1 + 0.2, 1.0 / 3.0, 123_456.789, -98_765.4321, 4.35, 1e19 + 2048, 0.000_000_123_456,
    ])
    func readsBack(value: Double) {
        let text = CalculatorNumberFormat.text(value)
        #expect(Double(text.filter { $0 != "," }) == value)
    }
}
