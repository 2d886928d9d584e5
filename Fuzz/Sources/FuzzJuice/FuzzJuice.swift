import JuiceReport

/// A `juice` block: parsed and run (random order streams are bounded by the parser).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? JuiceScenarioRunner.run(yaml: text, name: "fuzz.md", format: .json, seed: 1)
    return 0
}

/// SwiftPM links an executable's entry point as `FuzzJuice_main`; hand over to libFuzzer's driver.
@_cdecl("FuzzJuice_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzz)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ body: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt
