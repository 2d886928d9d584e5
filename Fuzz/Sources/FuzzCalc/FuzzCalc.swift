import CalcReport
import FuzzDriver

/// The calculator: one expression, and a whole `calc` block (a tape of lines).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    _ = try? CalcTape.result(of: text)
    _ = try? CalcTape(source: text, lineOffset: 10)
    return 0
}

@_cdecl("FuzzCalc_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
