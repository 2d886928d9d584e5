/// A date and time as the open market API writes it: `2024-01-30T00:00:00`, sometimes with a
/// fraction (`2022-01-03T00:00:00.00`). No time zone is given, so none is assumed: the value is
/// kept as written, compared field by field, and never passes through the machine's clock or locale.
public struct MarketDate: Sendable, Hashable, Comparable, CustomStringConvertible, Decodable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// The fraction's digits as written, without trailing zeros (`""` for `.00` or none).
    public let fraction: String

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, fraction: String = "") {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.fraction = fraction
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` with an optional `.digits` fraction (a space is accepted
    /// instead of `T`, and a trailing `Z`); nil for anything else or an impossible date.
    public init?(parsing text: String) {
        let chars = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= chars.count else { return nil }
            var value = 0
            for byte in chars[from..<(from + count)] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func byte(_ at: Int, _ expected: Character...) -> Bool {
            at < chars.count && expected.contains(Character(Unicode.Scalar(chars[at])))
        }
        guard chars.count >= 19,
            let year = number(0, 4), byte(4, "-"), let month = number(5, 2), byte(7, "-"), let day = number(8, 2),
            byte(10, "T", " "), let hour = number(11, 2), byte(13, ":"), let minute = number(14, 2),
            byte(16, ":"), let second = number(17, 2)
        else { return nil }
        var index = 19
        var digits = ""
        if byte(index, ".") {
            index += 1
            while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                digits.unicodeScalars.append(Unicode.Scalar(chars[index]))
                index += 1
            }
            guard !digits.isEmpty else { return nil }
        }
        if byte(index, "Z") { index += 1 }
        guard index == chars.count,
            (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        while digits.hasSuffix("0") { digits.removeLast() }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: digits)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = MarketDate(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "is not a date like 2024-01-30T00:00:00, got \"\(text.prefix(40))\""
            )
        }
        self = date
    }

    /// `2024-01-30T00:00:00`, with the fraction only when it is not zero.
    public var description: String {
        let base = "\(Self.pad(year, 4))-\(Self.pad(month))-\(Self.pad(day))T\(Self.pad(hour)):\(Self.pad(minute)):\(Self.pad(second))"
        return fraction.isEmpty ? base : "\(base).\(fraction)"
    }

    /// The day alone: `2024-01-30`.
    public var dayText: String {
        "\(Self.pad(year, 4))-\(Self.pad(month))-\(Self.pad(day))"
    }

    public static func < (lhs: MarketDate, rhs: MarketDate) -> Bool {
        let left = [lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second]
        let right = [rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second]
        if left != right { return left.lexicographicallyPrecedes(right) }
        // Fractions compare as decimal digits: pad the shorter with zeros.
        let width = max(lhs.fraction.count, rhs.fraction.count)
        let a = lhs.fraction.padding(to: width), b = rhs.fraction.padding(to: width)
        return a < b
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: "0", count: max(0, width - count))
    }
}
