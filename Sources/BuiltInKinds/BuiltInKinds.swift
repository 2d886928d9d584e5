import BankReport
import CalcReport
import DataReport
import JuiceReport
import MarketReport
import ReportCommand

/// The report kinds sitegen ships, in one list: the CLI builds sites with it and lists their
/// commands, and the tests build the example site with it. A new kind is its own folder and
/// target plus one entry here.
public enum BuiltInKinds {
    public static let all: [any CommandKind] = [
        BankReportKind(),
        JuiceReportKind(),
        MarketReportKind(),
        CalcReportKind(),
        TableReportKind(), ChartReportKind(), FigureReportKind(),
    ]
}
