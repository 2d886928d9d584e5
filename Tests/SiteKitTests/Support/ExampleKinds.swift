import CalcReport
import ReportKit

/// The report kinds the example site uses that this test target links.
enum ExampleKinds {
    static let all: [any ReportKind] = [CalcReportKind()]
}
