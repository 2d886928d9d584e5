import Foundation
import FuzzDriver
import MarketReport

/// A `market` block's options (nothing is fetched or read).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    _ = try? MarketOptions.parse(text, lineOffset: 10, contentDirectory: URL(fileURLWithPath: "/nonexistent-sitegen-fuzz"))
    return 0
}

@_cdecl("FuzzMarketBlock_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
