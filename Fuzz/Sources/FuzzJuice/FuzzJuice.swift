import FuzzDriver
import JuiceReport
import ReportKit

/// A `juice` block: parsed and run (random order streams are bounded by the parser).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    _ = try? JuiceScenarioRunner.report(ScenarioSource(text: text, name: "fuzz.md"), seed: 1).output(.json)
    return 0
}

@_cdecl("FuzzJuice_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
