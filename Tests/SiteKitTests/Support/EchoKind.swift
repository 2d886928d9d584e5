import Basics
import ReportKit

/// A tiny report kind for pipeline tests: echoes its YAML keys; `fail:` makes it report an error
/// on that line; `file:` adds a download; `page:` adds an extra page.
struct EchoKind: ReportKind {
    let name = "echo"

    func run(_ block: ReportBlock, context: ReportContext) async throws -> Report {
        let root = try ScenarioNode.parse(block.source, lineOffset: block.lineOffset)
        let mapping = try root.mapping(allowed: ["say", "fail", "file", "page", "read"])
        if let fail = mapping["fail"] {
            throw fail.error("was asked for")
        }
        var said = try mapping["say"]?.string() ?? "nothing"
        // `read: data/numbers.csv` says the file's first line, and names the file as an input.
        var inputs: Set<String> = []
        if let read = try mapping["read"]?.string() {
            let text = try String(contentsOf: context.contentDirectory.appendingPathComponent(read), encoding: .utf8)
            said += " " + (text.split(separator: "\n").first.map(String.init) ?? "")
            inputs.insert(read)
        }
        var document = ReportDocument(
            kind: "echo", id: block.id, title: "Echo",
            body: [.paragraph(Paragraph("said \(said) seed \(context.seed(for: block, declared: nil))", isStrong: true))],
            headlines: ["said \(said)"]
        )
        if let file = try mapping["file"]?.string() {
            document.files.append(ReportFile(name: "\(block.id)-\(file)", text: "data of \(said)\n"))
        }
        if let page = try mapping["page"]?.string() {
            document.pages.append(ReportDocumentPage(
                path: page, title: "Extra \(said)",
                document: ReportDocument(kind: "echo", id: "\(block.id)-extra", container: .division, body: [.paragraph(Paragraph("extra"))])))
        }
        return Report(document, inputs: .files(inputs))
    }
}
