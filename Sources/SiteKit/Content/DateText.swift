import ReportKit

/// A page date as the reader sees it, in the interface language (`2026년 11월 23일`); the
/// `datetime` attribute keeps the date as written.
enum DateText {
    /// `written` (already checked by ``PageDate``) through `date.day` or `date.time`: `{1}` the
    /// year, `{2}` and `{3}` the month and day as written (`01`), `{4}` the rest as written
    /// (`T10:00:00Z`), `{5}` the hour and minute (`10:00`), `{6}` and `{7}` month and day as numbers.
    static func shown(_ written: String) -> String {
        let characters = Array(written)
        guard characters.count >= 10 else { return written }
        let year = String(characters[0..<4]), month = String(characters[5..<7]), day = String(characters[8..<10])
        let rest = String(characters[10...])
        let clock = characters.count >= 16 ? String(characters[11..<16]) : ""
        let values = [year, month, day, rest, clock, String(Int(month) ?? 0), String(Int(day) ?? 0)]
        return Strings.fill(Strings.current[rest.isEmpty ? "date.day" : "date.time"], values)
    }
}
