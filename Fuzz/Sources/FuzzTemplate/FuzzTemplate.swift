import FuzzDriver
import Templating

/// A Mustache template: parsed, then rendered with itself as the only partial and parent (so
/// that it may include itself, within limits) over values with text, flags, numbers, lists and mappings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    guard let template = try? Template(text) else { return 0 }
    let item: TemplateValue = .map(["title": .text("<a & 'b'>"), "n": .number(Int.max), "flag": .bool(true)])
    let value: TemplateValue = .map([
        "page": item, "items": .list([item, item, .text("x"), .number(Int.min)]), "none": .list([]),
        "words": .list([.text("b"), .text("a")]), "name": .text("main"), "empty": .text(""),
    ])
    // A self-including template renders until the data or a limit stops it (the limits kept
    // small, so that each input stays fast); either way it must end without a trap.
    let limits = TemplateLimits(work: 100_000, outputBytes: 1 << 20)
    _ = try? TemplateLibrary(["main": template, "base": template, "partials/card": template], limits: limits).render("main", value)
    return 0
}

@_cdecl("FuzzTemplate_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
