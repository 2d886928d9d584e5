import FuzzDriver
import Markdown

/// A page body through every step the site takes: parsed with the GitHub extensions and heading
/// ids, read (title, headings, first paragraph's text, links, report blocks), a code block
/// replaced and links rewritten as the page renderer does, rendered as HTML (safe and unsafe)
/// and as CommonMark, each twice: a render that leaves the tree changed traps, and so does
/// CommonMark that differs from libcmark's own renderer's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    let document = MarkdownDocument(parsing: text, extensions: [.gfm, .headingIDs])
    _ = document.firstHeading
    _ = document.headings
    _ = document.root.descendants().first { $0.type == .paragraph }?.plainText
    let links = document.links()
    for link in links { link.url = (link.url ?? "") + "#x" }
    let replacements = document.fencedCodeBlocks().prefix(1).map { $0.replace(html: "<p>report</p>", commonMark: "report") }
    let html = document.renderHTML()
    _ = document.renderHTML(unsafe: true)
    precondition(document.renderHTML() == html, "rendering HTML changed the document")
    replacements.forEach { $0.showCommonMark() }
    let markdown = document.renderCommonMark()
    precondition(document.renderCommonMark() == markdown, "rendering CommonMark changed the document")
    // sitegen's CommonMark writer writes what libcmark's renderer writes, on a second parse
    // edited the same way (the writer, like libcmark, merges text nodes it writes).
    let oracle = MarkdownDocument(parsing: text, extensions: [.gfm, .headingIDs])
    for link in oracle.links() { link.url = (link.url ?? "") + "#x" }
    oracle.fencedCodeBlocks().prefix(1).map { $0.replace(html: "<p>report</p>", commonMark: "report") }.forEach { $0.showCommonMark() }
    precondition(oracle.renderCommonMark(by: .libcmark) == markdown, "the CommonMark writer and libcmark differ")
    // Each extension alone as well: the passes must not depend on one another to stay sound.
    for extensions: MarkdownExtensions in [.tables, .strikethrough, .autolinks, .taskLists] {
        let single = MarkdownDocument(parsing: text, extensions: extensions)
        _ = single.renderHTML()
        let written = single.renderCommonMark()
        precondition(MarkdownDocument(parsing: text, extensions: extensions).renderCommonMark(by: .libcmark) == written, "the CommonMark writer and libcmark differ")
    }
    return 0
}

@_cdecl("FuzzMarkdown_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
