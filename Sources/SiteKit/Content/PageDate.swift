import Basics
import ReportKit

/// A page's `date`: a day (`2024-01-30`) or an ISO 8601 time (`2024-01-30T10:00:00+09:00`),
/// checked when the page is loaded. Pages are ordered by the instant it names; a day is its
/// midnight and a time without an offset is read as UTC, so ordering never depends on the machine.
public struct PageDate: Sendable, Hashable, Comparable {
    /// The date as written, shown on the page.
    public let text: String
    /// Seconds since 1970-01-01T00:00:00Z.
    public let instant: Int
    /// The same moment as an RFC 3339 time (`2024-01-30T10:00:00+09:00`, `2024-01-30T00:00:00Z`
    /// for a day), as the Atom feed writes it.
    public let rfc3339: String

    /// Reads a date; the error names what is accepted.
    public init(_ text: String) throws {
        guard let parsed = Self.parse(text) else {
            throw Diagnostic("must be a date like 2024-05-01 or a time like 2024-05-01T09:30:00+09:00, got \"\(text)\"")
        }
        self = parsed
    }

    init(_ node: ScenarioNode) throws {
        let text = try node.string()
        guard let parsed = Self.parse(text) else {
            throw node.error("must be a date like 2024-05-01 or a time like 2024-05-01T09:30:00+09:00, got \(node.shownValue)")
        }
        self = parsed
    }

    private init(text: String, instant: Int, rfc3339: String) {
        self.text = text
        self.instant = instant
        self.rfc3339 = rfc3339
    }

    /// Earlier dates first; two spellings of one instant are ordered by their text.
    public static func < (a: PageDate, b: PageDate) -> Bool {
        (a.instant, a.text) < (b.instant, b.text)
    }

    /// `YYYY-MM-DD`, optionally followed by `T` (or a space) and `HH:MM`, `:SS`, a fraction, and
    /// `Z` or an offset `±HH:MM`.
    private static func parse(_ text: String) -> PageDate? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
              let day = scanner.digits(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let dayText = text.prefix(10)
        if scanner.atEnd { return PageDate(text: text, instant: days * 86_400, rfc3339: dayText + "T00:00:00Z") }

        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
              let hour = scanner.digits(2), hour < 24, scanner.skip(":"), let minute = scanner.digits(2), minute < 60
        else { return nil }
        var second = 0
        var fraction = ""
        if scanner.skip(":") {
            guard let value = scanner.digits(2), value < 60 else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                let digits = scanner.run { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                guard !digits.isEmpty, digits.count <= 9 else { return nil }
                fraction = "." + String(decoding: digits, as: UTF8.self)
            }
        }
        var offset = 0
        var zone = "Z"
        if scanner.skip("Z") || scanner.skip("z") {
            zone = "Z"
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(2), hours < 24 else { return nil }
            _ = scanner.skip(":")
            guard let minutes = scanner.digits(2), minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
            zone = (sign < 0 ? "-" : "+") + two(hours) + ":" + two(minutes)
        }
        guard scanner.atEnd else { return nil }
        let instant = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        let time = "\(dayText)T\(two(hour)):\(two(minute)):\(two(second))\(fraction)\(zone)"
        return PageDate(text: text, instant: instant, rfc3339: time)
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Reads ASCII bytes left to right.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Character) -> Bool {
            guard let ascii = character.asciiValue, index < bytes.count, bytes[index] == ascii else { return false }
            index += 1
            return true
        }

        /// Exactly `count` decimal digits.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// `+` gives 1, `-` gives -1.
        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }

        mutating func run(while accept: (UInt8) -> Bool) -> [UInt8] {
            let start = index
            while index < bytes.count, accept(bytes[index]) { index += 1 }
            return Array(bytes[start..<index])
        }
    }
}
