import DataReport
import Foundation
import FuzzDriver

/// A data file as a `table` block reads it: the bytes as CSV (separator found from the header)
/// and as JSON, every column kept, types inferred; then as CSV with two columns that must hold
/// numbers and dates.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("FuzzDataFile-\(getpid())")
    guard (try? Data(UnsafeBufferPointer(start: data, count: size)).write(to: file)) != nil else { return 0 }
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try? DataReader.read(file, shown: "fuzz.csv", format: .csv(separator: nil), request: DataRequest(everyColumn: true))
    _ = try? DataReader.read(file, shown: "fuzz.json", format: .json, request: DataRequest(everyColumn: true))
    if let header = try? DataReader.read(file, shown: "fuzz.csv", format: .csv(separator: nil), request: DataRequest(everyColumn: true)),
       header.columns.count >= 2 {
        let request = DataRequest(uses: [.init(header.columns[0].name, numbersFor: "y"), .init(header.columns[1].name, numbersFor: "x")],
                                  types: [header.columns[1].name: .init(.date)])
        _ = try? DataReader.read(file, shown: "fuzz.csv", format: .csv(separator: nil), request: request)
    }
    return 0
}

@_cdecl("FuzzDataFile_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
