import DataReport
import Foundation
import ReportKit

// Reads a CSV of N rows (written once into the work folder) the way a page's blocks do, and
// prints the time and the process's peak memory for each: a figure (two columns kept) and a
// table of every column (its downloads written too).
//
// Usage: DataBench WORK_FOLDER [ROWS (default 1000000)] [figure|table]

func peakMegabytes() -> Double {
    var usage = rusage()
    // RUSAGE_SELF is 0; Glibc imports it as an enum case the call does not take.
    getrusage(0, &usage)
    return Double(usage.ru_maxrss) / 1024
}

let arguments = CommandLine.arguments
let folder = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : ".")
let rows = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
let mode = arguments.count > 3 ? arguments[3] : "figure"
let file = folder.appendingPathComponent("sales-\(rows).csv")
if !FileManager.default.fileExists(atPath: file.path) {
    // day, branch, product, quantity, price, note: a quoted note with a comma every 7th row and a
    // line break every 101st; Korean product names.
    let products = ["망고", "키위", "딸기", "바나나", "Apple, red"]
    FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    var chunk = "\u{FEFF}day,branch,product,quantity,price,note\n"
    for row in 0..<rows {
        let day = CalendarDay(dayNumber: 19_723 + row % 366).text
        let product = products[row % products.count]
        let quoted = product.contains(",") ? "\"\(product)\"" : product
        let note = row % 101 == 0 ? "\"first line\nsecond line\"" : row % 7 == 0 ? "\"late, again\"" : ""
        chunk += "\(day),branch-\(row % 40),\(quoted),\(row % 13 + 1),\(1000 + (row * 37) % 9000).5,\(note)\n"
        if chunk.utf8.count > 1 << 20 {
            handle.write(Data(chunk.utf8))
            chunk = ""
        }
    }
    handle.write(Data(chunk.utf8))
    try handle.close()
}
let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
let before = peakMegabytes()
let start = Date()
let context = ReportContext(contentDirectory: folder, cacheDirectory: folder)
let source = "source: \(file.lastPathComponent)\n"
let report: Report
if mode == "table" {
    report = try await TableReportKind().run(ReportBlock(kind: "table", source: source, pagePath: "index.md", line: 1, index: 0), context: context)
} else {
    report = try await FigureReportKind().run(
        ReportBlock(kind: "figure", source: source + "value: quantity\nstat: sum\ndate: day\nperiod: month\ncompare: previous\n", pagePath: "index.md", line: 1, index: 0),
        context: context)
}
let seconds = Date().timeIntervalSince(start)
print(String(format: "%@: %d rows (%.0f MB of CSV) in %.2f s, peak memory %.0f MB (%.0f MB before reading); %@",
             mode, rows, Double(size) / 1_048_576, seconds, peakMegabytes(), before,
             report.headlines.joined(separator: " · ")))
