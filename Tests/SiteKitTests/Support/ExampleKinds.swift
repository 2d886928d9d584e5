import BankReport
import CalcReport
import JuiceReport
import MarketReport
import ReportKit

/// The report kinds the example site uses.
enum ExampleKinds {
    static let all: [any ReportKind] = [BankReportKind(), JuiceReportKind(), MarketReportKind(), CalcReportKind()]
}
