import FuzzDriver
import JuiceReport

/// A `juice` block: parsed and run (random order streams are bounded by the parser).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    _ = try? JuiceScenarioRunner.run(yaml: text, name: "fuzz.md", format: .json, seed: 1)
    return 0
}

@_cdecl("FuzzJuice_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
