import Basics
import Foundation
import JuiceReport
import ReportKit
import Testing

@Suite struct JuiceReportKindTests {
    private let context = ReportContext(
        contentDirectory: URL(fileURLWithPath: "/tmp/content"),
        cacheDirectory: URL(fileURLWithPath: "/tmp/cache")
    )

    private func block(_ yaml: String, page: String = "juice/day.md", index: Int = 0) -> ReportBlock {
        ReportBlock(kind: "juice", source: yaml, pagePath: page, line: 7, index: index)
    }

    private func file(_ report: Report, _ name: String) throws -> String {
        let file = try #require(report.files.first { $0.name == name })
        return String(decoding: file.contents, as: UTF8.self)
    }

    /// The seed app's first session: 딸기쥬스 fails, everything else is made.
    private let firstSession = """
        steps:
          - order: strawberry
          - order: banana
          - order: kiwi
          - order: pineapple
          - order: strawberryBanana
          - order: mango
          - order: mangoKiwi
        """

    /// Markers are drawn only while a line has at most 30 points (7 steps: 8 points; 40 steps:
    /// 41), and the caption says which.
    @Test func theCaptionSaysWhetherLinesCarryMarkers() async throws {
        let short = try await JuiceReportKind().run(block(firstSession), context: context).html
        #expect(short.contains("Each fruit has its own dash pattern and marker."))
        #expect(short.contains("-stock-marker-1"))
        let orders = String(repeating: "  - order: banana\n", count: 40)
        let long = try await JuiceReportKind().run(block("stock: {banana: 100}\nsteps:\n" + orders), context: context).html
        #expect(long.contains("Each fruit has its own dash pattern.</figcaption>"))
        #expect(!long.contains("-stock-marker-"))
    }

    @Test func aShortDayReadsStepByStepALongOneLeadsWithTheChart() async throws {
        func order(_ html: String) -> [String] {
            ["class=\"stock-table\"", "class=\"final-stock\"", "<figure class=\"chart"].sorted {
                (html.range(of: $0)?.lowerBound ?? html.endIndex) < (html.range(of: $1)?.lowerBound ?? html.endIndex)
            }
        }
        let short = try await JuiceReportKind().run(block(firstSession), context: context)
        #expect(order(short.html) == ["class=\"stock-table\"", "class=\"final-stock\"", "<figure class=\"chart"])
        let long = try await JuiceReportKind().run(block("random: {orders: 21, seed: 3}"), context: context)
        #expect(order(long.html) == ["class=\"final-stock\"", "<figure class=\"chart", "class=\"stock-table\""])
        let twenty = try await JuiceReportKind().run(block("random: {orders: 20, seed: 3}"), context: context)
        #expect(order(twenty.html).first == "class=\"stock-table\"")
    }

    @Test func kindIsNamedJuice() {
        #expect(JuiceReportKind().name == "juice")
    }

    @Test func reportHasTheStockTableSummariesChartAndDownloads() async throws {
        let report = try await JuiceReportKind().run(block(firstSession), context: context)
        let html = report.html
        #expect(html.hasPrefix("<section class=\"report report-juice\" id=\"juice-1\" aria-labelledby=\"juice-1-title\">\n<h2 id=\"juice-1-title\">Juice stock</h2>\n"))
        #expect(html.hasSuffix("</section>\n"))
        #expect(report.headlines == ["7 orders", "1 failed"])
        #expect(report.files.map(\.name) == ["juice-1.csv", "juice-1.json", "juice-1-stock.svg"])

        // Verbatim messages; the failed order marked with a symbol and hidden text, not colour alone.
        #expect(html.contains("딸바쥬스 나왔습니다! 맛있게 드세요!"))
        #expect(html.contains(
            "<td class=\"message failed\"><span class=\"mark\" aria-hidden=\"true\">✗</span> <span class=\"visually-hidden\">Not made: </span>재료가 모자라요. 재고를 수정할까요? <span class=\"shortage\">(short: 🍓 딸기 6)</span></td>"
        ))
        // Step 5 (딸바쥬스) takes strawberries from 10 to 0 and bananas from 8 to 7.
        #expect(html.contains(
            "<td class=\"num changed down\">0 <span class=\"delta\" aria-hidden=\"true\">▼10</span><span class=\"visually-hidden\"> (down 10)</span></td>"
        ))
        #expect(html.contains(
            "<td class=\"num changed down\">7 <span class=\"delta\" aria-hidden=\"true\">▼1</span><span class=\"visually-hidden\"> (down 1)</span></td>"
        ))
        // Final stock with emoji and the shortfall; can-make per juice.
        #expect(html.contains("<th scope=\"row\">🍓 딸기 (strawberry)</th><td class=\"num\">10</td><td class=\"num\">0</td><td class=\"num down\">▼10</td><td class=\"num short\">16</td>"))
        #expect(html.contains("<th scope=\"row\">망키쥬스 (mangoKiwi)</th><td>🥝 1 + 🥭 2</td><td class=\"num\">1</td><td class=\"num\">0</td><td class=\"num\">2</td>"))
        // The chart inline, with ids made unique by the block id.
        #expect(html.contains("<figure class=\"chart\">\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(html.contains("aria-labelledby=\"juice-1-stock-title juice-1-stock-desc\""))
        // Axis titles from the interface strings, the value axis with its unit.
        #expect(html.contains(">Stock (pieces)</text>") && html.contains(">Step</text>"))
        #expect(html.contains("<a href=\"juice-1.csv\" download>"))
        #expect(try file(report, "juice-1-stock.svg").contains("<title id=\"juice-1-stock-title\">Stock over time</title>"))
    }

    @Test func markdownReadsOnItsOwn() async throws {
        let report = try await JuiceReportKind().run(block(firstSession), context: context)
        let markdown = report.markdown
        #expect(markdown.hasPrefix("### Juice stock\n\n- **Steps:** 7\n"))
        #expect(markdown.contains("#### Stock after each step\n\nStock of every fruit after each step. ▲/▼ mark a change from the step before; ✗ marks an order that could not be made.\n\n| Step | Action | Message |"))
        #expect(markdown.contains("| 1 | Order 딸기쥬스 | ✗ 재료가 모자라요. 재고를 수정할까요? (short: 🍓 딸기 6) | 10 | 10 | 10 | 10 | 10 |"))
        #expect(markdown.contains("| 5 | Order 딸바쥬스 | ✓ 딸바쥬스 나왔습니다! 맛있게 드세요! | 0 ▼10 | 7 ▼1 | 8 | 7 | 10 |"))
        #expect(markdown.contains("| 🍓 딸기 (strawberry) | 10 | 0 | ▼10 | 16 |"))
        #expect(markdown.contains("![Stock over time](juice-1-stock.svg)"))
        #expect(markdown.contains("[JSON](juice-1.json)"))
        #expect(!markdown.contains("<"))
    }

    @Test func jsonHasTheSpecShape() async throws {
        let yaml = """
            steps:
              - order: mango
                count: 3
              - restock: {kiwi: 5}
            """
        let report = try await JuiceReportKind().run(block(yaml), context: context)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try file(report, "juice-1.json").utf8)) as? [String: Any]
        )
        #expect(Set(json.keys) == ["steps", "finalStock", "canMake", "served", "failed", "shortfall"])
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.count == 4)
        #expect(Set(steps[0].keys) == ["number", "action", "juice", "ok", "message", "stock"])
        #expect(steps[0]["number"] as? Int == 1)
        #expect(steps[0]["action"] as? String == "order")
        #expect(steps[0]["juice"] as? String == "mango")
        #expect(steps[0]["ok"] as? Bool == true)
        #expect(steps[0]["message"] as? String == "망고쥬스 나왔습니다! 맛있게 드세요!")
        #expect(steps[2]["stock"] as? [String: Int] == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 1])
        #expect(Set(steps[3].keys) == ["number", "action", "ok", "message", "stock"])
        #expect(steps[3]["action"] as? String == "restock")
        #expect(json["finalStock"] as? [String: Int] == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 15, "mango": 1])
        #expect(json["served"] as? [String: Int] == [
            "strawberry": 0, "banana": 0, "kiwi": 0, "pineapple": 0, "strawberryBanana": 0, "mango": 3, "mangoKiwi": 0,
        ])
        #expect((json["failed"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)
        #expect(json["canMake"] as? [String: Int] == [
            "strawberry": 0, "banana": 5, "kiwi": 5, "pineapple": 5, "strawberryBanana": 1, "mango": 0, "mangoKiwi": 0,
        ])
        #expect(json["shortfall"] as? [String: Int] == ["strawberry": 0, "banana": 0, "pineapple": 0, "kiwi": 0, "mango": 0])
    }

    @Test func csvHasARowPerStepAndAColumnPerFruit() async throws {
        let report = try await JuiceReportKind().run(block(firstSession), context: context)
        let lines = try file(report, "juice-1.csv").split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines[0] == "\u{FEFF}step,action,juice,ok,message,strawberry,banana,pineapple,kiwi,mango")
        #expect(lines[1] == "1,order,strawberry,false,재료가 모자라요. 재고를 수정할까요?,10,10,10,10,10")
        #expect(lines[5] == "5,order,strawberryBanana,true,딸바쥬스 나왔습니다! 맛있게 드세요!,0,7,8,7,10")
    }

    @Test func largeStreamsKeepThePageLight() async throws {
        let report = try await JuiceReportKind().run(
            block("stock: {strawberry: 100000, banana: 100000, pineapple: 100000, kiwi: 100000, mango: 100000}\nrandom: {orders: 20000, seed: 3}\n"),
            context: context
        )
        let table = report.html.components(separatedBy: "<table class=\"stock-table\">")[1].components(separatedBy: "</table>")[0]
        // The header row, the opening row, 100 + 100 steps and one gap row.
        #expect(table.components(separatedBy: "<tr>").count - 1 == 1 + 1 + 200 + 1)
        #expect(report.html.contains("This run has 20,000 steps: the table shows the first 100 and the last 100."))
        #expect(report.html.contains("Steps 101–19,900 not shown"))
        #expect(report.html.contains("Sampled every 20 steps."))
        #expect(report.html.utf8.count < 400_000)
        #expect(try file(report, "juice-1.csv").split(separator: "\n").count == 20_001)
        #expect(report.headlines == ["20,000 orders", "0 failed"])
    }

    @Test func seedComesFromTheScenarioThenTheBlockAndIsOverridable() async throws {
        let yaml = "random: {orders: 40}\n"
        let first = try await JuiceReportKind().run(block(yaml), context: context)
        let again = try await JuiceReportKind().run(block(yaml), context: context)
        #expect(first.html == again.html)
        let elsewhere = try await JuiceReportKind().run(block(yaml, page: "juice/other.md"), context: context)
        #expect(first.html != elsewhere.html)

        var overridden = context
        overridden.seedOverride = 7
        let seeded = try await JuiceReportKind().run(block("random: {orders: 40, seed: 7}\n"), context: context)
        let forced = try await JuiceReportKind().run(block(yaml), context: overridden)
        #expect(try file(seeded, "juice-1.json") == file(forced, "juice-1.json"))
    }

    @Test func errorsNameTheLineInThePage() async {
        await #expect(throws: Diagnostic(line: 9, "steps[0].order is an unknown juice \"melon\"; expected one of: strawberry, banana, kiwi, pineapple, strawberryBanana, mango, mangoKiwi")) {
            try await JuiceReportKind().run(block("steps:\n  - order: melon\n"), context: context)
        }
    }

    @Test func cliRunnerPrintsTextAndJSON() throws {
        let yaml = "steps:\n  - order: strawberryBanana\n  - order: strawberryBanana\n"
        let text = try JuiceScenarioRunner.run(yaml: yaml, name: "day.yml", format: .text)
        // The console text is the page's report: figures, the stock table with aligned columns, …
        #expect(text.hasPrefix("Juice stock\n\nSteps: 2\nOrders: 2\nServed: 1\nFailed: 1\nFruit left: 39\n\n2 orders: 1 served, 1 failed.\n"))
        #expect(text.contains("""
               0  Opening stock                                                                   10         10           10       10       10
               1  Order 딸바쥬스  ✓ 딸바쥬스 나왔습니다! 맛있게 드세요!                        0 ▼10       9 ▼1           10       10       10
               2  Order 딸바쥬스  ✗ 재료가 모자라요. 재고를 수정할까요? (short: 🍓 딸기 10)        0          9           10       10       10
            """))
        #expect(text.contains("🍓 딸기 (strawberry)          10      0     ▼10            10\n"))
        #expect(text.contains("딸바쥬스 (strawberryBanana)  🍓 10 + 🍌 1       1       1               0\n"))
        // … but no screen-reader words and no download links.
        #expect(!text.contains("Made:") && !text.contains("Download"))
        let json = try JuiceScenarioRunner.run(yaml: yaml, name: "day.yml", format: .json)
        #expect(json.contains("\"message\": \"재료가 모자라요. 재고를 수정할까요?\""))
        #expect(json == (try JuiceScenarioRunner.run(yaml: yaml, name: "day.yml", format: .json)))
    }

    @Test func jsonKeysFollowFruitAndMenuOrderNotHashOrder() async throws {
        let report = try await JuiceReportKind().run(block(firstSession), context: context)
        let json = try file(report, "juice-1.json")
        let final = try #require(json.range(of: "\"finalStock\""))
        let fruits = ["strawberry", "banana", "pineapple", "kiwi", "mango"].compactMap {
            json.range(of: "\"\($0)\":", range: final.upperBound..<json.endIndex)?.lowerBound
        }
        #expect(fruits.count == 5 && fruits == fruits.sorted())
        let served = try #require(json.range(of: "\"served\""))
        let juices = ["strawberry", "banana", "kiwi", "pineapple", "strawberryBanana", "mango", "mangoKiwi"].compactMap {
            json.range(of: "\"\($0)\":", range: served.upperBound..<json.endIndex)?.lowerBound
        }
        #expect(juices.count == 7 && juices == juices.sorted())
    }

    @Test func scenarioTextIsDataNeverMarkup() async throws {
        let yaml = """
            recipes:
              "<b>x</b>": {name: "<script>alert(1)</script>", uses: {kiwi: 1}}
            steps:
              - order: "<b>x</b>"
            """
        let report = try await JuiceReportKind().run(block(yaml), context: context)
        #expect(!report.html.contains("<script>"))
        #expect(!report.html.contains("<b>x"))
        #expect(report.html.contains("&lt;script&gt;alert(1)&lt;/script&gt; 나왔습니다! 맛있게 드세요!"))
        #expect(!report.markdown.contains("<script>"))
        #expect(try file(report, "juice-1.csv").contains("1,order,<b>x</b>,true,<script>alert(1)</script> 나왔습니다! 맛있게 드세요!,10,10,10,9,10"))
    }
}
