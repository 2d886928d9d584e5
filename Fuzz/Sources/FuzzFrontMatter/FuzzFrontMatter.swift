import FuzzDriver
import SiteKit

/// A page's front matter (YAML, JSON) and `site.yml`; the plain front matter reader must agree
/// with Yams' reading whenever it accepts. TOML is not fuzzed here: TOMLKit 0.6.0 never frees a
/// parsed table or a parse error (its API has no way to), which the leak checker reports on
/// every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    let read = try? FrontMatter(parsingYAML: text, lineOffset: 1)
    if let plain = FrontMatter.plain(yaml: text, lineOffset: 1) {
        precondition(plain == read, "the plain front matter reader disagrees with Yams on \(text.debugDescription)")
    }
    _ = try? FrontMatter(json: text, lineOffset: 0)
    _ = try? SiteConfig(yaml: text)
    return 0
}

@_cdecl("FuzzFrontMatter_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
