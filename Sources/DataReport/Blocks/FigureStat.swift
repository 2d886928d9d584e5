/// What a `figure` block works out from its column: `stat:`.
public enum FigureStat: String, Sendable, CaseIterable {
    case sum, mean, count, min, max, last

    /// The statistic of `values` (missing values left out); nil when there is none to take
    /// (`count` is 0 then).
    public func value(of values: [Double]) -> Double? {
        let present = values.filter { !$0.isNaN }
        switch self {
        case .count: return Double(present.count)
        case .sum: return present.isEmpty ? nil : present.reduce(0, +)
        case .mean: return present.isEmpty ? nil : present.reduce(0, +) / Double(present.count)
        case .min: return present.min()
        case .max: return present.max()
        case .last: return present.last
        }
    }
}

/// A calendar period a `figure` compares: its latest against the one before.
public enum FigurePeriod: String, Sendable, CaseIterable {
    case day, week, month, year

    /// The period holding day number `day`, as a number that counts periods (weeks start on
    /// Monday).
    public func index(ofDay day: Int) -> Int {
        switch self {
        case .day: return day
        // 1970-01-05 was a Monday.
        case .week: return Int((Double(day - 4) / 7).rounded(.down))
        case .month:
            let date = CalendarDay(dayNumber: day)
            return date.year * 12 + date.month - 1
        case .year: return CalendarDay(dayNumber: day).year
        }
    }

    /// The period `index` in words: `May 2024`, `the week of May 6, 2024`, `2024`.
    func text(_ index: Int) -> String {
        switch self {
        case .day: return ValueFormat.dateText(index)
        case .week: return DataLabel.week.text(ValueFormat.dateText(index * 7 + 4))
        case .month:
            let year = Int((Double(index) / 12).rounded(.down)), month = index - year * 12 + 1
            let months = DataLabel.months.text.split(separator: " ").map(String.init)
            return DataLabel.month.text(String(year), months.count == 12 ? months[month - 1] : String(month), String(month))
        case .year: return String(index)
        }
    }
}
