import BankReport
import FuzzDriver
import ReportKit

/// A `bank` block: parsed with the page limits, and run in every format when it is small enough
/// to stay fast.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    guard let parsed = try? BankScenarioParser.parse(text, lineOffset: 10, limits: .pageBlock) else { return 0 }
    let simulated = parsed.scenario.arrivals.maximumCustomers.multipliedReportingOverflow(by: parsed.scenario.replications)
    let values = parsed.sweep?.values.count ?? 1
    guard !simulated.overflow, simulated.partialValue <= 5_000 / values else { return 0 }
    // The report as text (the page's document through the one renderer), and the data files;
    // a sweep prints its comparison.
    guard let report = try? BankScenarioRunner.report(ScenarioSource(text: text, name: "fuzz.yml")) else { return 0 }
    for format in OutputFormat.allCases {
        _ = try? report.output(format)
    }
    return 0
}

@_cdecl("FuzzBank_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
