import BankReport
import CalcReport
import JuiceReport
import MarketReport
import ReportKit

/// The report kinds a page's fenced blocks can use. Adding a kind means adding it here; the
/// build pipeline itself never changes.
enum ReportKinds {
    static let all: [any ReportKind] = [BankReportKind(), JuiceReportKind(), MarketReportKind(), CalcReportKind()]
}
