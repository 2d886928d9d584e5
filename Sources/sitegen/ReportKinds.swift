import CalcReport
import JuiceReport
import ReportKit

/// The report kinds a page's fenced blocks can use. Adding a kind means adding it here; the
/// build pipeline itself never changes.
enum ReportKinds {
    static let all: [any ReportKind] = [CalcReportKind(), JuiceReportKind()]
}
