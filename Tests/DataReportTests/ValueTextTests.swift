import DataReport
import Testing

@Suite struct ValueTextTests {
    @Test func integers() {
        #expect(ValueText.integer("12") == 12)
        #expect(ValueText.integer("-3") == -3)
        #expect(ValueText.integer("+4") == 4)
        #expect(ValueText.integer("0") == 0)
        #expect(ValueText.integer("1,200") == 1200)
        #expect(ValueText.integer("12,345,678") == 12_345_678)
        #expect(ValueText.integer("999999999999999") == 999_999_999_999_999)
        for text in ["007", "1,20", "12,3456", ",123", "1,,234", "", "-", "1.0", "1e3", "1000000000000000", " 1", "١٢"] {
            #expect(ValueText.integer(text) == nil, "\(text)")
        }
    }

    @Test func decimals() {
        #expect(ValueText.decimal("12.5") == 12.5)
        #expect(ValueText.decimal("-0.25") == -0.25)
        #expect(ValueText.decimal(".5") == 0.5)
        #expect(ValueText.decimal("1e3") == 1000)
        #expect(ValueText.decimal("2.5E-1") == 0.25)
        #expect(ValueText.decimal("1,200.50") == 1200.5)
        #expect(ValueText.decimal("7") == 7)
        for text in ["007.5", "1.", "e3", "1e", "1e+", "--1", "1.2.3", "NaN", "inf", "1e999", "12a", "₩1,000", "1 000"] {
            #expect(ValueText.decimal(text) == nil, "\(text)")
        }
    }

    @Test func days() {
        #expect(ValueText.day("1970-01-01") == 0)
        #expect(ValueText.day("1970-01-02") == 1)
        #expect(ValueText.day("1969-12-31") == -1)
        #expect(ValueText.day("2000-03-01") == 11_017)
        #expect(ValueText.day("2024-02-29") == 19_782)
        for text in ["2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-4-1", "24-04-01", "2024/04/01", "2024-04-01T10:00"] {
            #expect(ValueText.day(text) == nil, "\(text)")
        }
    }

    @Test func calendarDaysRoundTrip() {
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            let day = CalendarDay(dayNumber: number)
            #expect(day.dayNumber == number)
            #expect(ValueText.day(day.text) == (day.year >= 0 && day.year <= 9999 ? number : nil))
        }
        #expect(CalendarDay(dayNumber: 19_782).text == "2024-02-29")
    }

    @Test func inference() {
        #expect(ColumnType.inferred(from: ["1", "", "22", "1,200"]) == .integer)
        #expect(ColumnType.inferred(from: ["1", "2.5"]) == .decimal)
        #expect(ColumnType.inferred(from: ["2024-01-01", "", "2024-01-08"]) == .date)
        #expect(ColumnType.inferred(from: ["1", "2024-01-01"]) == .text)
        #expect(ColumnType.inferred(from: ["007", "12"]) == .text)
        #expect(ColumnType.inferred(from: ["", ""]) == .text)
        #expect(ColumnType.inferred(from: ["망고", "12"]) == .text)
    }
}
