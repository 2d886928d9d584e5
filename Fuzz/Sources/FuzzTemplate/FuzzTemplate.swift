import FuzzDriver
import Templating

/// A Mustache template: parsed, then rendered with itself as the only partial and parent (so
/// that it may include itself) over values with text, flags, numbers, lists and mappings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    guard let template = try? Template(text) else { return 0 }
    let item: TemplateValue = .map(["title": .text("<a & 'b'>"), "n": .number(Int.max), "flag": .bool(true)])
    let value: TemplateValue = .map([
        "page": item, "items": .list([item, item, .text("x"), .number(Int.min)]), "none": .list([]),
        "words": .list([.text("b"), .text("a")]), "name": .text("main"), "empty": .text(""),
    ])
    _ = TemplateLibrary(["main": template, "base": template, "partials/card": template]).render("main", value)
    return 0
}

@_cdecl("FuzzTemplate_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
