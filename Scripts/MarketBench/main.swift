import Foundation
import MarketReport
import OpenMarket
import ReportKit

// A generated catalogue (v2 list shape) of N products, with the exponent-form prices and both
// date forms of the real API, decoded, prepared and rendered ROUNDS times; the best round counts.
let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 10_000 : 10_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5

var json = "{\"pageNo\": 1, \"itemsPerPage\": \(count), \"totalCount\": \(count), \"lastPage\": 1, \"hasNext\": false, \"pages\": ["
for id in 1...count {
    let price = Double(1000 + (id * 7919) % 120_000)
    let discount = id % 5 == 0 ? 500.0 : 0.0
    if id > 1 { json += "," }
    json += """
        {"id": \(id), "vendor_id": \(id % 17), "vendorName": "vendor \(id % 17)", "name": "상품 <\(id)> & co",
         "description": "설명 \(id)", "thumbnail": "https://img.example/\(id).png", "currency": "\(id % 3 == 0 ? "USD" : "KRW")",
         "price": \(String(format: "%.6E", price)), "bargain_price": \(price - discount), "discounted_price": \(discount),
         "stock": \(id % 9), "created_at": "2024-0\(1 + id % 9)-1\(id % 10)T00:00:00\(id % 2 == 0 ? ".00" : "")",
         "issued_at": "2024-01-01T00:00:00"}
        """
}
json += "]}"
let data = Data(json.utf8)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("market-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
try data.write(to: folder.appendingPathComponent("products.json"))

func seconds(_ start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

var best = (decode: Double.infinity, load: Double.infinity, render: Double.infinity)
var pages = 0, bytes = 0
for _ in 0..<rounds {
    var start = ContinuousClock.now
    let list = try MarketDecoder.listPage(data, source: "bench")
    best.decode = min(best.decode, seconds(start))
    precondition(list.products.count == count)

    start = ContinuousClock.now
    let options = MarketOptions(
        source: .file(folder.appendingPathComponent("products.json"), shown: "products.json"), perPage: 20, sort: .newest)
    let catalogue = try await MarketCatalogue.load(
        options, cacheDirectory: folder, policy: .offline, imageRoot: folder, warn: { _ in })
    best.load = min(best.load, seconds(start))

    start = ContinuousClock.now
    let layout = MarketLayout(blockID: "market-1", primary: true, pageDepth: 2)
    let report = try MarketRenderer(catalogue: catalogue, layout: layout).report()
    best.render = min(best.render, seconds(start))
    pages = report.pages.count
    bytes = report.html.utf8.count + report.pages.reduce(0) { $0 + $1.html.utf8.count + $1.markdown.utf8.count }
        + report.files.reduce(0) { $0 + $1.contents.count }
}

func line(_ label: String, _ time: Double) -> String {
    "\(label): \(NumberText.fixed(time * 1000, places: 1)) ms (\(NumberText.grouped(Int(Double(count) / time))) products/s)"
}
print("market benchmark: \(NumberText.grouped(count)) products, \(NumberText.groupedFixed(Double(data.count) / 1_048_576, places: 1)) MB of JSON, best of \(rounds)")
print(line("decode list", best.decode))
print(line("load + prepare + sort (file)", best.load))
print(line("render report", best.render) + ", \(NumberText.grouped(pages)) extra pages, \(NumberText.groupedFixed(Double(bytes) / 1_048_576, places: 1)) MB")
