/// The times a bank scenario writes: durations with units and times of day.
enum BankTimeText {
    /// `0.7 s`, `20 min`, `1.5 h` (a space before the unit is optional) in seconds; nil for
    /// anything else (`20 mins`, `min`, `-3 s`).
    static func duration(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters
        let units: [(String, Double)] = [("min", 60), ("s", 1), ("h", 3600)]
        for (unit, scale) in units where trimmed.hasSuffix(unit) {
            let number = trimmed.dropLast(unit.count).trimmingCharacters
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  let value = Double(number), value.isFinite else { return nil }
            return value * scale
        }
        return nil
    }

    /// `09:00`, `9:30` or `16:45:30` in seconds after midnight; nil for anything else (`9:60`,
    /// `25:00`). `24:00` is midnight at the end of the day.
    static func clock(_ text: String) -> Double? {
        let parts = text.trimmingCharacters.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers[0] <= 24, numbers.dropFirst().allSatisfy({ $0 <= 59 }) else { return nil }
        let seconds = numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
        return seconds <= 86_400 ? Double(seconds) : nil
    }

    /// Whether text looks like a time of day rather than a duration (it has a colon).
    static func isClock(_ text: String) -> Bool { text.contains(":") }
}
