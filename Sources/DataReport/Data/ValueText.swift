/// Reads the values of data files: numbers and calendar days as written in CSV, JSON and YAML,
/// independent of any locale.
public enum ValueText {
    /// The largest whole number read as an integer: 15 digits, exact as a `Double`.
    static let largestInteger: Int64 = 999_999_999_999_999

    /// `12`, `-3`, `+4`, `1,200`: an optional sign, then digits without a leading zero, grouped by
    /// commas in threes or not at all; nil otherwise or past 15 digits.
    public static func integer(_ text: String) -> Int64? {
        var digits = Substring(text).utf8[...]
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard let value = wholePart(digits) else { return nil }
        return negative ? -value : value
    }

    /// An integer, or digits with a `.` fraction and/or an exponent: `12.5`, `-0.25`, `.5`, `1e3`,
    /// `1,200.50`; nil for anything else, for a leading zero before more digits (`007.5`) and
    /// for values beyond the range of `Double`.
    public static func decimal(_ text: String) -> Double? {
        if let whole = integer(text) { return Double(whole) }
        let bytes = Array(text.utf8)
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let wholeStart = index
        while index < bytes.count, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
        let whole = bytes[wholeStart..<index]
        if !whole.isEmpty, wholePart(whole[...]) == nil { return nil }
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                index += 1
                fractionDigits += 1
            }
            if fractionDigits == 0 { return nil }
        }
        guard !whole.isEmpty || fractionDigits > 0 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            let exponentStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            if index == exponentStart { return nil }
        }
        guard index == bytes.count else { return nil }
        let plain = String(decoding: bytes.filter { $0 != UInt8(ascii: ",") }, as: UTF8.self)
        guard let value = Double(plain), value.isFinite else { return nil }
        return value
    }

    /// `2024-05-31` as the number of days since 1970-01-01 (negative before), in the proleptic
    /// Gregorian calendar; nil for any other text or a day that does not exist (`2023-02-29`).
    public static func day(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
              (1...12).contains(month), day >= 1, day <= CalendarDay.daysIn(month: month, year: year)
        else { return nil }
        return CalendarDay(year: year, month: month, day: day).dayNumber
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Digits without a leading zero (but `0` itself), optionally grouped `1,234,567`; at most
    /// 15 digits.
    private static func wholePart(_ bytes: some Collection<UInt8>) -> Int64? {
        guard let first = bytes.first, isDigit(first) else { return nil }
        let grouped = bytes.contains(UInt8(ascii: ","))
        var value: Int64 = 0
        var digits = 0
        var sinceComma = 0
        var sawComma = false
        for byte in bytes {
            if byte == UInt8(ascii: ",") {
                guard sawComma ? sinceComma == 3 : (1...3).contains(sinceComma) else { return nil }
                sawComma = true
                sinceComma = 0
                continue
            }
            guard isDigit(byte) else { return nil }
            digits += 1
            sinceComma += 1
            guard digits <= 15 else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        if grouped && sinceComma != 3 { return nil }
        if first == UInt8(ascii: "0") && digits > 1 { return nil }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
