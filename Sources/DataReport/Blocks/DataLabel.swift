import ReportKit

/// Every word the `table`, `chart` and `figure` reports print, keyed by stable names (their text
/// is in the `data` section of the string tables); `{1}` marks a value.
enum DataLabel: String, ReportLabelSet {
    case percent, won, dollar, date, months
    case rows, oneRow, inGroups, inOneGroup, rowsShown, total, highlighted, csv, json
    case tableTitle, chartTitle, figureTitle
    case chartDescription, chartValues, kindLine, kindStep, kindBar, kindScatter
    case sum, mean, count, min, max, last
    case changeLabel, trend, changeUp, changeDown, changeSame, againstPrevious, againstPeriod, week, month, noValue, noPrevious, periodLabel

    static let section = "data"
    static var builtIn: StringTables { DataFiles.files.strings }
}
