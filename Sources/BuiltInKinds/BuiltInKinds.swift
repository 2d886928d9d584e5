import BankReport
import CalcReport
import JuiceReport
import MarketReport
import ReportKit

/// The report kinds sitegen ships, in one list: the CLI builds sites with it and the tests build
/// the example site with it. A new kind is its own target plus one entry here.
public enum BuiltInKinds {
    public static let all: [any ReportKind] = [
        BankReportKind(),
        JuiceReportKind(),
        MarketReportKind(),
        CalcReportKind(),
    ]
}
