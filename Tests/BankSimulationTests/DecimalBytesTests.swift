import BankSimulation
import Testing

/// The digits the CSV writer puts straight into its buffer.
@Suite struct DecimalBytesTests {
    /// What `write` put at the front of a buffer filled with `*`; `overrun` if it wrote past its limit.
    static func written(limit: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
        var buffer = [UInt8](repeating: UInt8(ascii: "*"), count: limit + 8)
        let count = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!) }
        guard count <= limit, buffer[limit...].allSatisfy({ $0 == UInt8(ascii: "*") }) else { return "overrun" }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    static func digits(_ value: UInt64) -> String {
        written(limit: DecimalBytes.maxDigits) { DecimalBytes.writeDigits(value, to: $0) }
    }

    static func seconds(_ ticks: Int64) -> String {
        written(limit: DecimalBytes.maxSeconds) { DecimalBytes.writeSeconds(ticks, to: $0) }
    }

    @Test func digits() {
        #expect(Self.digits(0) == "0")
        #expect(Self.digits(7) == "7")
        #expect(Self.digits(10) == "10")
        #expect(Self.digits(12) == "12")
        #expect(Self.digits(99) == "99")
        #expect(Self.digits(100) == "100")
        #expect(Self.digits(305) == "305")
        #expect(Self.digits(1_000_000) == "1000000")
        #expect(Self.digits(99_999_999) == "99999999")
        // Nine digits and more: the eight lowest with their zeros, then the rest before them.
        #expect(Self.digits(100_000_000) == "100000000")
        #expect(Self.digits(100_000_001) == "100000001")
        #expect(Self.digits(1_234_567_890) == "1234567890")
        #expect(Self.digits(5_000_000_070_000_000) == "5000000070000000")
        #expect(Self.digits(9_999_999_999_999_999_999) == "9999999999999999999")
        #expect(Self.digits(10_000_000_000_000_000_000) == "10000000000000000000")
        #expect(Self.digits(UInt64.max) == "18446744073709551615")
    }

    @Test func seconds() {
        #expect(Self.seconds(0) == "0")
        #expect(Self.seconds(1) == "0.000001")
        #expect(Self.seconds(-1) == "-0.000001")
        #expect(Self.seconds(10) == "0.00001")
        #expect(Self.seconds(100_000) == "0.1")
        #expect(Self.seconds(700_000) == "0.7")
        #expect(Self.seconds(999_999) == "0.999999")
        #expect(Self.seconds(1_230_000) == "1.23")
        #expect(Self.seconds(3_500_000) == "3.5")
        #expect(Self.seconds(-3_500_000) == "-3.5")
        #expect(Self.seconds(12_000_000) == "12")
        #expect(Self.seconds(-12_000_000) == "-12")
        #expect(Self.seconds(12_000_001) == "12.000001")
        #expect(Self.seconds(370_370_123_400) == "370370.1234")
        #expect(Self.seconds(10_000_000_000_000) == "10000000")
        #expect(Self.seconds(Int64.max) == "9223372036854.775807")
        #expect(Self.seconds(Int64.min) == "-9223372036854.775808")
    }

    /// `exactText` is the same code; both agree with seconds written the long way, over values
    /// around every power of ten and random ones of every size.
    @Test func agreesWithTheLongWay() {
        func longWay(_ ticks: Int64) -> String {
            let whole = String(ticks.magnitude / 1_000_000)
            var fraction = String(ticks.magnitude % 1_000_000)
            fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return (ticks < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
        }
        var values: [Int64] = []
        var power: Int64 = 1
        for _ in 0..<19 {
            values += [power - 1, power, power + 1, -power]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        // A fixed linear congruential sequence, cut to every width from 1 to 63 bits.
        var state: UInt64 = 16
        for bits in 1...63 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int64(state >> (64 - bits)))
        }
        for value in values {
            #expect(Self.seconds(value) == longWay(value))
            #expect(SimulatedTime.exactText(value) == longWay(value))
        }
    }
}
