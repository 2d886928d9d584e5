import Foundation
import FuzzDriver
import OpenMarket

/// The open market API's JSON: a list page, a detail and a list of details, then the checks a
/// report makes on each product.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if let page = try? MarketDecoder.listPage(bytes, source: "fuzz") {
        for product in page.products { _ = product.doubts }
    }
    if let detail = try? MarketDecoder.detail(bytes, source: "fuzz") { _ = detail.doubts }
    _ = try? MarketDecoder.details(bytes, source: "fuzz")
    return 0
}

@_cdecl("FuzzMarketJSON_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
