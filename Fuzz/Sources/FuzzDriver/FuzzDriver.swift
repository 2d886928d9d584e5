/// What every fuzz target shares: libFuzzer's driver and the input as text.

/// libFuzzer's per-input callback, `LLVMFuzzerTestOneInput`.
public typealias FuzzBody = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

/// Hands the process over to libFuzzer's driver, which calls `body` once per input. SwiftPM links
/// an executable's entry point as `<Target>_main`; each target defines that and calls this.
public func runLibFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: FuzzBody) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, body)
}

/// The input bytes as text (invalid UTF-8 repaired, as a file read by sitegen would be).
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ body: FuzzBody
) -> CInt
