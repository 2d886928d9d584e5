import Basics
import CalcReport
import Foundation
import ReportKit
import Testing

@Suite("CalcReportKind")
struct CalcReportKindTests {
    private let context = ReportContext(
        contentDirectory: URL(fileURLWithPath: "/nonexistent/Content"),
        cacheDirectory: URL(fileURLWithPath: "/nonexistent/.sitegen-cache"))

    /// Runs a block whose opening fence is on line 10 of `calculator.md`, the second block on the page.
    private func run(_ source: String, line: Int = 10, index: Int = 1) async throws -> Report {
        try await CalcReportKind().run(
            ReportBlock(kind: "calc", source: source, pagePath: "calculator.md", line: line, index: index),
            context: context)
    }

    private func text(_ report: Report, _ name: String) -> String? {
        report.files.first { $0.name == name }.map { String(decoding: $0.contents, as: UTF8.self) }
    }

    @Test("the kind is selected by the info string calc")
    func name() {
        #expect(CalcReportKind().name == "calc")
    }

    @Test("the HTML is a tape table inside the report section")
    func html() async throws {
        let report = try await run("2 − 5 × 3\n1,000 × 3\n")
        #expect(report.html == """
            <section class="report report-calc" id="calc-2" aria-labelledby="calc-2-title">
            <h2 id="calc-2-title">Calculator tape</h2>
            <p class="table-caption" aria-hidden="true">2 expressions</p>
            <div class="table-wrap"><table class="calc-tape">
            <caption class="visually-hidden">2 expressions</caption>
            <thead><tr><th scope="col" class="num">No.</th><th scope="col">Expression</th><th scope="col" class="num">Result</th></tr></thead>
            <tbody>
            <tr><th scope="row" class="num">1</th><td class="expr">2 − 5 × 3</td><td class="num result">-9</td></tr>
            <tr><th scope="row" class="num">2</th><td class="expr">1,000 × 3</td><td class="num result">3,000</td></tr>
            </tbody>
            </table></div>
            <p class="downloads">Download: <a href="calc-2.csv" download>CSV</a> · <a href="calc-2.json" download>JSON</a></p>
            </section>

            """)
    }

    @Test("a NaN result is marked and explained in words")
    func nanNote() async throws {
        let report = try await run("10 ÷ 0\n5 ÷ 2")
        #expect(report.html.contains(#"<td class="num result nan">NaN</td>"#))
        #expect(report.html.contains(#"<td class="num result">2.5</td>"#))
        #expect(report.html.contains("<p class=\"note\">NaN marks a result that is not a number, such as a division by zero.</p>"))
        #expect(report.markdown.contains("\nNaN marks a result that is not a number, such as a division by zero.\n"))
        let plain = try await run("5 ÷ 2")
        #expect(!plain.html.contains("NaN"))
        #expect(!plain.markdown.contains("NaN"))
    }

    @Test("the Markdown is a table with a sentence and download links")
    func markdown() async throws {
        let report = try await run("1 + 2 × 3\n\n  2*3/4  \n10 ÷ 0\n-5 − 3\n")
        #expect(report.markdown == """
            ### Calculator tape

            4 expressions.

            | No. | Expression | Result |
            | ---: | --- | ---: |
            | 1 | 1 + 2 × 3 | 9 |
            | 2 | 2\\*3/4 | 1.5 |
            | 3 | 10 ÷ 0 | NaN |
            | 4 | -5 − 3 | -8 |

            NaN marks a result that is not a number, such as a division by zero.

            Download: [CSV](calc-2.csv) · [JSON](calc-2.json)

            """)
    }

    @Test("CSV and JSON downloads named after the block")
    func downloads() async throws {
        let report = try await run("1,000 × 3\n\n0.1 + 0.2\n10 ÷ 0\n1,000,000,000,000 × 1,000,000,000\n")
        #expect(report.files.map(\.name) == ["calc-2.csv", "calc-2.json"])
        // The result as the tape shows it, and beside it the number (empty when not a number).
        #expect(text(report, "calc-2.csv") == "\u{FEFF}" + """
            expression,result,value
            "1,000 × 3","3,000",3000
            0.1 + 0.2,0.30000000000000004,0.30000000000000004
            10 ÷ 0,NaN,
            "1,000,000,000,000 × 1,000,000,000",1e+21,1e+21

            """)
        #expect(text(report, "calc-2.json") == """
            {
              "lines": [
                {
                  "line": 11,
                  "expression": "1,000 × 3",
                  "result": "3,000",
                  "value": 3000
                },
                {
                  "line": 13,
                  "expression": "0.1 + 0.2",
                  "result": "0.30000000000000004",
                  "value": 0.30000000000000004
                },
                {
                  "line": 14,
                  "expression": "10 ÷ 0",
                  "result": "NaN",
                  "value": null
                },
                {
                  "line": 15,
                  "expression": "1,000,000,000,000 × 1,000,000,000",
                  "result": "1e+21",
                  "value": 1e+21
                }
              ]
            }

            """)
    }

    @Test("the headline counts the expressions")
    func headlines() async throws {
        #expect(try await run("1 + 1\n2 + 2\n\n3 + 3\n4 + 4").headlines == ["4 expressions"])
        #expect(try await run("42").headlines == ["1 expression"])
    }

    @Test("the results the specification asks for", arguments: [
        ("1 + 2 × 3", "9"), ("2 − 5 × 3", "-9"), ("10 ÷ 0", "NaN"), ("1,000 × 3", "3,000"),
        ("0.1 + 0.2", "0.30000000000000004"), ("-5 − 3", "-8"), ("5 ÷ 2", "2.5"), ("7 - -2", "9"),
    ])
    func specificationResults(expression: String, result: String) async throws {
        let report = try await run(expression)
        #expect(report.html.contains("<td class=\"expr\">\(expression)</td><td class=\"num result\(result == "NaN" ? " nan" : "")\">\(result)</td>"))
    }

    @Test("every malformed line is reported at its line in the page")
    func diagnostics() async throws {
        let source = "1 + 2\n1 + + 2\n\nabc\n3 × 3\n"
        await #expect(throws: Diagnostics([
            Diagnostic(line: 12, #""1 + + 2": expected a number after "+" at column 5, found "+""#),
            Diagnostic(line: 14, #""abc": expected a number at column 1, found "abc""#),
        ])) {
            try await run(source)
        }
    }

    @Test("one malformed line is one diagnostic, located after the fence")
    func singleDiagnostic() async throws {
        await #expect(throws: Diagnostic(line: 22, #""1 +": expected a number after "+" at the end of the expression"#)) {
            try await run("2 + 2\n1 +", line: 20)
        }
    }

    @Test("the diagnostic reads well once the pipeline names the file and kind")
    func locatedDiagnostic() async throws {
        do {
            _ = try await run("  1,00 + 1", line: 11)
            Issue.record("expected an error")
        } catch let diagnostic as Diagnostic {
            #expect(diagnostic.located(in: "Content/calculator.md", prefix: "calc").description
                == #"Content/calculator.md:12: calc: "1,00 + 1": misplaced thousands separator "," at column 2 in "1,00"; group the digits before the "." in threes, like 1,000"#)
        }
    }

    @Test("a block without expressions is an error at its fence", arguments: ["", "\n", "  \n\t\n"])
    func emptyBlock(source: String) async throws {
        await #expect(throws: Diagnostic(line: 10, #"the block has no expressions; write one per line, like "2 − 5 × 3""#)) {
            try await run(source)
        }
    }

    @Test("Windows line ends count as one line each")
    func crlf() async throws {
        await #expect(throws: Diagnostic(line: 12, #""x": expected a number at column 1, found "x""#)) {
            try await run("1 + 1\r\nx\r\n")
        }
    }
}
