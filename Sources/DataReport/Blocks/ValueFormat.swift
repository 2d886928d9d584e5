import Basics
import ReportKit

/// How a block shows a column's values, in the site's language: `format:` on a column (or a
/// figure), else chosen by the column's type.
public enum ValueFormat: Sendable, Equatable {
    /// Numbers with thousands separators and `decimals` places (nil: as many as the column's
    /// values have, up to six); dates in the site's language; text as written.
    case automatic(decimals: Int?)
    /// A number with thousands separators: `1,234.5`.
    case number(decimals: Int?)
    /// A fraction as a percentage: `0.125` → `12.5%` (`decimals` default 1).
    case percent(decimals: Int)
    /// Money: `₩1,200` (`1,200원` on a Korean site), `$1,200.50`.
    case currency(Currency, decimals: Int?)
    /// A date in the site's language: `May 31, 2024`, `2024년 5월 31일`.
    case date
    /// The value exactly as the file writes it.
    case text

    /// The currencies a format may name.
    public enum Currency: String, Sendable, CaseIterable {
        case KRW, USD

        /// Places after the point unless the block says otherwise: none for won, two for dollars.
        var decimals: Int { self == .KRW ? 0 : 2 }
    }

    /// The names `format:` takes.
    public static let names = ["number", "percent", "currency", "date", "text"]

    /// Reads `format:` (and `currency:`, `decimals:` beside it).
    public static func parse(_ name: String, currency: String?, decimals: Int?, line: Int?) throws -> ValueFormat {
        switch name {
        case "number": return .number(decimals: decimals)
        case "percent": return .percent(decimals: decimals ?? 1)
        case "currency", "KRW", "USD":
            let code = name == "currency" ? currency ?? "KRW" : name
            guard let money = Currency(rawValue: code) else {
                throw Diagnostic(line: line, "currency must be one of \(Currency.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(code)\"")
            }
            return .currency(money, decimals: decimals)
        case "date": return .date
        case "text": return .text
        default:
            throw Diagnostic(line: line, "format must be one of \(names.joined(separator: ", ")), got \"\(name)\"\(ScenarioNode.suggestion(for: name, in: names))")
        }
    }

    /// Whether the values shown are numbers (right-aligned, summed in totals).
    public func isNumeric(for type: ColumnType) -> Bool {
        switch self {
        case .automatic, .text: type == .integer || type == .decimal
        case .number, .percent, .currency: true
        case .date: false
        }
    }

    /// The text of row `row` of `column`; `places` is the column's own number of decimals
    /// (see ``decimals(of:)``).
    public func text(_ column: DataColumn, row: Int, places: Int) -> String {
        let text = column.texts[row]
        guard !text.isEmpty else { return "" }
        if case .text = self { return text }
        guard column.type.isNumeric else { return text }
        return self.text(column.numbers[row], type: column.type, places: places)
    }

    /// The text of a number of a column of `type` (a day number for dates).
    public func text(_ value: Double, type: ColumnType, places: Int) -> String {
        guard value.isFinite else { return "" }
        switch self {
        case .automatic(let decimals):
            if type == .date { return Self.dateText(Int(value)) }
            return NumberText.groupedFixed(value, places: decimals ?? places)
        case .number(let decimals):
            return NumberText.groupedFixed(value, places: decimals ?? places)
        case .percent(let decimals):
            return DataLabel.percent.text(NumberText.groupedFixed(value * 100, places: decimals))
        case .currency(let money, let decimals):
            let amount = NumberText.groupedFixed(abs(value), places: decimals ?? money.decimals)
            let shown = (money == .KRW ? DataLabel.won : DataLabel.dollar).text(amount)
            return value < 0 && amount.contains(where: { $0 != "0" && $0 != "," && $0 != "." }) ? "-" + shown : shown
        case .date:
            return type == .date ? Self.dateText(Int(value)) : NumberText.groupedFixed(value, places: places)
        case .text:
            return type == .date ? CalendarDay(dayNumber: Int(value)).text : NumberText.groupedFixed(value, places: places)
        }
    }

    /// `May 31, 2024` (`2024년 5월 31일`) from a day number.
    public static func dateText(_ dayNumber: Int) -> String {
        let day = CalendarDay(dayNumber: dayNumber)
        let months = DataLabel.months.text.split(separator: " ").map(String.init)
        let monthName = months.count == 12 ? months[day.month - 1] : String(day.month)
        return DataLabel.date.text(String(day.year), monthName, String(day.day), String(day.month))
    }

    /// The most places after the point among a decimal column's values as written (at most
    /// six); none for other columns.
    public static func decimals(of column: DataColumn) -> Int {
        guard column.type == .decimal else { return 0 }
        var most = 0
        for text in column.texts {
            guard let dot = text.utf8.firstIndex(of: UInt8(ascii: ".")) else { continue }
            let places = text.utf8[text.utf8.index(after: dot)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            most = max(most, places)
            if most >= 6 { return 6 }
        }
        return most
    }
}
