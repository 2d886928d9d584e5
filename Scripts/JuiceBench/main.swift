// Benchmark of the juice scenario: the domain run alone, then the whole `juice` block (parse, run,
// HTML, Markdown, CSV, JSON, SVG) for a random order stream of the largest size a block allows.
import Foundation
import JuiceMaker
import JuiceReport
import ReportKit

let arguments = CommandLine.arguments
let orders = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let big = 1_000_000_000
let scenario = JuiceScenario(
    stock: Dictionary(uniqueKeysWithValues: Fruit.allCases.map { ($0, big) }),
    random: RandomOrders(orders: orders, seed: 7)
)
var best = Double.infinity
for _ in 0..<rounds {
    let start = ContinuousClock.now
    let run = try scenario.run(seed: 7)
    best = min(best, seconds(ContinuousClock.now - start))
    precondition(run.steps.count == orders)
}
print("domain run: \(orders) orders, best of \(rounds): \(String(format: "%.3f", best)) s (\(String(format: "%.2f", Double(orders) / best / 1e6)) M orders/s)")

let yaml = "stock: {strawberry: 5000, banana: 3000, pineapple: 3000, kiwi: 3000, mango: 3000}\nrandom: {orders: \(orders), seed: 7}\n"
let block = ReportBlock(kind: "juice", source: yaml, pagePath: "juice/bench.md", line: 1, index: 0)
let context = ReportContext(contentDirectory: URL(fileURLWithPath: "."), cacheDirectory: URL(fileURLWithPath: "."))
var bestReport = Double.infinity
var report: Report?
for _ in 0..<rounds {
    let start = ContinuousClock.now
    report = try await JuiceReportKind().run(block, context: context)
    bestReport = min(bestReport, seconds(ContinuousClock.now - start))
}
if let report {
    let files = report.files.map { "\($0.name) \($0.contents.count / 1024) KiB" }.joined(separator: ", ")
    print("whole block: \(orders) orders, best of \(rounds): \(String(format: "%.3f", bestReport)) s; HTML \(report.html.utf8.count / 1024) KiB, Markdown \(report.markdown.utf8.count / 1024) KiB; \(files)")
}
