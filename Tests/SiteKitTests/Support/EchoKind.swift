import ReportKit

/// A tiny report kind for pipeline tests: echoes its YAML keys; `fail:` makes it report an error
/// on that line; `file:` adds a download; `page:` adds an extra page.
struct EchoKind: ReportKind {
    let name = "echo"

    func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let root = try ScenarioNode.parse(block.source, lineOffset: block.lineOffset)
        let mapping = try root.mapping(allowed: ["say", "fail", "file", "page"])
        if let fail = mapping["fail"] {
            throw fail.error("was asked for")
        }
        let said = try mapping["say"]?.string() ?? "nothing"
        var report = Report(
            html: "<section class=\"report\" id=\"\(block.id)\">said \(HTML.escape(said)) seed \(context.seed(for: block, declared: nil))</section>",
            markdown: "**said \(MarkdownText.escape(said))**",
            headlines: ["said \(said)"]
        )
        if let file = try mapping["file"]?.string() {
            report.files.append(ReportFile(name: "\(block.id)-\(file)", text: "data of \(said)\n"))
        }
        if let page = try mapping["page"]?.string() {
            report.pages.append(ReportPage(path: page, title: "Extra \(said)", html: "<p>extra</p>", markdown: "extra\n"))
        }
        return report
    }
}
