import Basics
import Foundation
import OpenMarket
import ReportKit

/// `sitegen market`: options from the command line, and the catalogue as text, Markdown, JSON or CSV.
public enum MarketConsole {
    /// Options from command-line values; the errors name the flag.
    /// - Parameters:
    ///   - source: a products file, relative to the current folder.
    ///   - detailsFile: a details file for `source`.
    ///   - pages: `all` or a number.
    public static func options(
        source: String?, api: String?, itemsPerPage: Int, pages: String, search: String?, details: Bool,
        detailsFile: String?, sort: MarketSort = .api, stock: StockFilter = .all, currentDirectory: URL
    ) throws -> MarketOptions {
        var problems = DiagnosticCollector()
        var chosen: MarketOptions.Source?
        switch (source, api) {
        case (nil, nil): problems.add(Diagnostic("give --source FILE or --api URL"))
        case (_?, _?): problems.add(Diagnostic("give --source or --api, not both"))
        case (let file?, nil):
            chosen = problems.attempt { .file(try existingFile(file, flag: "--source", in: currentDirectory), shown: file) }
        case (nil, let address?):
            if HTML.safeHTTPURL(address) != nil, let url = URL(string: address), url.host?.isEmpty == false, url.query == nil {
                chosen = .api(url)
            } else {
                problems.add(Diagnostic("--api must be an http(s) URL without query, like https://market.example.com, got \"\(address)\""))
            }
        }
        var options = MarketOptions(source: chosen ?? .api(currentDirectory))
        if (1...1000).contains(itemsPerPage) {
            options.itemsPerPage = itemsPerPage
        } else {
            problems.add(Diagnostic("--items-per-page must be an integer from 1 to 1,000, got \(itemsPerPage)"))
        }
        if pages != "all" {
            if let count = Int(pages), (1...MarketOptions.maxPages).contains(count) {
                options.pages = count
            } else {
                problems.add(Diagnostic("--pages must be all or a number from 1 to \(MarketOptions.maxPages), got \"\(pages)\""))
            }
        }
        if let search, !search.trimmingCharacters(in: .whitespaces).isEmpty {
            options.search = search.trimmingCharacters(in: .whitespaces)
        }
        if let detailsFile {
            if api != nil { problems.add(Diagnostic("--details-file goes with --source; with --api use --details")) }
            if let url = problems.attempt({ try existingFile(detailsFile, flag: "--details-file", in: currentDirectory) }) {
                options.details = .file(url, shown: detailsFile)
            }
        } else if details {
            if source != nil { problems.add(Diagnostic("--details goes with --api; with --source use --details-file FILE")) }
            options.details = .fetch
        }
        options.sort = sort
        options.stock = stock
        try problems.check()
        return options
    }

    /// Loads the catalogue for the command line.
    /// - Parameters:
    ///   - offline: cached responses only; `refresh`: fetch again even when cached.
    ///   - timeout: seconds to wait for one response.
    ///   - imageRoot: the folder local image paths in a products file are relative to.
    public static func load(
        _ options: MarketOptions, cacheDirectory: URL, offline: Bool, refresh: Bool, timeout: Double, imageRoot: URL?,
        warn: @escaping @Sendable (String) -> Void
    ) async throws -> MarketCatalogue {
        // The URL typed on the command line is the user's own choice, whatever its address;
        // a redirect from it may still only lead to a public address.
        let network: NetworkPolicy = if case .api(let url) = options.source { .trusting(url) } else { .publicOnly }
        return try await MarketCatalogue.load(
            options, cacheDirectory: cacheDirectory, policy: offline ? .offline : (refresh ? .refresh : .normal),
            fetch: FetchOptions(timeout: timeout), imageRoot: imageRoot, network: network, warn: warn)
    }

    /// The catalogue as a report (its figures, note and product table) and its data as the
    /// page's JSON and CSV downloads.
    public static func report(_ catalogue: MarketCatalogue) -> CommandReport {
        let layout = MarketLayout(blockID: "market-1", primary: true, pageDepth: 0)
        return CommandReport(
            document: { MarketRenderer(catalogue: catalogue, layout: layout).consoleDocument() },
            json: { try MarketDocument(catalogue).json() }, csv: { try MarketCSV.document(catalogue) })
    }

    private static func existingFile(_ path: String, flag: String, in folder: URL) throws -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw Diagnostic("\(flag): no such file: \(path)")
        }
        return url
    }
}
