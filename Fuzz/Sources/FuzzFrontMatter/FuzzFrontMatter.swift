import FuzzDriver
import SiteKit

/// A page's front matter and `site.yml`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    _ = try? FrontMatter(yaml: text, lineOffset: 1)
    _ = try? SiteConfig(yaml: text)
    return 0
}

@_cdecl("FuzzFrontMatter_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
