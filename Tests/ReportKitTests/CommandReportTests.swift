import Basics
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ReportKit
import Testing

/// What the report commands print, and where their scenarios come from.
@Suite struct CommandReportTests {
    static let document = ReportDocument(
        kind: "demo", id: "demo-1", title: "Demo",
        body: [
            .paragraph(Paragraph("Two runs.")),
            .chart(Chart(file: "demo-1.svg", svg: "<svg/>", alt: "Waits", caption: "Waits by run")),
            .collapsible(Collapsible(summary: "More", body: [
                .chart(Chart(file: "demo-1-more.svg", svg: "<svg/>", alt: "More waits", caption: "More waits by run")),
            ])),
            .downloads([Download("CSV", file: "demo-1.csv")]),
        ])

    @Test func everyFormatComesFromOneValue() throws {
        let report = CommandReport(document: { Self.document }, json: { "{}\n" }, csv: { "a,b\n" })
        #expect(try report.output(.text) == "Demo\n\nTwo runs.\n\nWaits by run\n\nMore\n----\n\nMore waits by run\n")
        // Markdown without files beside it: charts become their captions, downloads go.
        #expect(try report.output(.markdown) == """
            ### Demo

            Two runs.

            Waits by run

            #### More

            More waits by run

            """)
        #expect(try report.output(.json) == "{}\n")
        #expect(try report.output(.csv) == "a,b\n")
    }

    @Test func textMayBeTheKindsOwn() throws {
        let report = CommandReport(document: { Self.document }, text: "-9", json: { "" }, csv: { "" })
        #expect(try report.output(.text) == "-9")
    }

    @Test func dataIsMadeOnlyWhenAskedFor() throws {
        let report = CommandReport(document: { Self.document }, json: { throw Diagnostic("no JSON here") }, csv: { "x\n" })
        #expect(try report.output(.csv) == "x\n")
        #expect(throws: Diagnostic("no JSON here")) { try report.output(.json) }
    }

    @Test func theDocumentIsMadeOnlyForTextAndMarkdown() throws {
        let report = CommandReport(document: { throw Diagnostic("no document here") }, json: { "{}" }, csv: { "a\n" })
        #expect(try report.output(.json) == "{}")
        #expect(try report.output(.csv) == "a\n")
        #expect(throws: Diagnostic("no document here")) { try report.output(.markdown) }
        let calc = CommandReport(document: { throw Diagnostic("no document here") }, text: "-9", json: { "" }, csv: { "" })
        #expect(try calc.output(.text) == "-9")
    }

    /// What the CLI prints: the output in the pieces the report writes, ending in one newline.
    static func printed(_ report: CommandReport, _ format: OutputFormat) throws -> [String] {
        var pieces: [String] = []
        try report.write(format) { pieces.append(String(decoding: $0, as: UTF8.self)) }
        return pieces
    }

    @Test func writingEndsInANewline() throws {
        let report = CommandReport(document: { Self.document }, text: "-9", json: { "{}\n" }, csv: { "a\r\n" })
        #expect(try Self.printed(report, .text) == ["-9", "\n"])
        #expect(try Self.printed(report, .json) == ["{}\n"])
        #expect(try Self.printed(report, .csv) == ["a\r\n"])
        #expect(try Self.printed(report, .markdown).joined() == report.output(.markdown))
    }

    @Test func largeCSVIsWrittenInPieces() throws {
        let report = CommandReport(document: { Self.document }, json: { "" }, writeCSV: { sink in
            for piece in ["a,b\n", "", "1,2\n", "3,4"] {
                try Array(piece.utf8).withUnsafeBytes { try sink($0) }
            }
        })
        // Empty pieces are not passed on; the missing last newline is added.
        #expect(try Self.printed(report, .csv) == ["a,b\n", "1,2\n", "3,4", "\n"])
        #expect(try report.output(.csv) == "a,b\n1,2\n3,4")
    }

    @Test func scenarioFromAFileOrStandardInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("command-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("day.yml")
        try Data("customers: 3\n".utf8).write(to: file)
        #expect(try ScenarioSource.read(file.path, standardInput: { Data() }) == ScenarioSource(text: "customers: 3\n", name: "day.yml"))
        #expect(try ScenarioSource.read("-", standardInput: { Data("seed: 2\n".utf8) }) == ScenarioSource(text: "seed: 2\n", name: "stdin"))

        let missing = folder.appendingPathComponent("missing.yml").path
        #expect(throws: Diagnostic(file: missing, "cannot read the file: No such file or directory")) {
            try ScenarioSource.read(missing)
        }
        let latin1 = folder.appendingPathComponent("latin1.yml")
        try Data([0x63, 0xE9, 0x0A]).write(to: latin1)
        #expect(throws: Diagnostic(file: latin1.path, "is not UTF-8 text")) {
            try ScenarioSource.read(latin1.path)
        }
        // A FIFO is refused, not waited on; standard input stops at the limit.
        let fifo = folder.appendingPathComponent("fifo.yml").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: Diagnostic(file: fifo, "is a FIFO (named pipe), not a regular file; refused (remove it, or replace it with a file)")) {
            try ScenarioSource.read(fifo)
        }
        #expect(throws: Diagnostic(file: "standard input", "holds more than 16 MB, the most sitegen reads of it; stopped reading")) {
            try ScenarioSource.read("-", standardInput: {
                var pipe: [Int32] = [0, 0]
                #expect(Glibc.pipe(&pipe) == 0)
                defer { close(pipe[0]) }
                // 17 MB of `y` lines, as `yes` writes them, then the end; the reader stops
                // first, so the writer's last write finds the pipe closed (EPIPE, not a signal).
                signal(SIGPIPE, SIG_IGN)
                let writer = pipe[1]
                Thread {
                    defer { close(writer) }
                    let block = [UInt8](repeating: UInt8(ascii: "y"), count: 1 << 20).enumerated().map { $0.offset % 2 == 1 ? UInt8(ascii: "\n") : $0.element }
                    for _ in 0..<17 where block.withUnsafeBytes({ write(writer, $0.baseAddress, $0.count) }) == block.count {}
                }.start()
                return try FileInput.readAll(pipe[0], shownAs: "standard input", limit: ScenarioSource.maximumBytes)
            })
        }
        #expect(throws: Diagnostic("cannot read the scenario from standard input (not UTF-8)")) {
            try ScenarioSource.read("-", standardInput: { Data([0xFF]) })
        }
    }
}
