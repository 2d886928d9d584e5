import Foundation
import MarketReport

/// A `market` block's options (nothing is fetched or read).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? MarketOptions.parse(text, lineOffset: 10, contentDirectory: URL(fileURLWithPath: "/nonexistent-sitegen-fuzz"))
    return 0
}

/// SwiftPM links an executable's entry point as `FuzzMarketBlock_main`; hand over to libFuzzer's driver.
@_cdecl("FuzzMarketBlock_main")
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
